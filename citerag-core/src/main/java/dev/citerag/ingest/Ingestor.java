package dev.citerag.ingest;

import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.internal.Checks;
import dev.citerag.store.Chunk;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.VectorStore;
import dev.citerag.store.WriteResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * load → chunk → embed → store, idempotently. Unchanged documents (same {@link
 * Document#contentHash()}) are neither embedded nor written; a changed document has its chunks
 * replaced atomically by the store. Thread-safe; runs on the caller's thread.
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
  /** Chunks per store write into a non-empty store (documents are never split across writes). */
  static final int WRITE_BATCH_CHUNKS = 1024;

  private final Embedder embedder;
  private final VectorStore store;
  private final Chunker chunker;
  private final CollectionIdentity identity;

  private Ingestor(Builder b) {
    this.embedder = Checks.notNull(b.embedder, "embedder");
    this.store = Checks.notNull(b.store, "store");
    this.chunker = b.chunker != null ? b.chunker : new MarkdownChunker(ChunkerSettings.DEFAULT);
    int ed = embedder.identity().dimensions();
    if (ed != store.dimensions()) {
      throw new IllegalArgumentException(
          "embedder dimensions (" + ed + ") must equal store dimensions (" + store.dimensions() + ")");
    }
    this.identity = CollectionIdentity.of(embedder.identity(), chunker.settingsDescription());
  }

  public static Builder builder() {
    return new Builder();
  }

  public CollectionIdentity identity() {
    return identity;
  }

  public Chunker chunker() {
    return chunker;
  }

  public IngestReport ingest(List<Document> documents) {
    return ingest(documents, IngestListener.NONE);
  }

  public IngestReport ingest(List<Document> documents, IngestListener listener) {
    Checks.noNullElements(documents, "documents");
    Checks.notNull(listener, "listener");
    long start = System.nanoTime();
    Set<String> seen = new HashSet<>();
    for (Document d : documents) {
      if (!seen.add(d.id())) {
        throw new IllegalArgumentException("documents[].id must be unique, \"" + d.id() + "\" repeats");
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
      chunked.add(cs);
      chunksTotal += cs.size();
    }
    int docsDone = skipped;
    int chunksDone = 0;
    listener.onProgress(new IngestProgress(docsDone, documents.size(), 0, chunksTotal));

    // An initial load into an empty store goes in one write: a store can then bulk-load and build
    // its vector index once (pgvector's HNSW inserts row by row into an existing index, ~10x
    // slower). Otherwise documents are written in batches of about WRITE_BATCH_CHUNKS chunks.
    int batchChunks = store.chunkCount() == 0 ? Integer.MAX_VALUE : WRITE_BATCH_CHUNKS;
    WriteResult total = WriteResult.EMPTY;
    List<DocumentChunks> pending = new ArrayList<>();
    int pendingChunks = 0;
    int embeddedChunks = 0;
    for (int i = 0; i < changed.size(); i++) {
      Document d = changed.get(i);
      List<Chunk> cs = chunked.get(i);
      List<EmbeddedChunk> embedded = embed(d, cs);
      pending.add(new DocumentChunks(d.id(), changedHashes.get(i), embedded));
      pendingChunks += embedded.size();
      embeddedChunks += embedded.size();
      boolean last = i == changed.size() - 1;
      if (!last && batchChunks == Integer.MAX_VALUE && embedded.size() > 0) {
        listener.onProgress(new IngestProgress(docsDone, documents.size(), embeddedChunks, chunksTotal));
      }
      if (pendingChunks >= batchChunks || last) {
        total = total.plus(store.write(pending));
        docsDone += pending.size();
        chunksDone += pendingChunks;
        pending = new ArrayList<>();
        pendingChunks = 0;
        listener.onProgress(new IngestProgress(docsDone, documents.size(), chunksDone, chunksTotal));
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
              "embedder returned a vector of " + v.length + " dimensions, store expects " + store.dimensions());
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

    /** Required. */
    public Builder embedder(Embedder embedder) {
      this.embedder = Checks.notNull(embedder, "embedder");
      return this;
    }

    /** Required. */
    public Builder store(VectorStore store) {
      this.store = Checks.notNull(store, "store");
      return this;
    }

    /** Default: {@link MarkdownChunker} with {@link ChunkerSettings#DEFAULT}. */
    public Builder chunker(Chunker chunker) {
      this.chunker = Checks.notNull(chunker, "chunker");
      return this;
    }

    /**
     * Builds an immutable, thread-safe ingestor from this builder's settings.
     *
     * @throws IllegalArgumentException when embedder or store is missing, or their dimensions
     *     differ
     */
    public Ingestor build() {
      return new Ingestor(this);
    }
  }
}
