package dev.citerag.store;

import dev.citerag.IdentityMismatchException;
import dev.citerag.StoreException;
import dev.citerag.embed.internal.Vectors;
import dev.citerag.internal.Checks;
import dev.citerag.store.internal.Bits;
import dev.citerag.store.internal.Bm25Index;
import dev.citerag.store.internal.DenseScan;
import dev.citerag.store.internal.FilterIndex;
import dev.citerag.store.internal.RankFusion;
import dev.citerag.store.internal.TopK;
import dev.citerag.store.internal.VectorBlocks;
import dev.citerag.text.TextAnalyzer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.jspecify.annotations.Nullable;

/**
 * A {@link VectorStore} in the heap: exact cosine search over one contiguous {@code float[]}, a
 * BM25 inverted index for lexical search, and metadata filters evaluated as bit sets before
 * ranking. Nothing is persisted; a new instance starts empty.
 *
 * <pre>{@code
 * VectorStore store = new InMemoryVectorStore(384);
 * store.ensureIdentity(ingestor.identity());
 * List<SearchHit> hits = store.hybridSearch(queryVector, "rollback window", 5, Filter.ALL);
 * }</pre>
 *
 * <p><b>Dense search</b> is exact: vectors are L2-normalised on write and the query on search, so
 * cosine is a dot product; a bounded min-heap keeps the top {@code k}. Ties go to the chunk written
 * first. Vectors are stored column-wise in blocks of 1,024 ({@link VectorBlocks}) so that the JIT
 * scores a whole block with SIMD instructions; cost is one pass over {@code n × d} floats per query
 * (about 150 MB for 100,000 × 384), so it suits collections up to a few hundred thousand chunks;
 * beyond that use an approximate index (pgvector's HNSW).
 *
 * <p><b>Lexical search</b> is Okapi BM25 (k1 = 1.2, b = 0.75) over the {@link TextAnalyzer#terms}
 * of the chunk's title and text (see {@link Bm25Index} for the exact formula); queries are analysed
 * with the same analyser, {@link TextAnalyzer#english()} unless the store was built with another
 * ({@link #InMemoryVectorStore(int, TextAnalyzer)}; {@link #textLanguage()} names it). Only chunks
 * matching at least one query term are returned; {@link SearchHit#lexicalScore()} is the BM25
 * score.
 *
 * <p><b>Hybrid search</b> runs both under one read lock, fills in the cosine of every lexical
 * candidate and fuses with {@link RankFusion#fuse}: the fusion of {@link #denseSearch} and {@link
 * #lexicalSearch} on a store that does not change in between, every hit with its cosine.
 *
 * <p><b>Filters</b> are evaluated from a per-key, per-value index of slots into a bit set before
 * ranking. A filtered dense search skips blocks with no passing chunk, scores a block with few
 * passing chunks row by row ({@link DenseScan}), and otherwise scores the whole block at SIMD speed
 * and offers only the passing chunks.
 *
 * <p><b>Concurrency:</b> a {@link ReentrantReadWriteLock}: searches run concurrently with each
 * other; a {@link #write} applies its whole batch under the write lock, so a reader sees every
 * document wholly before or wholly after. Embedding-vector copies and text analysis happen before
 * the lock is taken.
 *
 * <p><b>Deletes</b> leave tombstones that are compacted away (vectors moved down, indexes
 * renumbered) once at least {@value #COMPACT_MIN_DEAD} chunks and a quarter of the slots are dead,
 * or when nothing live remains; memory is released when the live part shrinks below a quarter of
 * the capacity.
 *
 * <p>Chunk ids are unique across the store: writing a chunk whose id belongs to another document
 * (which is not itself rewritten in the same batch) is rejected.
 */
public final class InMemoryVectorStore implements VectorStore, IngestLocking {

  /** Fewest dead slots that trigger a compaction (unless nothing live remains). */
  static final int COMPACT_MIN_DEAD = 64;

  private static final int INITIAL_SLOTS = 64;

  private final int dimensions;
  private final int maxSlots;
  private final TextAnalyzer analyzer;
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  // one ingest at a time (IngestLocking); fair, so waiting ingests go in arrival order
  private final ReentrantLock ingestLock = new ReentrantLock(true);

