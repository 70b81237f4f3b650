package dev.citerag.pgvector;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.citerag.StoreException;
import dev.citerag.internal.Checks;
import dev.citerag.internal.Redact;
import dev.citerag.pgvector.internal.Identifiers;
import dev.citerag.pgvector.internal.PgCollection;
import dev.citerag.pgvector.internal.PgUrl;
import dev.citerag.pgvector.internal.ReadRouter;
import dev.citerag.pgvector.internal.Settings;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.Filter;
import dev.citerag.store.IngestLocking;
import dev.citerag.store.SearchHit;
import dev.citerag.store.SearchIndex;
import dev.citerag.store.ServedHits;
import dev.citerag.store.VectorStore;
import dev.citerag.store.WriteResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link VectorStore} on PostgreSQL with the pgvector extension, over plain JDBC.
 *
 * <pre>{@code
 * try (PgVectorStore store = PgVectorStore.builder()
 *     .jdbcUrl("jdbc:postgresql://localhost:5432/app")
 *     .username("app").password(System.getenv("DB_PASSWORD"))
 *     .collection("handbook")
 *     .dimensions(768)
 *     .build()) {
 *   store.ensureIdentity(identity);
 *   store.write(documents);
 *   List<SearchHit> hits = store.hybridSearch(queryVector, "rotation period for API keys", 5, Filter.ALL);
 * }
 * }</pre>
 *
 * <h2>Tables</h2>
 *
 * A collection {@code c} in schema {@code s} (default {@code public}) is the table {@code
 * s.c_chunks} (one row per chunk: id, doc_id, source, title, heading_path, page, content,
 * content_hash, token_count, metadata jsonb, embedding {@code vector(d)}, a generated {@code
 * tsvector} of title and content, timestamps) with an HNSW index ({@code vector_cosine_ops}; {@code
 * halfvec_cosine_ops} on a {@code halfvec} cast above 2,000 dimensions), a GIN index on the
 * tsvector, a GIN {@code jsonb_path_ops} index on the metadata and a btree on doc_id; plus {@code
 * s.c_documents} (doc_id, content_hash, chunk_count) and the shared manifest {@code
 * s.citerag_collections} holding each collection's embedding identity. {@link Builder#build()}
 * creates what is missing (idempotently, under an advisory lock) unless {@link
 * Builder#createSchema(boolean) createSchema(false)}.
 *
 * <p>Row layout: the vector is stored PLAIN, so an exact scan never de-TOASTs it (EXTERNAL above
 * 1,800 dimensions, which cannot share a page with the rest of the row); the tsvector, metadata and
 * the other small columns are MAIN, so ranking and filtering read them from the row; only the text
 * goes out of line, and is read for the rows returned.
 *
 * <h2>Writes</h2>
 *
 * {@link #write} is one transaction per call: all of its documents are written, or none. Per
 * document, writers are serialised by advisory locks; a document whose stored hash equals the new
 * one is skipped; otherwise exactly its stale chunk ids are deleted, its new or changed chunks are
 * streamed in with {@code COPY ... FROM STDIN (FORMAT BINARY)}, and its documents row is updated.
 * When a write brings at least 1,000 new chunks into an <em>empty</em> collection, the HNSW,
 * full-text, metadata and doc_id indexes are dropped and built after the load inside the same
 * transaction (building the HNSW graph once is several times faster than inserting row by row into
 * it; the others are sorted bulk builds); readers of that still-empty collection wait for the
 * transaction instead of seeing an empty result. Later writes maintain the index row by row, which
 * costs pgvector a few milliseconds per chunk: load a large corpus in big writes.
 *
 * <h2>Searches</h2>
 *
 * Every search runs in a short transaction whose settings ({@code hnsw.ef_search}, iterative index
 * scans in {@code relaxed_order}, generic plans) are local to it. A filter is always part of the
 * SQL, so a chunk outside it is never returned. A filtered dense search is exact when few rows
 * match: at most {@code sqrt(3 · w · rows)}, at least 2,000, where {@code w} is the number of
 * matching rows a walk would collect and {@code rows} the table's row estimate (counted through the
 * metadata index; the decision is remembered per filter for 30 seconds). Otherwise it walks the
 * HNSW index with iterative scanning until {@code w} rows pass the filter (4 × {@code k}, at most
 * {@code ef_search}, at least {@code k}) and keeps the nearest {@code k} by exact distance; if the
 * walk yields fewer than {@code k} rows, it is re-run exactly. {@link #hybridSearch} does dense and
 * lexical retrieval and reciprocal rank fusion in one statement.
 *
 * <p>Lexical search matches any of the query's lexemes ({@code to_tsvector} of the query under the
 * collection's text search configuration, OR-ed) and ranks by {@code ts_rank_cd}. Once the table
 * has statistics ({@code ANALYZE}, or autovacuum), lexemes are taken rarest first while they select
 * at most about 2,000 chunks: a lexeme found in most chunks (a corpus-specific stop word) then
 * ranks only the chunks rarer lexemes find, instead of making every chunk a candidate. A query of
 * only such lexemes ranks at most 10,000 of the chunks containing its rarest one.
 *
 * <p>Measured on this project's 2-core machine with 100,000 chunks of 384 dimensions (clustered
 * data): top-5 hybrid p50 about 5 ms with {@code efSearch(100)} at recall@5 0.999 against exact
 * fusion; see the benchmark {@code dev.citerag.bench.pgvector.PgVectorBenchmark}.
 *
 * <h2>Left out</h2>
 *
 * No IVFFlat (HNSW only), no per-query {@code ef_search} argument (the port has none; build a
 * second store on the same collection with another {@link Builder#efSearch}), no automatic {@code
 * ANALYZE} after writes (autovacuum does it), and the {@code vector} extension must be on the
 * connection's {@code search_path}.
 *
 * <p>Thread-safe. {@link #close()} closes the pool the store built from {@link Builder#jdbcUrl}; a
 * {@link Builder#dataSource DataSource} handed in is never closed.
 */
public final class PgVectorStore implements VectorStore, IngestLocking, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(PgVectorStore.class);

  private final PgCollection collection;
  private final @Nullable HikariDataSource ownedPool;
  private final String description;
  private volatile boolean closed;

  private PgVectorStore(
      PgCollection collection, @Nullable HikariDataSource ownedPool, String description) {
    this.collection = collection;
    this.ownedPool = ownedPool;
    this.description = description;
  }

  /**
   * {@return a new builder; {@code collection}, {@code dimensions} and a data source or JDBC URL
   * are required}
   */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public int dimensions() {
    return collection.settings().dimensions();
  }

  /** {@return the collection's text-search configuration, e.g. {@code english}} */
  @Override
  public Optional<String> textLanguage() {
    return Optional.of(collection.settings().textSearchConfig());
  }

  /** {@return the collection's name, as given to the builder} */
  public String collection() {
    return collection.settings().collection();
  }

  /** {@return the schema holding the collection's tables} */
  public String schema() {
    return collection.settings().schema();
  }

  @Override
  public void ensureIdentity(CollectionIdentity identity) {
    open().ensureIdentity(identity);
  }

  @Override
  public Optional<CollectionIdentity> identity() {
    return open().identity();
  }

  @Override
  public Map<String, String> documentHashes(Collection<String> docIds) {
    return open().documentHashes(docIds);
  }

  @Override
  public WriteResult write(List<DocumentChunks> documents) {
    return open().write(documents);
  }

  @Override
  public boolean deleteDocument(String docId) {
    return open().deleteDocument(docId);
  }

  @Override
  public java.util.Set<String> documentIds() {
    return open().documentIds();
  }

  @Override
  public long chunkCount() {
    return open().chunkCount();
  }

  /**
   * {@inheritDoc} Listed by one scan of the chunk table ({@code jsonb_object_keys}), cached until
   * this store writes or for a minute (writes of other processes).
   */
  @Override
  public Optional<java.util.Set<String>> metadataKeys() {
    return Optional.of(open().metadataKeys());
  }

  @Override
  public List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter) {
    return open().denseSearch(queryVector, k, filter);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Here the server is named as by {@link #hybridSearchServed}.
   */
  @Override
  public ServedHits denseSearchServed(float[] queryVector, int k, Filter filter) {
    Map.Entry<List<SearchHit>, String> r = open().denseSearchServed(queryVector, k, filter);
    return new ServedHits(r.getKey(), r.getValue());
  }

  @Override
  public List<SearchHit> lexicalSearch(String queryText, int k, Filter filter) {
    return open().lexicalSearch(queryText, k, filter);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Here one SQL round trip: dense and lexical top-N, fused by reciprocal rank fusion in SQL.
   */
  @Override
  public List<SearchHit> hybridSearch(float[] queryVector, String queryText, int k, Filter filter) {
    return open().hybridSearch(queryVector, queryText, k, filter);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Here the server is {@code primary} or the replica's name ({@link Builder#readReplica}:
   * {@code replica-1}, ...), followed by the host and port of the connection's URL in parentheses
   * (never its user or password), e.g. {@code replica-1 (10.0.0.7:5432)}.
   */
  @Override
  public ServedHits hybridSearchServed(
      float[] queryVector, String queryText, int k, Filter filter) {
    Map.Entry<List<SearchHit>, String> r =
        open().hybridSearchServed(queryVector, queryText, k, filter);
    return new ServedHits(r.getKey(), r.getValue());
  }

  /**
   * Searches that see every write this store has committed so far (read your writes): a replica
   * answers once it has replayed them, waiting up to {@link Builder#readYourWritesWait}, else the
   * next replica or the primary. Without replicas, this store itself. The view does not follow
   * later writes: take a new one after the next write.
   *
   * <pre>{@code
   * store.write(docs);
   * List<SearchHit> hits = store.afterWrites().hybridSearch(vector, question, 5, Filter.ALL);
   * }</pre>
   *
   * @return a search index over the same collection
   * @throws IllegalStateException when the store is closed
   */
  public SearchIndex afterWrites() {
    PgCollection view = open().searchesAfterWrites();
    if (view == collection) {
      return this;
    }
    return new AfterWrites(this, view);
  }

  /**
   * {@return the sizing and duration of the last HNSW build this store ran after a bulk load into
   * an empty collection; empty when it has run none}
   */
  public Optional<IndexBuild> lastIndexBuild() {
    return open()
        .lastIndexBuild()
        .map(
            b ->
                new IndexBuild(
                    b.plan().rows(),
                    b.plan().estimatedGraphKb() * 1024,
                    b.plan().ceilingKb() * 1024,
                    b.plan().maintenanceWorkMemKb() * 1024,
                    b.plan().workers(),
                    Duration.ofMillis(b.millis())));
  }

  /**
   * An HNSW index build after a bulk load: what it was given (as the server reported the settings
   * back inside the build's transaction) and how long it took.
   *
   * @param rows the rows indexed
   * @param estimatedGraphBytes the graph's estimated memory
   * @param memoryCeilingBytes the ceiling that applied ({@link Builder#indexBuildMemoryCeiling})
   * @param maintenanceWorkMemBytes the {@code maintenance_work_mem} the build ran with
   * @param workers the {@code max_parallel_maintenance_workers} the build ran with
   * @param duration how long the {@code CREATE INDEX} took
   */
  public record IndexBuild(
      long rows,
      long estimatedGraphBytes,
      long memoryCeilingBytes,
      long maintenanceWorkMemBytes,
      int workers,
      Duration duration) {

    /** {@return whether the estimated graph fitted in the memory given} */
    public boolean graphFits() {
      return estimatedGraphBytes <= maintenanceWorkMemBytes;
    }
  }

  /**
   * {@return the server that answered the calling thread's last search on a {@code PgVectorStore}:
   * {@code "primary"} or a replica's name ({@code "replica-1"} for the first {@link
   * Builder#readReplica}); empty before the first search of a store with replicas}
   *
   * @deprecated a per-thread value that another store's search on the same thread overwrites; use
   *     {@link #hybridSearchServed}, whose result names the server of that very search (the
   *     pipeline's trace records it as {@code searchServer})
   */
  @Deprecated
  @SuppressWarnings("InlineMeSuggester") // the internal router is not callers' API
  public static Optional<String> lastSearchServer() {
    return Optional.ofNullable(ReadRouter.lastServer());
  }

  /** A read-your-writes view: the store's identity, searches at or after its last write. */
  private static final class AfterWrites implements SearchIndex {
    private final PgVectorStore store;
    private final PgCollection view;

    AfterWrites(PgVectorStore store, PgCollection view) {
      this.store = store;
      this.view = view;
    }

    @Override
    public int dimensions() {
      return store.dimensions();
    }

    @Override
    public Optional<CollectionIdentity> identity() {
      return store.identity();
    }

    @Override
    public List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter) {
      store.open();
      return view.denseSearch(queryVector, k, filter);
    }

    @Override
    public ServedHits denseSearchServed(float[] queryVector, int k, Filter filter) {
      store.open();
      Map.Entry<List<SearchHit>, String> r = view.denseSearchServed(queryVector, k, filter);
      return new ServedHits(r.getKey(), r.getValue());
    }

    @Override
    public List<SearchHit> lexicalSearch(String queryText, int k, Filter filter) {
      store.open();
      return view.lexicalSearch(queryText, k, filter);
    }

    @Override
    public List<SearchHit> hybridSearch(
        float[] queryVector, String queryText, int k, Filter filter) {
      store.open();
      return view.hybridSearch(queryVector, queryText, k, filter);
    }

    @Override
    public ServedHits hybridSearchServed(
        float[] queryVector, String queryText, int k, Filter filter) {
      store.open();
      Map.Entry<List<SearchHit>, String> r =
          view.hybridSearchServed(queryVector, queryText, k, filter);
      return new ServedHits(r.getKey(), r.getValue());
    }

    @Override
    public String toString() {
      return store + ".afterWrites()";
    }
  }

  /**
   * Fills in every hit's cosine from the stored vectors, in one query: for tests that rebuild
   * {@link #hybridSearch}'s fusion from the separate searches.
   */
  List<SearchHit> withCosines(float[] queryVector, List<SearchHit> hits) {
    return open().withCosines(queryVector, hits);
  }

  /**
   * Makes the caller the collection's only ingest until the returned lock is closed. Ingests that
   * also remove what is gone from their source ({@link dev.citerag.ingest.Ingestor#sync}) must not
   * run side by side on one collection: each would remove the documents the other just wrote. An
   * {@link dev.citerag.ingest.Ingestor} takes this lock itself around every ingest and sync; take
   * it yourself around other writes, or around several ingests that must run as one (it is
   * reentrant for the thread holding it). A second one, from this process or another, waits for the
   * first. The lock is a PostgreSQL session advisory lock held on one connection of the pool; it
   * ends with the session if the process dies.
   *
   * <pre>{@code
   * try (PgVectorStore.IngestLock lock = store.lockIngest(Duration.ofMinutes(10))) {
   *   ingestor.sync(documents);
   * }
   * }</pre>
   *
   * @param wait how long to wait while another ingest holds the lock; zero to fail at once
   * @return the lock; close it when the ingest is done
   * @throws IllegalArgumentException when {@code wait} is null or negative
   * @throws StoreException when another ingest holds the lock for longer than {@code wait} (the
   *     message names the collection), or the database fails
   */
  @Override
  public IngestLock lockIngest(Duration wait) {
    Checks.notNull(wait, "wait");
    if (wait.isNegative()) {
      throw new IllegalArgumentException("wait must be >= 0, was " + wait);
    }
    Runnable release = open().lockIngest(wait);
    return release::run;
  }

  /** The collection's ingest lock ({@link #lockIngest}); closing it releases it. */
  @FunctionalInterface
  public interface IngestLock extends dev.citerag.store.IngestLock {
    /** Releases the lock; idempotent. */
    @Override
    void close();
  }

  /**
   * Closes the connection pool when the store built it (a data source handed in is left open);
   * idempotent. Every later call on the store throws {@link IllegalStateException}.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (ownedPool != null) {
      ownedPool.close();
    }
  }

  private PgCollection open() {
    if (closed) {
      throw new IllegalStateException("the store " + description + " is closed");
    }
    return collection;
  }

  @Override
  public String toString() {
    return "PgVectorStore[" + description + "]";
  }

  /**
   * Configures a {@link PgVectorStore}. Setters reject bad values at once, naming the field; {@link
   * #build()} checks combinations, connects and prepares the schema.
   */
  public static final class Builder {
    private @Nullable DataSource dataSource;
    private @Nullable String jdbcUrl;
    private @Nullable String username;
    private @Nullable String password;
    private int maximumPoolSize = 10;
    private @Nullable String collection;
    private String schema = "public";
    private int dimensions;
    private String textSearchConfig = "english";
    private int hnswM = 16;
    private int hnswEfConstruction = 64;
    private int efSearch = 100;
    private boolean createSchema = true;
    private boolean halfvec;
    private long indexBuildMemoryCeilingKb;
    private int indexBuildMaxWorkers = -1;
    private final List<DataSource> replicas = new ArrayList<>();
    private Duration maxReplicaLag = Duration.ofSeconds(10);
    private Duration replicaRetryAfter = Duration.ofSeconds(5);
    private Duration readYourWritesWait = Duration.ofSeconds(1);

    private Builder() {}

    /**
     * Adds a streaming replica of the primary ({@link #dataSource} or {@link #jdbcUrl}) that
     * searches may read from; call once per replica. With replicas, searches go to them in turn and
     * everything else (schema, identity, writes) to the primary. A replica that cannot be reached
     * or lags more than {@link #maxReplicaLag} is skipped for {@link #replicaRetryAfter}, and the
     * primary answers when every replica is skipped; {@link PgVectorStore#afterWrites()} gives
     * searches that see the store's own writes. The store never closes these data sources; give
     * them a short connection timeout, since a stopped replica costs a search that long once per
     * {@link #replicaRetryAfter}. Default: none (the primary answers every search).
     *
     * @param replica a data source on a replica of the same database
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder readReplica(DataSource replica) {
      replicas.add(Checks.notNull(replica, "replica"));
      return this;
    }

    /**
     * A replica whose replay is further behind the primary than this is skipped; default 10 s. The
     * lag is the age of the last replayed transaction while the replica has received WAL it has not
     * yet replayed, and 0 when it has replayed all it received.
     *
     * @param maxReplicaLag the bound, 1 ms to 1 hour
     * @return this builder
     * @throws IllegalArgumentException when null or out of range
     */
    public Builder maxReplicaLag(Duration maxReplicaLag) {
      this.maxReplicaLag = durationIn(maxReplicaLag, Duration.ofMillis(1), "maxReplicaLag");
      return this;
    }

    /**
     * How long a replica that failed or lagged is left out before it is tried again; default 5 s.
     *
     * @param replicaRetryAfter the pause, 1 ms to 1 hour
     * @return this builder
     * @throws IllegalArgumentException when null or out of range
     */
    public Builder replicaRetryAfter(Duration replicaRetryAfter) {
      this.replicaRetryAfter =
          durationIn(replicaRetryAfter, Duration.ofMillis(1), "replicaRetryAfter");
      return this;
    }

    /**
     * How long a search from {@link PgVectorStore#afterWrites()} waits for a replica to replay the
     * store's writes before it asks the next server (the primary last); default 1 s.
     *
     * @param readYourWritesWait the bound, 0 to 1 hour
     * @return this builder
     * @throws IllegalArgumentException when null or out of range
     */
    public Builder readYourWritesWait(Duration readYourWritesWait) {
      this.readYourWritesWait = durationIn(readYourWritesWait, Duration.ZERO, "readYourWritesWait");
      return this;
    }

    private static Duration durationIn(Duration d, Duration min, String field) {
      Checks.notNull(d, field);
      if (d.compareTo(min) < 0 || d.compareTo(Duration.ofHours(1)) > 0) {
        throw new IllegalArgumentException(
            field + " must be between " + min + " and PT1H, was " + d);
      }
      return d;
    }

    /**
     * Connections come from this data source (the host's pool); the store never closes it.
     * Exclusive with {@link #jdbcUrl}.
     *
     * @param dataSource the host application's data source
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder dataSource(DataSource dataSource) {
      this.dataSource = Checks.notNull(dataSource, "dataSource");
      return this;
    }

    /**
     * The store builds and owns a HikariCP pool for this URL, closed by {@link
     * PgVectorStore#close()}. Exclusive with {@link #dataSource}. Both pgjdbc's form ({@code
     * jdbc:postgresql://host:5432/db?user=rag}) and libpq's ({@code
     * postgresql://user:password@host/db}, as {@code psql} takes it) are accepted. Credentials in
     * the URL (user-info or {@code user}/{@code password} parameters) are handed to the pool as
     * properties, never as part of the URL it logs; {@link #username} and {@link #password} win
     * over them. Every message shows the URL with its password masked.
     *
     * @param jdbcUrl a {@code jdbc:postgresql:} or {@code postgresql:} / {@code postgres:} URL
     * @return this builder
     * @throws IllegalArgumentException when blank or not a PostgreSQL URL
     */
    public Builder jdbcUrl(String jdbcUrl) {
      Checks.notBlank(jdbcUrl, "jdbcUrl");
      PgUrl.parse(jdbcUrl, "jdbcUrl");
      this.jdbcUrl = jdbcUrl;
      return this;
    }

    /**
     * User for {@link #jdbcUrl}; default none (the URL's, else the driver's default).
     *
     * @param username the database role
     * @return this builder
     * @throws IllegalArgumentException when blank
     */
    public Builder username(String username) {
      this.username = Checks.notBlank(username, "username");
      return this;
    }

    /**
     * Password for {@link #jdbcUrl}; default none. Never logged or shown by {@code toString()}.
     * {@code null} or an empty string means no password (a local database that trusts its users,
     * such as the testkit's fixture), so a host can pass {@code System.getenv("DB_PASSWORD")}
     * without a branch; a password in the URL then still applies.
     *
     * @param password the role's password, or {@code null} / empty for none
     * @return this builder
     */
    public Builder password(@Nullable String password) {
      this.password = password == null || password.isEmpty() ? null : password;
      return this;
    }

    /**
     * Size of the pool built for {@link #jdbcUrl}: 1 to 200, default 10.
     *
     * @param maximumPoolSize the most connections the store's own pool opens
     * @return this builder
     * @throws IllegalArgumentException when out of range
     */
    public Builder maximumPoolSize(int maximumPoolSize) {
      this.maximumPoolSize = Checks.inRange(maximumPoolSize, 1, 200, "maximumPoolSize");
      return this;
    }

    /**
     * The collection's name; required. Must match {@code [a-z_][a-z0-9_]{0,47}}.
     *
     * @param collection the prefix of the collection's tables
     * @return this builder
     * @throws IllegalArgumentException when it does not, naming the rule
     */
    public Builder collection(String collection) {
      this.collection = Identifiers.check(collection, "collection");
      return this;
    }

    /**
     * Schema of the collection's tables; default {@code public}. Must match {@code
     * [a-z_][a-z0-9_]{0,47}} and not start with {@code pg_}. Created when missing (with {@link
     * #createSchema(boolean) createSchema(true)}).
     *
     * @param schema the schema name
     * @return this builder
     * @throws IllegalArgumentException when it does not
     */
    public Builder schema(String schema) {
      Identifiers.check(schema, "schema");
      if (schema.startsWith("pg_")) {
        throw new IllegalArgumentException(
            "schema \"" + schema + "\" must not start with pg_ (reserved by PostgreSQL)");
      }
      this.schema = schema;
      return this;
    }

    /**
     * Vector length; required, 1 to 4,000 (pgvector's HNSW limit for {@code halfvec}; above 2,000
     * the index is built on a {@code halfvec} cast). Must equal the existing column's.
     *
     * @param dimensions the embedder's vector length
     * @return this builder
     * @throws IllegalArgumentException when out of range
     */
    public Builder dimensions(int dimensions) {
      this.dimensions = Checks.inRange(dimensions, 1, Settings.MAX_DIMENSIONS, "dimensions");
      return this;
    }

    /**
     * PostgreSQL text search configuration for the lexical index and queries; default {@code
     * english}. Must match {@code [a-z_][a-z0-9_]{0,47}}; {@link #build()} checks that it exists in
     * {@code pg_ts_config}, and that an existing collection was created with it.
     *
     * @param textSearchConfig e.g. {@code english}, {@code simple}, {@code german}
     * @return this builder
     * @throws IllegalArgumentException when not a valid identifier
     */
    public Builder textSearchConfig(String textSearchConfig) {
      this.textSearchConfig = Identifiers.check(textSearchConfig, "textSearchConfig");
      return this;
    }

    /**
     * HNSW {@code m} (links per node) for a new index: 2 to 100, default 16.
     *
     * @param m links per node; an existing index keeps its own
     * @return this builder
     * @throws IllegalArgumentException when out of range
     */
    public Builder hnswM(int m) {
      this.hnswM = Checks.inRange(m, 2, 100, "hnswM");
      return this;
    }

    /**
     * HNSW {@code ef_construction} for a new index: 4 to 1,000 and at least {@code 2 * hnswM},
     * default 64.
     *
     * @param efConstruction candidate list size while building; an existing index keeps its own
     * @return this builder
     * @throws IllegalArgumentException when out of range
     */
    public Builder hnswEfConstruction(int efConstruction) {
      this.hnswEfConstruction = Checks.inRange(efConstruction, 4, 1000, "hnswEfConstruction");
      return this;
    }

    /**
     * HNSW {@code ef_search} for each query (set with {@code SET LOCAL}; raised to the number of
     * candidates a search needs when that is larger): 1 to 1,000, default 100. Higher is slower and
     * finds more of the true nearest neighbours.
     *
     * @param efSearch candidate list size per query
     * @return this builder
     * @throws IllegalArgumentException when out of range
     */
    public Builder efSearch(int efSearch) {
      this.efSearch = Checks.inRange(efSearch, 1, 1000, "efSearch");
      return this;
    }

    /**
     * Stores the vectors as {@code halfvec} (2-byte floats, pgvector 0.7+) instead of {@code
     * vector}: the table and the HNSW index ({@code halfvec_cosine_ops}) take about half the space
     * for vectors, at a small loss of precision; query vectors are cast to {@code halfvec} too.
     * Default false. Part of the collection's shape: opening a collection stored as {@code vector}
     * with {@code halfvec(true)}, or the reverse, fails in {@link #build()}. Components larger than
     * 65,504 in magnitude cannot be stored and are rejected by {@link PgVectorStore#write}.
     *
     * @param halfvec whether to store {@code halfvec}
     * @return this builder
     */
    public Builder halfvec(boolean halfvec) {
      this.halfvec = halfvec;
      return this;
    }

    /**
     * The most {@code maintenance_work_mem} an HNSW build after a bulk load is given. The build
     * asks for what its graph needs (estimated from the row count, dimensions, {@link #hnswM} and
     * the element type), up to this ceiling, and never less than the session's setting. Default:
     * half of the server's {@code effective_cache_size} (the administrator's statement of the
     * memory serving PostgreSQL; a client cannot ask for the machine's), or the session's {@code
     * maintenance_work_mem} when that is larger. See {@link PgVectorStore#lastIndexBuild()}.
     *
     * @param bytes the ceiling, 1 MiB to 1 TiB
     * @return this builder
     * @throws IllegalArgumentException when out of range
     */
    public Builder indexBuildMemoryCeiling(long bytes) {
      if (bytes < (1L << 20) || bytes > (1L << 40)) {
        throw new IllegalArgumentException(
            "indexBuildMemoryCeiling must be between 1 MiB and 1 TiB, was " + bytes + " bytes");
      }
      this.indexBuildMemoryCeilingKb = bytes / 1024;
      return this;
    }

    /**
     * The most parallel workers an HNSW build after a bulk load may use ({@code
     * max_parallel_maintenance_workers}): 0 to 64. By default the build takes none below 50,000
     * rows, then one more for each doubling of the row count, bounded by the server's {@code
     * max_parallel_workers} and {@code max_worker_processes - 1}; this lowers that bound.
     *
     * @param workers the most workers, 0 for a build in one process
     * @return this builder
     * @throws IllegalArgumentException when out of range
     */
    public Builder indexBuildMaxWorkers(int workers) {
      this.indexBuildMaxWorkers = Checks.inRange(workers, 0, 64, "indexBuildMaxWorkers");
      return this;
    }

    /**
     * Whether {@link #build()} creates the extension, schema, tables and indexes that are missing;
     * default true. With false, missing tables are an error ({@link CollectionNotFoundException}).
     *
     * @param createSchema whether to create what is missing
     * @return this builder
     */
    public Builder createSchema(boolean createSchema) {
      this.createSchema = createSchema;
      return this;
    }

    /**
     * Connects, checks pgvector and the text search configuration, creates the schema when asked
     * to, and checks the stored vector dimensions.
     *
     * @return the open, thread-safe store; close it to release a pool it built
     * @throws IllegalStateException when settings conflict or are missing, when pgvector is not
     *     installed (naming how to install it), or when the existing collection has other
     *     dimensions or another text search configuration
     * @throws IllegalArgumentException when the text search configuration does not exist
     * @throws CollectionNotFoundException with {@link #createSchema(boolean) createSchema(false)},
     *     when the collection has no tables in the database
     * @throws StoreException when the database cannot be reached
     */
    public PgVectorStore build() {
      String collection = validate();
      Settings settings =
          new Settings(
              schema,
              collection,
              dimensions,
              textSearchConfig,
              hnswM,
              hnswEfConstruction,
              efSearch,
              createSchema,
              halfvec,
              indexBuildMemoryCeilingKb,
              indexBuildMaxWorkers);
      HikariDataSource pool = null;
      DataSource ds = dataSource;
      String where;
      if (ds == null) {
        String url = Objects.requireNonNull(jdbcUrl, "jdbcUrl"); // validate(): one of the two
        pool = createPool(url, collection);
        ds = pool;
        where = redact(url);
      } else {
        where = "host DataSource " + ds.getClass().getSimpleName();
      }
      try {
        PgCollection pc =
            PgCollection.open(
                ds,
                settings,
                replicas,
                new ReadRouter.Routing(maxReplicaLag, replicaRetryAfter, readYourWritesWait));
        String description =
            schema
                + "."
                + collection
                + ", "
                + dimensions
                + " dimensions, "
                + where
                + (replicas.isEmpty() ? "" : ", searches on " + pc.replicaNames());
        log.debug(
            "citerag.pgvector: store {} (m={}, ef_construction={}, ef_search={}, text search {})",
            description,
            hnswM,
            hnswEfConstruction,
            efSearch,
            textSearchConfig);
        return new PgVectorStore(pc, pool, description);
      } catch (RuntimeException e) {
        if (pool != null) {
          pool.close();
        }
        throw e;
      }
    }

    /** Checks the combination of settings; returns the collection's name. */
    private String validate() {
      String name = collection;
      if (name == null) {
        throw new IllegalStateException("collection must be set");
      }
      if (dimensions == 0) {
        throw new IllegalStateException("dimensions must be set");
      }
      if ((dataSource == null) == (jdbcUrl == null)) {
        throw new IllegalStateException("set exactly one of dataSource and jdbcUrl");
      }
      if (dataSource != null && (username != null || password != null)) {
        throw new IllegalStateException(
            "username and password go with jdbcUrl, not with dataSource");
      }
      if (hnswEfConstruction < 2 * hnswM) {
        throw new IllegalStateException(
            "hnswEfConstruction must be >= 2 * hnswM ("
                + 2 * hnswM
                + "), was "
                + hnswEfConstruction);
      }
      return name;
    }

    private HikariDataSource createPool(String url, String collection) {
      PgUrl parsed = PgUrl.parse(url, "jdbcUrl");
      HikariConfig hc = new HikariConfig();
      hc.setJdbcUrl(parsed.jdbcUrl());
      String user = username != null ? username : parsed.user();
      String pass = password != null ? password : parsed.password();
      if (user != null) {
        hc.setUsername(user);
      }
      if (pass != null) {
        hc.setPassword(pass);
        Redact.registerSecret(pass);
      }
      hc.setPoolName("citerag-pgvector-" + collection);
      hc.setMaximumPoolSize(maximumPoolSize);
      hc.setMinimumIdle(Math.min(2, maximumPoolSize));
      hc.addDataSourceProperty("ApplicationName", "citerag-pgvector");
      try {
        return new HikariDataSource(hc);
      } catch (RuntimeException e) {
        throw new StoreException(
            "citerag.pgvector: cannot connect to "
                + parsed.display()
                + ": "
                + Redact.providerText(
                    rootMessage(e), 1000, pass == null ? List.of() : List.of(pass)),
            e);
      }
    }

    private static String rootMessage(Throwable t) {
      Throwable c = t;
      while (c.getCause() != null && c.getCause() != c) {
        c = c.getCause();
      }
      return String.valueOf(c.getMessage());
    }
  }

  /** The URL for messages: the password of its user-info and of its parameters masked. */
  static String redact(String url) {
    return Redact.url(url);
  }
}
