package dev.citerag.testkit.fakes;

import dev.citerag.IdentityMismatchException;
import dev.citerag.StoreException;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.internal.Vectors;
import dev.citerag.internal.Checks;
import dev.citerag.store.Chunk;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import dev.citerag.store.VectorStore;
import dev.citerag.store.WriteResult;
import dev.citerag.store.internal.RankFusion;
import dev.citerag.text.internal.Hashing;
import dev.citerag.text.internal.LexicalAnalyzer;
import dev.citerag.text.internal.TokenEstimator;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A small, obviously correct {@link VectorStore} for tests: exact cosine over every chunk, a naive
 * lexical search (score = number of distinct question terms the chunk contains, {@link
 * LexicalAnalyzer} terms), hybrid search with cosines filled in for lexical hits, and a record of
 * every search. It can fail on purpose ({@link #failNextCall}) to test how callers handle store
 * errors. Not for production: every search scans everything.
 *
 * <pre>{@code
 * FakeVectorStore store = new FakeVectorStore(embedder.identity().dimensions());
 * store.addTexts(embedder, "rollbacks", Map.of("team", "platform"),
 *     "Run deployctl rollback --service <name> --to <sha> to roll back.");
 * }</pre>
 *
 * Thread-safe (every method is synchronized).
 */
public final class FakeVectorStore implements VectorStore {

  /**
   * One search the store received.
   *
   * @param kind {@code dense} or {@code lexical}
   * @param queryText the lexical query, or null for dense searches
   * @param k the requested number of hits
   * @param filter the filter
   * @param hits how many hits were returned
   */
  public record Search(String kind, @Nullable String queryText, int k, Filter filter, int hits) {}

  private final int dimensions;
  private @Nullable CollectionIdentity identity;
  private final Map<String, String> hashes = new LinkedHashMap<>();
  private final Map<String, List<EmbeddedChunk>> documents = new LinkedHashMap<>();
  private final List<Search> searches = new ArrayList<>();
  private @Nullable StoreException failNext;

  /**
   * An empty store.
   *
   * @param dimensions the vector length of every write and query
   * @throws IllegalArgumentException when {@code dimensions} is not positive
   */
  public FakeVectorStore(int dimensions) {
    this.dimensions = Checks.positive(dimensions, "dimensions");
  }

  /**
   * Embeds {@code texts} as chunks of document {@code docId} (one chunk per text, ids derived from
   * document id and text) and replaces that document's chunks with them.
   *
   * @param embedder embeds the texts; its dimensions must be the store's
   * @param docId the document the chunks belong to
   * @param metadata the chunks' metadata
   * @param texts one chunk per text
   * @return the stored chunks, in order
   * @throws IllegalArgumentException when a text is blank or the embedder's dimensions differ
   */
  public synchronized List<Chunk> addTexts(
      Embedder embedder, String docId, Map<String, String> metadata, String... texts) {
    Checks.notNull(embedder, "embedder");
    Checks.notBlank(docId, "docId");
    Map<String, MetadataValue> typed = MetadataValue.strings(metadata);
    if (embedder.identity().dimensions() != dimensions) {
      throw new IllegalArgumentException(
          "embedder dimensions ("
              + embedder.identity().dimensions()
              + ") must equal store dimensions ("
              + dimensions
              + ")");
    }
    List<Chunk> chunks = new ArrayList<>();
    List<DocumentText> toEmbed = new ArrayList<>();
    for (String t : texts) {
      Checks.notBlank(t, "text");
      chunks.add(
          new Chunk(
              Hashing.sha256Hex(docId, t).substring(0, 24),
              docId,
              docId,
              null,
              List.of(),
              null,
              t,
              TokenEstimator.estimate(t),
              Hashing.sha256Hex(t),
              typed));
      toEmbed.add(DocumentText.of(t));
    }
    List<float[]> vectors = embedder.embedDocuments(toEmbed);
    List<EmbeddedChunk> embedded = new ArrayList<>();
    for (int i = 0; i < chunks.size(); i++) {
      embedded.add(new EmbeddedChunk(chunks.get(i), vectors.get(i)));
    }
    write(
        List.of(
            new DocumentChunks(docId, Hashing.sha256Hex(String.join("\u0000", texts)), embedded)));
    return List.copyOf(chunks);
  }

  /**
   * Makes the next call of any store method throw {@code failure}, once.
   *
   * @param failure thrown by the next call
   * @return this store
   */
  public synchronized FakeVectorStore failNextCall(StoreException failure) {
    this.failNext = Checks.notNull(failure, "failure");
    return this;
  }

  /**
   * {@return every search so far, in order (a hybrid search records its dense and lexical parts)}
   */
  public synchronized List<Search> searches() {
    return List.copyOf(searches);
  }

  /** {@return every stored chunk, in write order} */
  public synchronized List<Chunk> chunks() {
    return documents.values().stream().flatMap(List::stream).map(EmbeddedChunk::chunk).toList();
  }

  @Override
  public int dimensions() {
    return dimensions;
  }

  @Override
  public synchronized void ensureIdentity(CollectionIdentity requested) {
    Checks.notNull(requested, "identity");
    maybeFail();
    if (requested.dimensions() != dimensions) {
      throw new IllegalArgumentException(
          "identity dimensions ("
              + requested.dimensions()
              + ") must equal store dimensions ("
              + dimensions
              + ")");
    }
    if (identity == null) {
      identity = requested;
    } else if (!identity.equals(requested)) {
      throw new IdentityMismatchException(
          "collection identity differs: " + identity.differencesFrom(requested));
    }
  }

  @Override
  public synchronized Optional<CollectionIdentity> identity() {
    return Optional.ofNullable(identity);
  }

  @Override
  public synchronized Map<String, String> documentHashes(Collection<String> docIds) {
    Checks.noNullElements(docIds, "docIds");
    maybeFail();
    Map<String, String> out = new HashMap<>();
    for (String id : docIds) {
      String h = hashes.get(id);
      if (h != null) {
        out.put(id, h);
      }
    }
    return out;
  }

  @Override
  public synchronized WriteResult write(List<DocumentChunks> docs) {
    Checks.noNullElements(docs, "documents");
    maybeFail();
    for (DocumentChunks d : docs) { // check everything first: a rejected write stores nothing
      for (EmbeddedChunk c : d.chunks()) {
        if (c.dimensions() != dimensions) {
          throw new IllegalArgumentException(
              "chunk "
                  + c.chunk().id()
                  + " has "
                  + c.dimensions()
                  + " dimensions, store expects "
                  + dimensions);
        }
      }
    }
    WriteResult total = WriteResult.EMPTY;
    for (DocumentChunks d : docs) {
      if (d.documentHash().equals(hashes.get(d.docId()))) {
        total = total.plus(new WriteResult(0, 1, 0, 0));
        continue;
      }
      List<EmbeddedChunk> old = documents.put(d.docId(), d.chunks());
      hashes.put(d.docId(), d.documentHash());
      Set<String> kept = new HashSet<>();
      d.chunks().forEach(c -> kept.add(c.chunk().id()));
      long stale =
          old == null ? 0 : old.stream().filter(c -> !kept.contains(c.chunk().id())).count();
      total = total.plus(new WriteResult(1, 0, d.chunks().size(), (int) stale));
    }
    return total;
  }

  @Override
  public synchronized Set<String> documentIds() {
    maybeFail();
    return Set.copyOf(hashes.keySet());
  }

  @Override
  public synchronized boolean deleteDocument(String docId) {
    Checks.notNull(docId, "docId");
    maybeFail();
    hashes.remove(docId);
    return documents.remove(docId) != null;
  }

  @Override
  public synchronized long chunkCount() {
    return documents.values().stream().mapToLong(List::size).sum();
  }

  @Override
  public synchronized Optional<Set<String>> metadataKeys() {
    Set<String> keys = new java.util.TreeSet<>();
    for (List<EmbeddedChunk> cs : documents.values()) {
      for (EmbeddedChunk c : cs) {
        keys.addAll(c.chunk().metadata().keySet());
      }
    }
    return Optional.of(java.util.Collections.unmodifiableSet(keys));
  }

  @Override
  public synchronized List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter) {
    checkQuery(queryVector, k, filter);
    maybeFail();
    List<EmbeddedChunk> all = passing(filter);
    Map<EmbeddedChunk, Double> cos = new HashMap<>();
    for (EmbeddedChunk c : all) {
      cos.put(c, Vectors.cosine(queryVector, c.vector()));
    }
    all.sort(
        Comparator.comparingDouble((EmbeddedChunk c) -> -Objects.requireNonNull(cos.get(c)))
            .thenComparing(c -> c.chunk().id()));
    List<SearchHit> out = new ArrayList<>();
    for (int i = 0; i < Math.min(k, all.size()); i++) {
      EmbeddedChunk c = all.get(i);
      out.add(new SearchHit(c.chunk(), cos.get(c), i + 1, null, 0, 0));
    }
    searches.add(new Search("dense", null, k, filter, out.size()));
    return out;
  }

  @Override
  public synchronized List<SearchHit> lexicalSearch(String queryText, int k, Filter filter) {
    Checks.notNull(queryText, "queryText");
    Checks.positive(k, "k");
    Checks.notNull(filter, "filter");
    maybeFail();
    Set<String> q = LexicalAnalyzer.distinctTerms(queryText);
    List<EmbeddedChunk> all = passing(filter);
    Map<EmbeddedChunk, Integer> score = new HashMap<>();
    for (EmbeddedChunk c : all) {
      Set<String> terms = LexicalAnalyzer.distinctTerms(c.chunk().text());
      int s = 0;
      for (String t : q) {
        if (terms.contains(t)) {
          s++;
        }
      }
      score.put(c, s);
    }
    all.removeIf(c -> score.getOrDefault(c, 0) == 0);
    all.sort(
        Comparator.comparingInt((EmbeddedChunk c) -> -score.getOrDefault(c, 0))
            .thenComparing(c -> c.chunk().id()));
    List<SearchHit> out = new ArrayList<>();
    for (int i = 0; i < Math.min(k, all.size()); i++) {
      EmbeddedChunk c = all.get(i);
      out.add(new SearchHit(c.chunk(), null, null, i + 1, score.getOrDefault(c, 0), 0));
    }
    searches.add(new Search("lexical", queryText, k, filter, out.size()));
    return out;
  }

  /**
   * The dense and lexical searches (both recorded), the lexical hits with their cosines, fused by
   * reciprocal rank fusion as {@link dev.citerag.store.SearchIndex#hybridSearch} describes.
   */
  @Override
  public synchronized List<SearchHit> hybridSearch(
      float[] queryVector, String queryText, int k, Filter filter) {
    int n = RankFusion.candidatesFor(k);
    List<SearchHit> dense = denseSearch(queryVector, n, filter);
    List<SearchHit> lexical = lexicalSearch(queryText, n, filter);
    return RankFusion.fuse(dense, withCosines(queryVector, lexical), k);
  }

  private List<SearchHit> withCosines(float[] queryVector, List<SearchHit> hits) {
    Map<String, EmbeddedChunk> byId = new HashMap<>();
    for (List<EmbeddedChunk> cs : documents.values()) {
      for (EmbeddedChunk c : cs) {
        byId.put(c.chunk().id(), c);
      }
    }
    List<SearchHit> out = new ArrayList<>(hits.size());
    for (SearchHit h : hits) {
      EmbeddedChunk c = byId.get(h.chunk().id());
      Double cos =
          h.cosine() != null
              ? h.cosine()
              : c == null ? null : Vectors.cosine(queryVector, c.vector());
      out.add(
          new SearchHit(
              h.chunk(), cos, h.denseRank(), h.lexicalRank(), h.lexicalScore(), h.fusedScore()));
    }
    return out;
  }

  private List<EmbeddedChunk> passing(Filter filter) {
    List<EmbeddedChunk> out = new ArrayList<>();
    for (List<EmbeddedChunk> cs : documents.values()) {
      for (EmbeddedChunk c : cs) {
        if (filter.test(c.chunk().metadata())) {
          out.add(c);
        }
      }
    }
    return out;
  }

  private void checkQuery(float[] v, int k, Filter filter) {
    Checks.finiteVector(v, "queryVector");
    if (v.length != dimensions) {
      throw new IllegalArgumentException(
          "queryVector must have " + dimensions + " dimensions, was " + v.length);
    }
    Checks.positive(k, "k");
    Checks.notNull(filter, "filter");
  }

  private void maybeFail() {
    StoreException f = failNext;
    failNext = null;
    if (f != null) {
      throw f;
    }
  }

  @Override
  public String toString() {
    return "FakeVectorStore[dimensions=" + dimensions + ", chunks=" + chunkCount() + "]";
  }
}