  // everything below is guarded by lock
  private @Nullable CollectionIdentity identity;
  private final VectorBlocks vectors;
  private @Nullable Chunk[] chunks;
  private int size;
  private int dead;
  private final Bits live = new Bits(INITIAL_SLOTS);
  private final Map<String, Doc> docs = new HashMap<>();
  private final Map<String, Integer> slotByChunkId = new HashMap<>();
  private final FilterIndex filters = new FilterIndex();
  private final Bm25Index lexical = new Bm25Index();

  private static final class Doc {
    final String hash;
    final int[] slots;

    Doc(String hash, int[] slots) {
      this.hash = hash;
      this.slots = slots;
    }
  }

  /** A document's chunks prepared outside the lock. */
  private static final class Prepared {
    final DocumentChunks doc;
    final float[] vectors;
    final Bm25Index.Analysed[] terms;

    Prepared(DocumentChunks doc, float[] vectors, Bm25Index.Analysed[] terms) {
      this.doc = doc;
      this.vectors = vectors;
      this.terms = terms;
    }
  }

  /**
   * An empty store for vectors of {@code dimensions} components.
   *
   * @param dimensions the vector length every write and query must have
   * @throws IllegalArgumentException when {@code dimensions} is not between 1 and 65,536
   */
  public InMemoryVectorStore(int dimensions) {
    this(dimensions, TextAnalyzer.english());
  }

  /**
   * An empty store for vectors of {@code dimensions} components whose full-text side (chunks and
   * queries alike) is analysed by {@code analyzer}.
   *
   * @param dimensions the vector length every write and query must have
   * @param analyzer the full-text analyser, e.g. {@link TextAnalyzer#english()}
   * @throws IllegalArgumentException when {@code dimensions} is not between 1 and 65,536 or {@code
   *     analyzer} is null
   */
  public InMemoryVectorStore(int dimensions, TextAnalyzer analyzer) {
    this.analyzer = Checks.notNull(analyzer, "analyzer");
    this.dimensions = Checks.inRange(dimensions, 1, 65_536, "dimensions");
    this.maxSlots = VectorBlocks.maxRows(dimensions);
    this.vectors = new VectorBlocks(dimensions);
    this.chunks = new Chunk[INITIAL_SLOTS];
  }

  @Override
  public int dimensions() {
    return dimensions;
  }

  /** {@return the language of the store's analyser, always present} */
  @Override
  public Optional<String> textLanguage() {
    return Optional.of(analyzer.language());
  }

  /**
   * @throws IllegalArgumentException when the identity's dimensions differ from the store's
   * @throws IdentityMismatchException when a different identity is already recorded
   */
  /**
   * {@inheritDoc}
   *
   * <p>A lock of this store in this process (a store lives in one process); reentrant for the
   * thread that holds it.
   */
  @Override
  public IngestLock lockIngest(Duration wait) {
    Checks.notNull(wait, "wait");
    if (wait.isNegative()) {
      throw new IllegalArgumentException("wait must be >= 0, was " + wait);
    }
    boolean held;
    try {
      held = ingestLock.tryLock(wait.toNanos(), TimeUnit.NANOSECONDS);
    } catch (ArithmeticException e) {
      ingestLock.lock();
      held = true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreException("interrupted while waiting for the ingest lock", e);
    }
    if (!held) {
      throw new StoreException(
          "another ingest of this in-memory collection held its ingest lock for longer than "
              + wait
              + "; ingests of one collection run one at a time",
          null);
    }
    java.util.concurrent.atomic.AtomicBoolean open =
        new java.util.concurrent.atomic.AtomicBoolean(true);
    return () -> {
      if (open.compareAndSet(true, false)) {
        ingestLock.unlock();
      }
    };
  }

  @Override
  public void ensureIdentity(CollectionIdentity requested) {
    Checks.notNull(requested, "identity");
    if (requested.dimensions() != dimensions) {
      throw new IllegalArgumentException(
          "identity.dimensions must equal the store's dimensions ("
              + dimensions
              + "), was "
              + requested.dimensions());
    }
    lock.writeLock().lock();
    try {
      if (identity == null) {
        identity = requested;
      } else if (!identity.equals(requested)) {
        throw new IdentityMismatchException(
            "collection identity differs from the recorded one: "
                + String.join("; ", identity.differencesFrom(requested))
                + ". Vectors of different models or chunker settings must not be mixed:"
                + " create a new collection and re-embed its documents.");
      }
    } finally {
      lock.writeLock().unlock();
    }
  }

