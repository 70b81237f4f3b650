package dev.citerag.pgvector.internal;

import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.WriteResult;
import dev.citerag.text.internal.Hashing;
import java.nio.ByteBuffer;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * One collection in PostgreSQL, assembled from its parts: {@link PgSchema} (schema and identity),
 * {@link PgWriter} (the write path) and {@link PgSearches} (the searches), over {@link Jdbc}.
 * Thread-safe; every operation borrows a connection from the {@link DataSource} and returns it.
 */
public final class PgCollection {
  private final Settings settings;
  private final PgSchema schema;
  private final PgWriter writer;
  private final PgSearches searches;
  private final Jdbc jdbc;
  private final @Nullable ReadRouter router;
  private final AtomicLong lastWrite;
  private final DataSource dataSource;
  private final int lockKey;
  // ingests of this store in this process; reentrant per thread
  private final ReentrantLock ingestThreads = new ReentrantLock(true);

  /** The metadata keys and when they were read; cleared by this collection's writes. */
  private final AtomicReference<@Nullable KeysSnapshot> keys = new AtomicReference<>();

  /** How long listed metadata keys are trusted when another process may have written. */
  static final long KEYS_TTL_NANOS = 60_000_000_000L;

  private record KeysSnapshot(java.util.Set<String> keys, long readAtNanos) {}

  private PgCollection(
      DataSource dataSource,
      Settings settings,
      List<DataSource> replicas,
      ReadRouter.@Nullable Routing routing) {
    this.settings = settings;
    this.dataSource = dataSource;
    Sql sql = new Sql(settings);
    Jdbc jdbc = new Jdbc(dataSource, settings);
    // the advisory-lock key of this collection: schema creation and document writes lock under it
    this.lockKey =
        ByteBuffer.wrap(Hashing.sha256("citerag", settings.schema(), settings.collection()))
            .getInt();
    this.schema = new PgSchema(dataSource, settings, sql, jdbc, lockKey);
    this.writer = new PgWriter(settings, sql, jdbc, lockKey);
    this.jdbc = jdbc;
    this.lastWrite = new AtomicLong();
    if (replicas.isEmpty() || routing == null) {
      this.router = null;
      this.searches = new PgSearches(settings, sql, jdbc);
    } else {
      this.router = ReadRouter.create(jdbc, replicas, routing);
      this.searches = new PgSearches(settings, sql, router);
    }
  }

  /**
   * Opens the collection: checks pgvector and the text search configuration, creates the schema
   * when asked to, and verifies that the stored vector column has the configured dimensions.
   */
  public static PgCollection open(DataSource dataSource, Settings settings) {
    return open(dataSource, settings, List.of(), null);
  }

  /**
   * Opens the collection on {@code dataSource} (the primary: schema, identity and writes) with
   * searches sent to {@code replicas} as {@code routing} says ({@link ReadRouter}).
   */
  public static PgCollection open(
      DataSource dataSource,
      Settings settings,
      List<DataSource> replicas,
      ReadRouter.@Nullable Routing routing) {
    PgCollection pc = new PgCollection(dataSource, settings, List.copyOf(replicas), routing);
    pc.schema.open();
    return pc;
  }

  /** {@return the replicas' names ({@code replica-1}, ...), empty when searches use the primary} */
  public List<String> replicaNames() {
    return router == null ? List.of() : router.replicaNames();
  }

  /**
   * Records the primary's WAL insert position after a committed write, so that {@link
   * #searchesAfterWrites()} can wait for it; nothing to do without replicas.
   */
  private void recordWrite() {
    keys.set(null);
    if (router == null) {
      return;
    }
    long lsn =
        jdbc.withConnection(
            "reading the WAL position",
            c -> {
              try (Statement s = c.createStatement();
                  ResultSet rs = s.executeQuery("SELECT pg_current_wal_insert_lsn()::text")) {
                rs.next();
                return Lsn.parse(rs.getString(1));
              }
            });
    lastWrite.accumulateAndGet(lsn, Math::max);
  }

  /**
   * Searches that see every write this collection object has committed so far: a replica answers
   * once it has replayed them (waiting within the routing bound), else the primary.
   */
  public PgCollection searchesAfterWrites() {
    if (router == null) {
      return this;
    }
    return new PgCollection(this, searches.on(router.atLeast(lastWrite.get())));
  }

  private PgCollection(PgCollection base, PgSearches searches) {
    this.settings = base.settings;
    this.schema = base.schema;
    this.writer = base.writer;
    this.jdbc = base.jdbc;
    this.router = base.router;
    this.lastWrite = base.lastWrite;
    this.dataSource = base.dataSource;
    this.lockKey = base.lockKey;
    this.searches = searches;
  }

  /** The collection's checked configuration. */
  public Settings settings() {
    return settings;
  }

  /**
   * See {@link dev.citerag.store.VectorStore#ensureIdentity}; the manifest row is inserted once,
   * then compared.
   */
  public void ensureIdentity(CollectionIdentity identity) {
    schema.ensureIdentity(identity);
  }

  /** See {@link dev.citerag.store.VectorStore#identity}. */
  public Optional<CollectionIdentity> identity() {
    return schema.identity();
  }

  /** See {@link dev.citerag.store.VectorStore#documentHashes}. */
  public Map<String, String> documentHashes(Collection<String> docIds) {
    return writer.documentHashes(docIds);
  }

