package dev.citerag.ingest;

import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.TokenCounter;
import dev.citerag.internal.Checks;
import dev.citerag.store.Chunk;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.IngestLock;
import dev.citerag.store.IngestLocking;
import dev.citerag.store.VectorStore;
import dev.citerag.store.WriteResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * load → chunk → embed → store, idempotently. Unchanged documents (same {@link
 * Document#contentHash()}) are neither embedded nor written; a changed document has its chunks
 * replaced atomically by the store. Thread-safe. Chunking and embedding run on the caller's thread;
 * when the store already holds chunks, writes are batched (about 1,024 chunks) and each batch is
 * written on a background thread while the next one is embedded (at most one write in flight). An
 * initial load into an empty store is one write after all embedding, so the store can bulk-load and
 * build its indexes once. The listener is always called on the caller's thread. When the store
 * offers {@link IngestLocking} (the in-memory and the PostgreSQL store do), every {@code ingest}
 * and {@code sync} holds the collection's ingest lock, so two of them on one collection (from any
 * thread, or, on PostgreSQL, any process) run one after the other; a second waits at most {@link
 * #INGEST_LOCK_WAIT}, then fails.
 *
 * <pre>{@code
 * Ingestor ingestor = Ingestor.builder().embedder(embedder).store(store).build();
 * IngestReport report = ingestor.ingest(documents, p -> System.err.println(p));
 * }</pre>
 */
public final class Ingestor {
  private static final Logger log = LoggerFactory.getLogger(Ingestor.class);

  /** Chunks per embedding call. */
  static final int EMBED_BATCH = 96;

  /**
   * How long an ingest waits for another ingest of the same collection when the store serialises
   * them ({@link IngestLocking}), before it fails naming the collection: 10 minutes.
   */
  public static final Duration INGEST_LOCK_WAIT = Duration.ofMinutes(10);

  /** Chunks per store write into a non-empty store (documents are never split across writes). */
  static final int WRITE_BATCH_CHUNKS = 1024;

  private final Embedder embedder;
  private final VectorStore store;
  private final Chunker chunker;
  private final @Nullable TokenCounter tokenCounter;
  private final CollectionIdentity identity;

  private Ingestor(Builder b) {
    this.embedder = Checks.notNull(b.embedder, "embedder");
    this.store = Checks.notNull(b.store, "store");
    this.tokenCounter = embedder instanceof TokenCounter tc ? tc : null;
    if (b.chunker != null) {
      this.chunker = b.chunker;
    } else if (tokenCounter != null) {
      this.chunker = new MarkdownChunker(ChunkerSettings.DEFAULT, tokenCounter);
    } else {
      this.chunker = new MarkdownChunker(ChunkerSettings.DEFAULT);
    }
    int ed = embedder.identity().dimensions();
    if (ed != store.dimensions()) {
      throw new IllegalArgumentException(
          "embedder dimensions ("
              + ed
              + ") must equal store dimensions ("
              + store.dimensions()
              + ")");
    }
    this.identity = CollectionIdentity.of(embedder.identity(), chunker.settingsDescription());
  }

  /** {@return a new builder; embedder and store are required} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * {@return the identity this ingestor writes under: the embedder's identity and the chunker's
   * {@link Chunker#settingsDescription()}; a store that holds another identity refuses the writes}
   */
  public CollectionIdentity identity() {
    return identity;
  }

  /** {@return the chunker in use: the one set on the builder, or the default} */
  public Chunker chunker() {
    return chunker;
  }

  /**
   * {@link #ingest(List, IngestListener)} without progress reports.
   *
   * @param documents the documents to add or update, ids unique
   * @return what was written and skipped
   * @throws IllegalArgumentException when the list or an element is null, two documents share an
   *     id, or a chunk has more tokens than the embedder accepts
   * @throws dev.citerag.IdentityMismatchException when the store holds vectors of another embedder
   *     or chunker
   * @throws dev.citerag.ProviderException when embedding fails after the embedder's retries
   * @throws dev.citerag.StoreException when the store fails
   */
  public IngestReport ingest(List<Document> documents) {
    return ingest(documents, IngestListener.NONE);
  }

  /**
   * Adds or updates {@code documents} in the store. A document whose {@link Document#contentHash()}
   * equals the stored one is skipped (neither embedded nor written); a new or changed one is
   * chunked, embedded and its chunks replace the stored ones atomically. Stored documents that are
   * not in the list are left alone (see {@link #sync} to remove them). Every chunk is checked
   * against the embedder's token limit before anything is embedded or written, so a refused run
   * writes nothing.
   *
   * <p>When a later step fails (embedding or a write), documents of batches already written stay
   * written; running the same call again resumes, since they are then unchanged.
   *
   * @param documents the documents to add or update, ids unique; an empty list writes nothing
   * @param listener called on the caller's thread after chunking and as documents are written
   * @return what was written and skipped, and the wall time
   * @throws IllegalArgumentException when the list, an element or the listener is null, two
   *     documents share an id, or a chunk has more tokens than the embedder accepts (the message
   *     names the document)
   * @throws dev.citerag.IdentityMismatchException when the store holds vectors of another embedder
   *     or chunker
   * @throws dev.citerag.ProviderException when embedding fails after the embedder's retries
   * @throws dev.citerag.StoreException when the store fails
   */
  public IngestReport ingest(List<Document> documents, IngestListener listener) {
    Checks.noNullElements(documents, "documents");
    Checks.notNull(listener, "listener");
    IngestLock lock = lockIngest();
    try {
      return ingestUnlocked(documents, listener);
    } finally {
      lock.close();
    }
  }

  /**
   * The store's ingest lock ({@link IngestLocking}), waited for at most {@link #INGEST_LOCK_WAIT};
   * a lock that holds nothing when the store has no such capability.
   */
  private IngestLock lockIngest() {
    return store instanceof IngestLocking l ? l.lockIngest(INGEST_LOCK_WAIT) : () -> {};
  }

  private IngestReport ingestUnlocked(List<Document> documents, IngestListener listener) {
    long start = System.nanoTime();
    Set<String> seen = new HashSet<>();
    for (Document d : documents) {
      if (!seen.add(d.id())) {
        throw new IllegalArgumentException(
            "documents[].id must be unique, \"" + d.id() + "\" repeats");
      }
    }
    store.ensureIdentity(identity);

    Map<String, String> stored = store.documentHashes(seen);
    List<Document> changed = new ArrayList<>();
    List<String> changedHashes = new ArrayList<>();
    for (Document d : documents) {
      String h = d.contentHash();
      if (!h.equals(stored.get(d.id()))) {
        changed.add(d);
        changedHashes.add(h);
      }
    }
    int skipped = documents.size() - changed.size();
    List<List<Chunk>> chunked = new ArrayList<>(changed.size());
    int chunksTotal = 0;
    for (Document d : changed) {
      List<Chunk> cs = chunker.chunk(d);
      checkTokenLimit(d, cs);
      chunked.add(cs);
      chunksTotal += cs.size();
    }
    Progress progress = new Progress(listener, documents.size(), chunksTotal, start);
    progress.documentsDone = skipped;
    progress.report();

    // An initial load into an empty store goes in one write: a store can then bulk-load and build
    // its vector index once (pgvector's HNSW inserts row by row into an existing index, ~10x
    // slower). Otherwise documents are written in batches of about WRITE_BATCH_CHUNKS chunks, each
    // on a writer thread while the next batch is embedded on this one.
    boolean bulk = store.chunkCount() == 0;
    WriteResult total = WriteResult.EMPTY;
    List<DocumentChunks> pending = new ArrayList<>();
    int pendingChunks = 0;
    int embeddedChunks = 0;
    if (bulk || changed.isEmpty()) {
      for (int i = 0; i < changed.size(); i++) {
        Document d = changed.get(i);
        List<EmbeddedChunk> embedded = embed(d, chunked.get(i));
        pending.add(new DocumentChunks(d.id(), changedHashes.get(i), embedded));
        embeddedChunks += embedded.size();
        if (i < changed.size() - 1 && embedded.size() > 0) {
          progress.chunksDone = embeddedChunks;
          progress.report();
        }
      }
      if (!pending.isEmpty()) {
        total = store.write(pending);
        progress.documentsDone += pending.size();
        progress.chunksDone = embeddedChunks;
        progress.report();
      }
    } else {
      try (Writer writer = new Writer(store)) {
        for (int i = 0; i < changed.size(); i++) {
          Document d = changed.get(i);
          List<EmbeddedChunk> embedded = embed(d, chunked.get(i));
          pending.add(new DocumentChunks(d.id(), changedHashes.get(i), embedded));
          pendingChunks += embedded.size();
          if (pendingChunks >= WRITE_BATCH_CHUNKS || i == changed.size() - 1) {
            total = total.plus(writer.awaitPrevious(progress)); // at most one batch in flight
            writer.submit(pending, pendingChunks);
            pending = new ArrayList<>();
            pendingChunks = 0;
          }
        }
        total = total.plus(writer.awaitPrevious(progress));
      }
    }
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
    IngestReport report =
        new IngestReport(
            total.documentsWritten(),
            skipped + total.documentsSkipped(),
            total.chunksWritten(),
            total.chunksDeleted(),
            elapsed);
    log.debug("citerag.ingest: {}", report);
    return report;
  }

  /**
   * Makes the store hold exactly {@code documents}: ingests them as {@link #ingest} does, then
   * removes every stored document whose id is not among them (each removal is atomic: a reader sees
   * the document whole or not at all). Use it when {@code documents} is the whole source, e.g.
   * every file of a folder: a file deleted from the folder stops being searchable. An empty list
   * empties the store.
   *
   * @param documents every document the store should hold, ids unique
   * @param listener progress of the ingest part, on the caller's thread
   * @return the report; {@link IngestReport#documentsRemoved()} counts the removed documents
   * @throws IllegalArgumentException as {@link #ingest(List, IngestListener)}
   * @throws dev.citerag.IdentityMismatchException when the store holds another identity
   * @throws dev.citerag.ProviderException when embedding fails after retries
   * @throws dev.citerag.StoreException when the store fails
   */
  public IngestReport sync(List<Document> documents, IngestListener listener) {
    Checks.noNullElements(documents, "documents");
    Checks.notNull(listener, "listener");
    IngestLock lock = lockIngest();
    try {
      return syncUnlocked(documents, listener);
    } finally {
      lock.close();
    }
  }

  private IngestReport syncUnlocked(List<Document> documents, IngestListener listener) {
    IngestReport written = ingestUnlocked(documents, listener);
    long start = System.nanoTime();
    Set<String> keep = new HashSet<>();
    for (Document d : documents) {
      keep.add(d.id());
    }
    List<String> gone = new ArrayList<>();
    for (String id : store.documentIds()) {
      if (!keep.contains(id)) {
        gone.add(id);
      }
    }
    java.util.Collections.sort(gone);
    int removed = 0;
    for (String id : gone) {
      if (store.deleteDocument(id)) {
        removed++;
      }
    }
    if (removed > 0) {
      log.debug("citerag.ingest: removed {} documents gone from the source", removed);
    }
    return new IngestReport(
        written.documentsWritten(),
        written.documentsSkipped(),
        written.chunksWritten(),
        written.chunksDeleted(),
        written.elapsed().plusNanos(System.nanoTime() - start),
        removed);
  }

  /**
   * {@link #sync(List, IngestListener)} without progress reports.
   *
   * @param documents every document the store should hold, ids unique
   * @return the report, with the removed documents counted
   * @throws IllegalArgumentException as {@link #ingest(List, IngestListener)}
   * @throws dev.citerag.IdentityMismatchException when the store holds another identity
   * @throws dev.citerag.ProviderException when embedding fails after retries
   * @throws dev.citerag.StoreException when the store fails
   */
  public IngestReport sync(List<Document> documents) {
    return sync(documents, IngestListener.NONE);
  }

  /** Refuses, before anything is written, a chunk longer than the embedder accepts. */
  private void checkTokenLimit(Document d, List<Chunk> chunks) {
    if (tokenCounter == null) {
      return;
    }
    int max = tokenCounter.maxTokens();
    for (int i = 0; i < chunks.size(); i++) {
      int n = tokenCounter.countTokens(chunks.get(i).text());
      if (n > max) {
        throw new IllegalArgumentException(
            "document \""
                + d.id()
                + "\": chunk "
                + i
                + " has "
                + n
                + " tokens, the embedder accepts at most "
                + max
                + " (text is never truncated): use a chunker with a smaller maxTokens, or the"
                + " default chunker, which follows the embedder's token count");
      }
    }
  }

  /** Progress counters, reported on the ingesting thread. */
  private static final class Progress {
    final IngestListener listener;
    final int documentsTotal;
    final int chunksTotal;
    final long start;
    int documentsDone;
    int chunksDone;

    Progress(IngestListener listener, int documentsTotal, int chunksTotal, long start) {
      this.listener = listener;
      this.documentsTotal = documentsTotal;
      this.chunksTotal = chunksTotal;
      this.start = start;
    }

    void report() {
      listener.onProgress(
          new IngestProgress(
              documentsDone,
              documentsTotal,
              chunksDone,
              chunksTotal,
              Duration.ofNanos(System.nanoTime() - start)));
    }
  }

  /**
   * Writes batches on one background thread, at most one in flight, so that the next batch is
   * embedded while the previous one is written. Closing waits for a write still in flight (a write
   * is never abandoned half way), then stops the thread.
   */
  private static final class Writer implements AutoCloseable {
    private final VectorStore store;
    private final ExecutorService thread;
    private @Nullable Future<WriteResult> inFlight;
    private int inFlightDocuments;
    private int inFlightChunks;

    Writer(VectorStore store) {
      this.store = store;
      this.thread =
          Executors.newSingleThreadExecutor(
              r -> {
                Thread t = new Thread(r, "citerag-ingest-writer");
                t.setDaemon(true);
                return t;
              });
    }

    void submit(List<DocumentChunks> batch, int chunks) {
      inFlight = thread.submit(() -> store.write(batch));
      inFlightDocuments = batch.size();
      inFlightChunks = chunks;
    }

    /** Waits for the batch in flight, if any, and counts it as done. */
    WriteResult awaitPrevious(Progress progress) {
      Future<WriteResult> f = inFlight;
      if (f == null) {
        return WriteResult.EMPTY;
      }
      inFlight = null;
      WriteResult r = await(f);
      progress.documentsDone += inFlightDocuments;
      progress.chunksDone += inFlightChunks;
      progress.report();
      return r;
    }

    private static WriteResult await(Future<WriteResult> f) {
      boolean interrupted = false;
      try {
        while (true) {
          try {
            return f.get();
          } catch (InterruptedException e) {
            interrupted = true; // the write goes on: wait for it rather than leave it half done
          } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException re) {
              throw re;
            }
            if (c instanceof Error err) {
              throw err;
            }
            throw new IllegalStateException("store write failed", c);
          }
        }
      } finally {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
    }

    @Override
    public void close() {
      try {
        Future<WriteResult> f = inFlight;
        if (f != null) {
          inFlight = null;
          try {
            await(f);
          } catch (RuntimeException | Error e) {
            // the failure that ended the run is already on its way up; this one is secondary
            log.debug("citerag.ingest: write in flight failed while stopping: {}", e.toString());
          }
        }
      } finally {
        thread.shutdown();
      }
    }
  }

  private List<EmbeddedChunk> embed(Document d, List<Chunk> chunks) {
    List<EmbeddedChunk> out = new ArrayList<>(chunks.size());
    for (int from = 0; from < chunks.size(); from += EMBED_BATCH) {
      List<Chunk> part = chunks.subList(from, Math.min(chunks.size(), from + EMBED_BATCH));
      List<DocumentText> texts = new ArrayList<>(part.size());
      for (Chunk c : part) {
        texts.add(new DocumentText(c.text(), d.title()));
      }
      List<float[]> vectors = embedder.embedDocuments(texts);
      if (vectors.size() != part.size()) {
        throw new IllegalStateException(
            "embedder returned " + vectors.size() + " vectors for " + part.size() + " texts");
      }
      for (int i = 0; i < part.size(); i++) {
        float[] v = vectors.get(i);
        if (v.length != store.dimensions()) {
          throw new IllegalStateException(
              "embedder returned a vector of "
                  + v.length
                  + " dimensions, store expects "
                  + store.dimensions());
        }
        out.add(new EmbeddedChunk(part.get(i), v));
      }
    }
    return out;
  }

  /** Builds an {@link Ingestor}. */
  public static final class Builder {
    private @Nullable Embedder embedder;
    private @Nullable VectorStore store;
    private @Nullable Chunker chunker;

    private Builder() {}

    /**
     * Sets the embedder (required). Its dimensions must equal the store's.
     *
     * @param embedder makes the chunk vectors; when it is also a {@link TokenCounter}, chunks are
     *     sized and checked by its token count
     * @return this builder
     * @throws IllegalArgumentException when {@code embedder} is null
     */
    public Builder embedder(Embedder embedder) {
      this.embedder = Checks.notNull(embedder, "embedder");
      return this;
    }

    /**
     * Sets the store the chunks are written to (required).
     *
     * @param store the target collection
     * @return this builder
     * @throws IllegalArgumentException when {@code store} is null
     */
    public Builder store(VectorStore store) {
      this.store = Checks.notNull(store, "store");
      return this;
    }

    /**
     * Default: {@link MarkdownChunker} with {@link ChunkerSettings#DEFAULT}, which also follows the
     * embedder's real token count when the embedder is a {@link TokenCounter}.
     *
     * @param chunker splits documents into chunks
     * @return this builder
     * @throws IllegalArgumentException when {@code chunker} is null
     */
    public Builder chunker(Chunker chunker) {
      this.chunker = Checks.notNull(chunker, "chunker");
      return this;
    }

    /**
     * Builds an immutable, thread-safe ingestor from this builder's settings.
     *
     * @return the ingestor
     * @throws IllegalArgumentException when embedder or store is missing, or their dimensions
     *     differ
     */
    public Ingestor build() {
      return new Ingestor(this);
    }
  }
}