  @Override
  public Optional<CollectionIdentity> identity() {
    lock.readLock().lock();
    try {
      return Optional.ofNullable(identity);
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public Map<String, String> documentHashes(Collection<String> docIds) {
    Checks.noNullElements(docIds, "docIds");
    Map<String, String> out = new LinkedHashMap<>();
    lock.readLock().lock();
    try {
      for (String id : docIds) {
        Doc d = docs.get(id);
        if (d != null) {
          out.put(id, d.hash);
        }
      }
    } finally {
      lock.readLock().unlock();
    }
    return out;
  }

  /**
   * Replaces each document's chunks; documents whose stored hash equals theirs are skipped.
   *
   * @throws IllegalArgumentException when a document id repeats in {@code documents}, a vector has
   *     the wrong dimensions, or a chunk id belongs to another document; nothing is written then
   * @throws StoreException when the store would exceed the largest Java array
   */
  @Override
  public WriteResult write(List<DocumentChunks> documents) {
    Checks.noNullElements(documents, "documents");
    Set<String> batchDocs = WriteChecks.batch(documents, dimensions);
    Map<String, String> stored = documentHashes(batchDocs);
    List<Prepared> prepared = new ArrayList<>();
    int skipped = 0;
    for (DocumentChunks d : documents) {
      if (d.documentHash().equals(stored.get(d.docId()))) {
        skipped++;
      } else {
        prepared.add(prepare(d));
      }
    }
    lock.writeLock().lock();
    try {
      List<Prepared> toWrite = new ArrayList<>(prepared.size());
      for (Prepared p : prepared) {
        Doc old = docs.get(p.doc.docId());
        if (old != null && old.hash.equals(p.doc.documentHash())) {
          skipped++; // written by a concurrent call meanwhile
        } else {
          toWrite.add(p);
        }
      }
      List<DocumentChunks> docsToWrite = new ArrayList<>(toWrite.size());
      for (Prepared p : toWrite) {
        docsToWrite.add(p.doc);
      }
      WriteChecks.chunkIds(docsToWrite, this::storedOwner);
      int newChunks = 0;
      for (Prepared p : toWrite) {
        newChunks += p.doc.chunks().size();
      }
      if ((long) size + newChunks > maxSlots) {
        throw new StoreException(
            "in-memory store is full: at most "
                + maxSlots
                + " chunks of "
                + dimensions
                + " dimensions fit",
            null);
      }
      int written = 0;
      int deleted = 0;
      for (Prepared p : toWrite) {
        Set<String> newIds = new HashSet<>();
        for (EmbeddedChunk c : p.doc.chunks()) {
          newIds.add(c.chunk().id());
        }
        Doc old = docs.remove(p.doc.docId());
        if (old != null) {
          for (int slot : old.slots) {
            Chunk c = chunks[slot];
            if (c != null && !newIds.contains(c.id())) {
              deleted++;
            }
            kill(slot);
          }
        }
        int[] slots = new int[p.doc.chunks().size()];
        for (int j = 0; j < slots.length; j++) {
          slots[j] = append(p.doc.chunks().get(j).chunk(), p.vectors, j * dimensions, p.terms[j]);
        }
        docs.put(p.doc.docId(), new Doc(p.doc.documentHash(), slots));
        written += slots.length;
      }
      maybeCompact();
      return new WriteResult(toWrite.size(), skipped, written, deleted);
    } finally {
      lock.writeLock().unlock();
    }
  }

  private Prepared prepare(DocumentChunks d) {
    List<EmbeddedChunk> cs = d.chunks();
    float[] flat = new float[cs.size() * dimensions];
    Bm25Index.Analysed[] terms = new Bm25Index.Analysed[cs.size()];
    float[] tmp = new float[dimensions];
    for (int j = 0; j < cs.size(); j++) {
      EmbeddedChunk ec = cs.get(j);
      ec.copyVectorTo(tmp, 0);
      float[] unit = Vectors.normalize(tmp);
      System.arraycopy(unit, 0, flat, j * dimensions, dimensions);
      terms[j] = Bm25Index.analyse(analyzer, lexicalText(ec.chunk()));
    }
    return new Prepared(d, flat, terms);
  }

  /** The text the lexical index sees: title (when known) and chunk text. */
  static String lexicalText(Chunk c) {
    return c.title() == null ? c.text() : c.title() + "\n" + c.text();
  }

  /** The document owning a stored chunk id, or null. */
  private @Nullable String storedOwner(String chunkId) {
    Integer slot = slotByChunkId.get(chunkId);
    Chunk existing = slot == null ? null : chunks[slot];
    return existing == null ? null : existing.docId();
  }

  private int append(Chunk chunk, float[] flat, int offset, Bm25Index.Analysed terms) {
    if (size == chunks.length) {
      int cap = (int) Math.min((long) chunks.length * 2, maxSlots);
      chunks = Arrays.copyOf(chunks, cap);
    }
    int slot = size++;
    vectors.set(slot, flat, offset);
    chunks[slot] = chunk;
    live.set(slot);
    filters.add(slot, chunk.metadata());
    lexical.add(slot, terms);
    slotByChunkId.put(chunk.id(), slot);
    return slot;
  }

  private void kill(int slot) {
    Chunk c = chunks[slot];
    if (c == null) {
      return;
    }
    slotByChunkId.remove(c.id(), slot);
    chunks[slot] = null;
    live.clear(slot);
    lexical.remove(slot);
    dead++;
  }

  private void maybeCompact() {
    boolean allDead = dead > 0 && dead == size;
    if (allDead || (dead >= COMPACT_MIN_DEAD && dead * 4L >= size)) {
      compact();
    }
  }

  private void compact() {
    int[] remap = new int[size];
    int w = 0;
    for (int old = 0; old < size; old++) {
      if (chunks[old] != null) {
        remap[old] = w;
        if (w != old) {
          vectors.move(old, w);
          chunks[w] = chunks[old];
        }
        w++;
      } else {
        remap[old] = -1;
      }
    }
    Arrays.fill(chunks, w, size, null);
    size = w;
    dead = 0;
    int cap = chunks.length;
    while (cap > INITIAL_SLOTS && size < cap / 4) {
      cap /= 2;
    }
    if (cap != chunks.length) {
      chunks = Arrays.copyOf(chunks, cap);
    }
    vectors.truncate(size);
    live.reset(cap);
    for (int i = 0; i < size; i++) {
      live.set(i);
    }
    for (Map.Entry<String, Doc> e : docs.entrySet()) {
      int[] slots = e.getValue().slots;
      for (int i = 0; i < slots.length; i++) {
        slots[i] = remap[slots[i]];
      }
    }
    slotByChunkId.clear();
    for (int i = 0; i < size; i++) {
      slotByChunkId.put(chunks[i].id(), i);
    }
    filters.compact(remap);
    lexical.compact(remap, size);
  }

  @Override
  public Set<String> documentIds() {
    lock.readLock().lock();
    try {
      return Set.copyOf(docs.keySet());
    } finally {
      lock.readLock().unlock();
    }
  }

  @Override
  public boolean deleteDocument(String docId) {
    Checks.notNull(docId, "docId");
    lock.writeLock().lock();
    try {
      Doc d = docs.remove(docId);
      if (d == null) {
        return false;
      }
      for (int slot : d.slots) {
        kill(slot);
      }
      maybeCompact();
      return true;
    } finally {
      lock.writeLock().unlock();
    }
  }

  @Override
  public long chunkCount() {
    lock.readLock().lock();
    try {
      return (long) size - dead;
    } finally {
      lock.readLock().unlock();
    }
  }

  /** {@inheritDoc} Computed from the filter index: no cache is needed. */
  @Override
  public Optional<Set<String>> metadataKeys() {
    lock.readLock().lock();
    try {
      return Optional.of(Collections.unmodifiableSet(filters.keys(live)));
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Slots in use, live and dead (for tests of compaction). */
  int slotsInUse() {
    lock.readLock().lock();
    try {
      return size;
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * @throws IllegalArgumentException when the vector is null, empty, has a non-finite component or
   *     the wrong dimensions, {@code k <= 0}, or the filter is null
   */
  @Override
  public List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter) {
    float[] q = prepareQuery(queryVector);
    Checks.positive(k, "k");
    Checks.notNull(filter, "filter");
    lock.readLock().lock();
    try {
      return dense(q, k, allowed(filter));
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * @throws IllegalArgumentException when the text or filter is null or {@code k <= 0}
   */
  @Override
  public List<SearchHit> lexicalSearch(String queryText, int k, Filter filter) {
    Checks.notNull(queryText, "queryText");
    Checks.positive(k, "k");
    Checks.notNull(filter, "filter");
    Set<String> terms = analyzer.distinctTerms(queryText);
    lock.readLock().lock();
    try {
      return lexical(terms, k, allowed(filter), null);
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Dense and lexical candidates ({@link RankFusion#candidatesFor} each) from one consistent view
   * of the store, the lexical ones with their cosine, fused by {@link RankFusion#fuse}.
   *
   * @throws IllegalArgumentException as {@link #denseSearch} and {@link #lexicalSearch}
   */
  @Override
  public List<SearchHit> hybridSearch(float[] queryVector, String queryText, int k, Filter filter) {
    float[] q = prepareQuery(queryVector);
    Checks.notNull(queryText, "queryText");
    Checks.positive(k, "k");
    Checks.notNull(filter, "filter");
    Set<String> terms = analyzer.distinctTerms(queryText);
    int n = RankFusion.candidatesFor(k);
    List<SearchHit> dense;
    List<SearchHit> lex;
    lock.readLock().lock();
    try {
      Bits allowed = allowed(filter);
      dense = dense(q, n, allowed);
      lex = lexical(terms, n, allowed, q);
    } finally {
      lock.readLock().unlock();
    }
    return RankFusion.fuse(dense, lex, k);
  }

  /**
   * Fills in the cosine of hits that lack one and whose chunk is still stored: what {@link
   * #hybridSearch} does for its lexical candidates, for tests that rebuild the fusion by hand.
   */
  List<SearchHit> withCosines(float[] queryVector, List<SearchHit> hits) {
    float[] q = prepareQuery(queryVector);
    Checks.noNullElements(hits, "hits");
    List<SearchHit> out = new ArrayList<>(hits.size());
    lock.readLock().lock();
    try {
      for (SearchHit h : hits) {
        Integer slot = h.cosine() == null ? slotByChunkId.get(h.chunk().id()) : null;
        if (slot == null) {
          out.add(h);
        } else {
          out.add(
              new SearchHit(
                  h.chunk(),
                  cosineAt(slot, q),
                  h.denseRank(),
                  h.lexicalRank(),
                  h.lexicalScore(),
                  h.fusedScore()));
        }
      }
    } finally {
      lock.readLock().unlock();
    }
    return out;
  }

  private float[] prepareQuery(float[] queryVector) {
    Checks.finiteVector(queryVector, "queryVector");
    if (queryVector.length != dimensions) {
      throw new IllegalArgumentException(
          "queryVector must have " + dimensions + " dimensions, was " + queryVector.length);
    }
    return Vectors.normalize(queryVector);
  }

  /**
   * Live slots passing the filter, or null for "every slot below size" (no filter, no tombstones).
   */
  private @Nullable Bits allowed(Filter filter) {
    Bits f = filters.evaluate(filter, size);
    if (f == null) {
      return dead == 0 ? null : live;
    }
    return f.and(live);
  }

  private double cosineAt(int slot, float[] q) {
    return vectors.dot(slot, q);
  }

  private List<SearchHit> dense(float[] q, int k, @Nullable Bits allowed) {
    final int n = size;
    // never allocate more than the store holds, whatever k a caller asks for
    TopK top = new TopK(Math.max(1, Math.min(k, n)));
    DenseScan.scan(vectors, q, n, allowed == null ? null : allowed.words(), top);
    int found = top.size();
    double[] scores = new double[found];
    int[] slots = new int[found];
    top.drainBestFirst(scores, slots);
    List<SearchHit> out = new ArrayList<>(found);
    for (int i = 0; i < found; i++) {
      out.add(new SearchHit(chunkAt(slots[i]), scores[i], i + 1, null, 0, RankFusion.term(i + 1)));
    }
    return out;
  }

  private List<SearchHit> lexical(
      Set<String> terms, int k, @Nullable Bits allowed, float @Nullable [] cosineQuery) {
    TopK top = new TopK(Math.max(1, Math.min(k, size)));
    lexical.search(terms, allowed == null ? live : allowed, size, top);
    int n = top.size();
    double[] scores = new double[n];
    int[] slots = new int[n];
    top.drainBestFirst(scores, slots);
    List<SearchHit> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Double cosine = cosineQuery == null ? null : cosineAt(slots[i], cosineQuery);
      out.add(
          new SearchHit(chunkAt(slots[i]), cosine, null, i + 1, scores[i], RankFusion.term(i + 1)));
    }
    return out;
  }

  private Chunk chunkAt(int slot) {
    Chunk c = chunks[slot];
    if (c == null) {
      throw new IllegalStateException("slot " + slot + " is not live");
    }
    return c;
  }

  @Override
  public String toString() {
    return "InMemoryVectorStore[dimensions=" + dimensions + ", chunks=" + chunkCount() + "]";
  }
}