  /** See {@link dev.citerag.store.VectorStore#write}: one transaction for the whole list. */
  public WriteResult write(List<DocumentChunks> documents) {
    WriteResult r = writer.write(documents);
    recordWrite();
    return r;
  }

  /** {@return the last HNSW build after a bulk load through this collection object, if any} */
  public Optional<BuildSizing.Build> lastIndexBuild() {
    return Optional.ofNullable(writer.lastBuild());
  }

  /** See {@link dev.citerag.store.VectorStore#deleteDocument}. */
  public boolean deleteDocument(String docId) {
    boolean deleted = writer.deleteDocument(docId);
    recordWrite();
    return deleted;
  }

  /**
   * Takes the collection's ingest lock, waiting at most {@code wait} (see {@link IngestLock}):
   * first a lock of this store in this process, reentrant for its thread (so an {@link
   * dev.citerag.ingest.Ingestor} run inside a caller's lock does not wait for itself), then the
   * advisory lock that holds across processes. The returned action releases both; idempotent.
   *
   * @throws dev.citerag.StoreException when another ingest holds it longer, or the database fails
   */
  public Runnable lockIngest(Duration wait) {
    long start = System.nanoTime();
    boolean local;
    try {
      local = ingestThreads.tryLock(wait.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new dev.citerag.StoreException(
          "citerag.pgvector: interrupted while waiting for the ingest lock of collection \""
              + settings.collection()
              + "\"",
          e);
    }
    if (!local) {
      throw new dev.citerag.StoreException(
          "citerag.pgvector: another ingest into collection \""
              + settings.collection()
              + "\" (schema \""
              + settings.schema()
              + "\") is running in this process and did not finish within "
              + wait.toMillis()
              + " ms; ingests of one collection run one at a time, try again when it is done",
          null);
    }
    AtomicBoolean open = new AtomicBoolean(true);
    if (ingestThreads.getHoldCount() > 1) {
      // this thread holds the lock already (an Ingestor inside a caller's lock): reentrant
      return () -> {
        if (open.compareAndSet(true, false)) {
          ingestThreads.unlock();
        }
      };
    }
    IngestLock held;
    try {
      Duration left = wait.minusNanos(System.nanoTime() - start);
      held =
          IngestLock.acquire(
              dataSource, lockKey, settings, left.isNegative() ? Duration.ZERO : left);
    } catch (RuntimeException e) {
      ingestThreads.unlock();
      throw e;
    }
    return () -> {
      if (open.compareAndSet(true, false)) {
        try {
          held.close();
        } finally {
          ingestThreads.unlock();
        }
      }
    };
  }

  /** See {@link dev.citerag.store.VectorStore#documentIds}. */
  public java.util.Set<String> documentIds() {
    return writer.documentIds();
  }

  /**
   * See {@link dev.citerag.store.SearchIndex#metadataKeys}: one scan of the chunk table, cached
   * until this collection writes or for {@link #KEYS_TTL_NANOS} (writes of other processes).
   */
  public java.util.Set<String> metadataKeys() {
    KeysSnapshot k = keys.get();
    long now = System.nanoTime();
    if (k == null || now - k.readAtNanos() > KEYS_TTL_NANOS) {
      k = new KeysSnapshot(writer.metadataKeys(), now);
      keys.set(k);
    }
    return k.keys();
  }

  /** See {@link dev.citerag.store.VectorStore#chunkCount}. */
  public long chunkCount() {
    return writer.chunkCount();
  }

  /**
   * See {@link dev.citerag.store.VectorStore#denseSearch}; re-run exactly when the index walk finds
   * fewer than k.
   */
  public List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter) {
    return searches.denseSearch(queryVector, k, filter);
  }

  /**
   * {@link #denseSearch}, with the server that answered, as {@link #hybridSearchServed} names it.
   */
  public Map.Entry<List<SearchHit>, String> denseSearchServed(
      float[] queryVector, int k, Filter filter) {
    Reads.Served<List<SearchHit>> s = searches.denseSearchServed(queryVector, k, filter);
    return Map.entry(s.value(), s.server());
  }

  /** See {@link dev.citerag.store.VectorStore#lexicalSearch}; a blank query finds nothing. */
  public List<SearchHit> lexicalSearch(String queryText, int k, Filter filter) {
    return searches.lexicalSearch(queryText, k, filter);
  }

  /** See {@link dev.citerag.store.VectorStore#hybridSearch}: one statement, fused in SQL. */
  public List<SearchHit> hybridSearch(float[] queryVector, String queryText, int k, Filter filter) {
    return searches.hybridSearch(queryVector, queryText, k, filter);
  }

  /**
   * {@link #hybridSearch}, with the server that answered: {@code primary} or a replica's name, and
   * the host and port of its connection URL in parentheses when the driver reports one.
   */
  public Map.Entry<List<SearchHit>, String> hybridSearchServed(
      float[] queryVector, String queryText, int k, Filter filter) {
    Reads.Served<List<SearchHit>> s =
        searches.hybridSearchServed(queryVector, queryText, k, filter);
    return Map.entry(s.value(), s.server());
  }

  /** Sets the cosine of each hit (e.g. lexical hits) from the stored vectors; order is kept. */
  public List<SearchHit> withCosines(float[] queryVector, List<SearchHit> hits) {
    return searches.withCosines(queryVector, hits);
  }
}
