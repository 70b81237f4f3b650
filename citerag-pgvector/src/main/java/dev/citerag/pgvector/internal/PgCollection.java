package dev.citerag.pgvector.internal;

import dev.citerag.IdentityMismatchException;
import dev.citerag.StoreException;
import dev.citerag.internal.Checks;
import dev.citerag.store.Chunk;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.WriteResult;
import dev.citerag.store.internal.RankFusion;
import dev.citerag.text.internal.Hashing;
import java.nio.ByteBuffer;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
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
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.postgresql.PGConnection;
import org.postgresql.PGStatement;
import org.postgresql.copy.CopyIn;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One collection in PostgreSQL: schema management, idempotent atomic writes and the searches.
 * Thread-safe; every operation borrows a connection from the {@link DataSource} and returns it.
 */
public final class PgCollection {
  private static final Logger log = LoggerFactory.getLogger(PgCollection.class);

  /** A write of at least this many new chunks into an empty table builds the HNSW index afterwards. */
  static final int BULK_MIN_CHUNKS = 1000;
  /** Writers lock documents through this many advisory-lock slots per collection. */
  static final int LOCK_SLOTS = 256;
  static final String SETUP_ADVICE =
      "install pgvector on the PostgreSQL server (Debian/Ubuntu: run scripts/setup-postgres.sh as"
          + " root; elsewhere see https://github.com/pgvector/pgvector#installation)";

  private final DataSource dataSource;
  private final Settings settings;
  private final Sql sql;
  private final int lockKey;

  private PgCollection(DataSource dataSource, Settings settings) {
    this.dataSource = dataSource;
    this.settings = settings;
    this.sql = new Sql(settings);
    this.lockKey = ByteBuffer.wrap(Hashing.sha256("citerag", settings.schema(), settings.collection())).getInt();
  }

  /**
   * Opens the collection: checks pgvector and the text search configuration, creates the schema
   * when asked to, and verifies that the stored vector column has the configured dimensions.
   */
  public static PgCollection open(DataSource dataSource, Settings settings) {
    PgCollection pc = new PgCollection(dataSource, settings);
    pc.initialise();
    return pc;
  }

  /** The collection's checked configuration. */
  public Settings settings() {
    return settings;
  }

  // =================================================================== schema

  private void initialise() {
    try (Connection c = dataSource.getConnection()) {
      String version = extensionVersion(c);
      if (version == null) {
        if (!extensionAvailable(c)) {
          throw new IllegalStateException(
              "the PostgreSQL server has no pgvector extension (\"vector\" is not in"
                  + " pg_available_extensions): " + SETUP_ADVICE);
        }
        if (!settings.createSchema()) {
          throw new IllegalStateException(
              "the extension \"vector\" is not created in this database: run CREATE EXTENSION"
                  + " vector, or build the store with createSchema(true)");
        }
      } else if (compareVersions(version, "0.8.0") < 0) {
        log.warn("citerag.pgvector: pgvector {} has no iterative index scans (0.8.0+); filtered"
            + " searches fall back to exact scans more often", version);
      }
      checkTextSearchConfig(c);
      if (settings.createSchema() && !allObjectsExist(c)) {
        createSchema(c);
      }
      verifySchema(c);
    } catch (SQLException e) {
      throw storeException("opening the collection", e);
    }
    log.debug("citerag.pgvector: opened collection {}.{} ({} dimensions, text search config {})",
        settings.schema(), settings.collection(), settings.dimensions(), settings.textSearchConfig());
  }

  private static @Nullable String extensionVersion(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT extversion FROM pg_extension WHERE extname = 'vector'")) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  private static boolean extensionAvailable(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'")) {
      return rs.next();
    }
  }

  private void checkTextSearchConfig(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT 1 FROM pg_ts_config WHERE cfgname = ? AND pg_ts_config_is_visible(oid)")) {
      ps.setString(1, settings.textSearchConfig());
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next()) {
          return;
        }
      }
    }
    List<String> names = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(
            "SELECT cfgname FROM pg_ts_config WHERE pg_ts_config_is_visible(oid) ORDER BY 1")) {
      while (rs.next()) {
        names.add(rs.getString(1));
      }
    }
    throw new IllegalArgumentException(
        "textSearchConfig \"" + settings.textSearchConfig() + "\" does not exist in pg_ts_config"
            + " (available: " + String.join(", ", names) + ")");
  }

  private boolean allObjectsExist(Connection c) throws SQLException {
    List<String> names = sql.objectNames();
    StringBuilder q = new StringBuilder("SELECT ");
    for (int i = 0; i < names.size(); i++) {
      q.append(i == 0 ? "" : " AND ").append("to_regclass(?) IS NOT NULL");
    }
    try (PreparedStatement ps = c.prepareStatement(q.toString())) {
      for (int i = 0; i < names.size(); i++) {
        ps.setString(i + 1, names.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getBoolean(1);
      }
    }
  }

  /** Creates what is missing, in one transaction serialised by an advisory lock. */
  private void createSchema(Connection c) throws SQLException {
    runInTransaction(c, () -> {
      try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_xact_lock(?, 0)")) {
        ps.setInt(1, lockKey);
        ps.execute();
      }
      try (Statement s = c.createStatement()) {
        if (extensionVersion(c) == null) {
          s.execute("CREATE EXTENSION IF NOT EXISTS vector");
          log.info("citerag.pgvector: created the extension vector");
        }
        if (!exists(c, "SELECT to_regnamespace(?) IS NOT NULL", settings.schema())) {
          s.execute("CREATE SCHEMA IF NOT EXISTS " + sql.schema);
        }
        s.execute(sql.createManifest());
        s.execute(sql.createDocuments());
        if (!exists(c, "SELECT to_regclass(?) IS NOT NULL", sql.chunks)) {
          s.execute(sql.createChunks());
          s.execute(sql.embeddingStorage());
          s.execute(sql.rowLayout());
          log.info("citerag.pgvector: created collection {}.{} ({} dimensions)",
              settings.schema(), settings.collection(), settings.dimensions());
        }
        s.execute(sql.createHnswIndex());
        for (String ddl : sql.createOtherIndexes()) {
          s.execute(ddl);
        }
      }
    });
  }

  /** The table exists, its vector column has our dimensions, its tsvector uses our configuration. */
  private void verifySchema(Connection c) throws SQLException {
    if (!exists(c, "SELECT to_regclass(?) IS NOT NULL", sql.chunks)
        || !exists(c, "SELECT to_regclass(?) IS NOT NULL", sql.documents)
        || !exists(c, "SELECT to_regclass(?) IS NOT NULL", sql.manifest)) {
      throw new IllegalStateException(
          "collection " + settings.schema() + "." + settings.collection() + " has no tables in this"
              + " database; build the store with createSchema(true) to create them");
    }
    Integer dims = null;
    String tsvExpr = null;
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT a.attname, a.atttypmod, pg_get_expr(d.adbin, d.adrelid) FROM pg_attribute a"
            + " LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum"
            + " WHERE a.attrelid = to_regclass(?) AND a.attname IN ('embedding', 'tsv')"
            + " AND NOT a.attisdropped")) {
      ps.setString(1, sql.chunks);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          if (rs.getString(1).equals("embedding")) {
            dims = rs.getInt(2);
          } else {
            tsvExpr = rs.getString(3);
          }
        }
      }
    }
    if (dims == null || dims != settings.dimensions()) {
      throw new IllegalStateException(
          "collection " + settings.collection() + " stores vectors of " + dims + " dimensions, but"
              + " dimensions(" + settings.dimensions() + ") was configured; vectors of another model"
              + " need a new collection (and re-embedding)");
    }
    String expected = "'" + settings.textSearchConfig() + "'::regconfig";
    if (tsvExpr == null || !tsvExpr.contains(expected)) {
      throw new IllegalStateException(
          "collection " + settings.collection() + " indexes text with " + tsvExpr + ", not with"
              + " textSearchConfig \"" + settings.textSearchConfig() + "\"; use the configuration it"
              + " was created with, or a new collection");
    }
  }

  private static boolean exists(Connection c, String query, String arg) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(query)) {
      ps.setString(1, arg);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getBoolean(1);
      }
    }
  }

  static int compareVersions(String a, String b) {
    String[] x = a.split("\\.", -1);
    String[] y = b.split("\\.", -1);
    for (int i = 0; i < Math.max(x.length, y.length); i++) {
      int p = i < x.length ? parseLeadingInt(x[i]) : 0;
      int q = i < y.length ? parseLeadingInt(y[i]) : 0;
      if (p != q) {
        return Integer.compare(p, q);
      }
    }
    return 0;
  }

  private static int parseLeadingInt(String s) {
    int n = 0;
    for (int i = 0; i < s.length() && Character.isDigit(s.charAt(i)); i++) {
      n = n * 10 + (s.charAt(i) - '0');
    }
    return n;
  }

  // =================================================================== identity

  /** See {@link dev.citerag.store.VectorStore#ensureIdentity}; the manifest row is inserted once, then compared. */
  public void ensureIdentity(CollectionIdentity identity) {
    Checks.notNull(identity, "identity");
    if (identity.dimensions() != settings.dimensions()) {
      throw new IdentityMismatchException(
          "collection " + settings.collection() + " holds vectors of " + settings.dimensions()
              + " dimensions, but the identity " + identity.embeddingProvider() + "/"
              + identity.embeddingModel() + " has " + identity.dimensions()
              + "; create a new collection for this model and re-embed");
    }
    CollectionIdentity stored = inTransaction("recording the collection identity", c -> {
      try (PreparedStatement ps = c.prepareStatement(sql.insertIdentity())) {
        ps.setString(1, settings.collection());
        ps.setString(2, identity.embeddingProvider());
        ps.setString(3, identity.embeddingModel());
        ps.setString(4, identity.modelDigest());
        ps.setInt(5, identity.dimensions());
        ps.setString(6, identity.queryInstruction());
        ps.setString(7, identity.chunkerSettings());
        if (ps.executeUpdate() == 1) {
          log.info("citerag.pgvector: recorded the identity of collection {}: {}/{}",
              settings.collection(), identity.embeddingProvider(), identity.embeddingModel());
          return identity;
        }
      }
      return readIdentity(c).orElseThrow(() -> new StoreException(
          "the identity of collection " + settings.collection() + " vanished while recording it", null));
    });
    List<String> differences = stored.differencesFrom(identity);
    if (!differences.isEmpty()) {
      throw new IdentityMismatchException(
          "collection " + settings.collection() + " was embedded with a different identity: "
              + String.join("; ", differences) + ". Its vectors cannot be mixed with these:"
              + " create a new collection and re-embed the documents");
    }
  }

  /** See {@link dev.citerag.store.VectorStore#identity}. */
  public Optional<CollectionIdentity> identity() {
    return withConnection("reading the collection identity", this::readIdentity);
  }

  private Optional<CollectionIdentity> readIdentity(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql.selectIdentity())) {
      ps.setString(1, settings.collection());
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        return Optional.of(new CollectionIdentity(
            rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4), rs.getString(5),
            rs.getString(6)));
      }
    }
  }

  // =================================================================== writes

  /** See {@link dev.citerag.store.VectorStore#documentHashes}. */
  public Map<String, String> documentHashes(Collection<String> docIds) {
    Checks.noNullElements(docIds, "docIds");
    if (docIds.isEmpty()) {
      return Map.of();
    }
    String[] ids = new TreeSet<>(docIds).toArray(new String[0]);
    return withConnection("reading document hashes", c -> readHashes(c, ids));
  }

  private Map<String, String> readHashes(Connection c, String[] ids) throws SQLException {
    Map<String, String> out = new HashMap<>();
    try (PreparedStatement ps = c.prepareStatement(sql.documentHashes())) {
      ps.setArray(1, c.createArrayOf("text", ids));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.put(rs.getString(1), rs.getString(2));
        }
      }
    }
    return out;
  }

  /** See {@link dev.citerag.store.VectorStore#write}: one transaction for the whole list. */
  public WriteResult write(List<DocumentChunks> documents) {
    Checks.noNullElements(documents, "documents");
    List<DocumentChunks> docs = new ArrayList<>(documents);
    validateWrite(docs);
    if (docs.isEmpty()) {
      return WriteResult.EMPTY;
    }
    docs.sort(Comparator.comparing(DocumentChunks::docId));
    int incoming = docs.stream().mapToInt(d -> d.chunks().size()).sum();
    long start = System.nanoTime();
    WriteResult r = withConnection("writing " + docs.size() + " documents", c -> {
      // looked at before the write transaction, whose first lock on the table must be the bulk
      // lock: taking a weaker one first would let two bulk writers deadlock on the upgrade
      boolean bulkCandidate = incoming >= BULK_MIN_CHUNKS && !exists(c, sql.anyChunk());
      if (!c.getAutoCommit()) {
        c.rollback();
      }
      return inTransaction(c, () -> write(c, docs, bulkCandidate));
    });
    log.debug("citerag.pgvector: {} into {} in {} ms", r, settings.collection(),
        (System.nanoTime() - start) / 1_000_000);
    return r;
  }

  private void validateWrite(List<DocumentChunks> docs) {
    Set<String> docIds = new HashSet<>();
    Set<String> chunkIds = new HashSet<>();
    for (DocumentChunks d : docs) {
      if (!docIds.add(d.docId())) {
        throw new IllegalArgumentException("documents[].docId must be unique, \"" + d.docId() + "\" repeats");
      }
      noNul(d.docId(), "documents[].docId");
      noNul(d.documentHash(), "documents[].documentHash");
      for (EmbeddedChunk ec : d.chunks()) {
        Chunk ch = ec.chunk();
        if (!chunkIds.add(ch.id())) {
          throw new IllegalArgumentException("chunks[].id must be unique across the write, \"" + ch.id() + "\" repeats");
        }
        if (ec.dimensions() != settings.dimensions()) {
          throw new IllegalArgumentException(
              "vector of chunk \"" + ch.id() + "\" must have " + settings.dimensions()
                  + " dimensions, was " + ec.dimensions());
        }
        float[] v = ec.vector();
        if (isZero(v)) {
          throw new IllegalArgumentException(
              "vector of chunk \"" + ch.id() + "\" must not be all zeros (its cosine is undefined)");
        }
        noNul(ch.id(), "chunks[].id");
        noNul(ch.source(), "chunks[].source");
        noNul(ch.title(), "chunks[].title");
        noNul(ch.text(), "chunks[].text");
        noNul(ch.contentHash(), "chunks[].contentHash");
        for (String h : ch.headingPath()) {
          noNul(h, "chunks[].headingPath");
        }
        for (Map.Entry<String, String> e : ch.metadata().entrySet()) {
          noNul(e.getKey(), "chunks[].metadata key");
          noNul(e.getValue(), "chunks[].metadata value");
        }
      }
    }
  }

  private static void noNul(@Nullable String s, String field) {
    if (s != null && s.indexOf('\0') >= 0) {
      throw new IllegalArgumentException(field + " must not contain the NUL character (PostgreSQL text cannot hold it)");
    }
  }

  private static boolean isZero(float[] v) {
    for (float x : v) {
      if (x != 0f) {
        return false;
      }
    }
    return true;
  }

  /**
   * One write transaction. When the collection looked empty and the write is large, the chunk
   * table is locked against other writers (readers go on) and, if it is still empty, the HNSW
   * index is dropped, the rows loaded and the index built once at the end.
   */
  private WriteResult write(Connection c, List<DocumentChunks> docs, boolean bulkCandidate) throws SQLException {
    String[] docIds = docs.stream().map(DocumentChunks::docId).toArray(String[]::new);
    lockDocuments(c, docIds);
    boolean bulk = false;
    if (bulkCandidate) {
      execute(c, sql.lockTableForBulk());
      bulk = !exists(c, sql.anyChunk());
    }
    Map<String, String> stored = readHashes(c, docIds);
    List<DocumentChunks> changed = new ArrayList<>();
    for (DocumentChunks d : docs) {
      if (!d.documentHash().equals(stored.get(d.docId()))) {
        changed.add(d);
      }
    }
    int skipped = docs.size() - changed.size();
    if (changed.isEmpty()) {
      return new WriteResult(0, skipped, 0, 0);
    }
    Map<String, StoredChunk> existing = storedChunks(c, changed);
    Set<String> newIds = new HashSet<>();
    List<EmbeddedChunk> inserts = new ArrayList<>();
    List<String> deletes = new ArrayList<>();
    for (DocumentChunks d : changed) {
      for (EmbeddedChunk ec : d.chunks()) {
        newIds.add(ec.chunk().id());
        StoredChunk s = existing.get(ec.chunk().id());
        if (s == null) {
          inserts.add(ec);
        } else if (!s.sameAs(ec.chunk())) {
          deletes.add(s.id);
          inserts.add(ec);
        }
      }
    }
    int stale = 0;
    for (StoredChunk s : existing.values()) {
      if (!newIds.contains(s.id)) {
        deletes.add(s.id);
        stale++;
      }
    }
    if (!deletes.isEmpty()) {
      try (PreparedStatement ps = c.prepareStatement(sql.deleteChunksById())) {
        ps.setArray(1, c.createArrayOf("text", deletes.toArray(new String[0])));
        ps.executeUpdate();
      }
    }
    boolean rebuild = bulk && inserts.size() >= BULK_MIN_CHUNKS;
    if (rebuild) {
      // every secondary index is built once after the load: sorted bulk builds instead of
      // row-by-row maintenance (GIN pending-list merges grow with the table)
      execute(c, sql.dropHnswIndex());
      for (String drop : sql.dropOtherIndexes()) {
        execute(c, drop);
      }
    }
    copy(c, inserts);
    if (rebuild) {
      long t0 = System.nanoTime();
      raiseMaintenanceWorkMem(c, inserts.size());
      for (String create : sql.createOtherIndexes()) {
        execute(c, create);
      }
      long t1 = System.nanoTime();
      execute(c, sql.createHnswIndex());
      log.info("citerag.pgvector: built the indexes of {} after loading {} chunks into the empty"
              + " table (full-text, metadata and doc_id {} ms, HNSW {} ms)", settings.collection(),
          inserts.size(), (t1 - t0) / 1_000_000, (System.nanoTime() - t1) / 1_000_000);
    }
    upsertDocuments(c, changed);
    return new WriteResult(changed.size(), skipped, inserts.size(), stale);
  }

  /**
   * Serialises writers of the same documents: one transaction-scoped advisory lock per slot (doc
   * id hash modulo {@link #LOCK_SLOTS}), taken in ascending order so writers never deadlock; the
   * bounded slot count keeps large batches from exhausting the server's lock table.
   */
  private void lockDocuments(Connection c, String[] docIds) throws SQLException {
    TreeSet<Integer> slots = new TreeSet<>();
    for (String id : docIds) {
      slots.add(Math.floorMod(id.hashCode(), LOCK_SLOTS) + 1);
    }
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT count(pg_advisory_xact_lock(?, s)) FROM (SELECT s FROM unnest(?::int[]) AS s ORDER BY s) x")) {
      ps.setInt(1, lockKey);
      ps.setArray(2, c.createArrayOf("int4", slots.toArray(new Integer[0])));
      ps.execute();
    }
  }

  private Map<String, StoredChunk> storedChunks(Connection c, List<DocumentChunks> changed) throws SQLException {
    Map<String, StoredChunk> out = new LinkedHashMap<>();
    String[] ids = changed.stream().map(DocumentChunks::docId).toArray(String[]::new);
    try (PreparedStatement ps = c.prepareStatement(sql.storedChunksOfDocuments())) {
      ps.setArray(1, c.createArrayOf("text", ids));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          Array hp = rs.getArray(5);
          int page = rs.getInt(6);
          Integer pageOrNull = rs.wasNull() ? null : page;
          StoredChunk s = new StoredChunk(
              rs.getString(1), rs.getString(3), rs.getString(4),
              hp == null ? List.of() : Arrays.asList((String[]) hp.getArray()),
              pageOrNull, rs.getString(7), rs.getInt(8), rs.getString(9));
          out.put(s.id, s);
        }
      }
    }
    return out;
  }

  /** What decides whether a kept chunk id must be rewritten (text is covered by its hash). */
  private record StoredChunk(
      String id, String source, @Nullable String title, List<String> headingPath,
      @Nullable Integer page, String contentHash, int tokenCount, String metadataJson) {
    boolean sameAs(Chunk c) {
      return source.equals(c.source())
          && Objects.equals(title, c.title())
          && headingPath.equals(c.headingPath())
          && Objects.equals(page, c.page())
          && contentHash.equals(c.contentHash())
          && tokenCount == c.tokenCount()
          && Json.parseObject(metadataJson).equals(c.metadata());
    }
  }

  private void copy(Connection c, List<EmbeddedChunk> rows) throws SQLException {
    if (rows.isEmpty()) {
      return;
    }
    CopyIn in = c.unwrap(PGConnection.class).getCopyAPI().copyIn(sql.copyChunks());
    try {
      CopyEncoder enc = new CopyEncoder(in, 1 << 18);
      enc.header();
      for (EmbeddedChunk ec : rows) {
        Chunk ch = ec.chunk();
        enc.startRow(11);
        enc.text(ch.id());
        enc.text(ch.docId());
        enc.text(ch.source());
        enc.text(ch.title());
        enc.textArray(ch.headingPath());
        enc.int4(ch.page());
        enc.text(ch.text());
        enc.text(ch.contentHash());
        enc.int4(ch.tokenCount());
        enc.jsonb(Json.object(ch.metadata()));
        enc.vector(ec);
      }
      enc.finish();
      in.endCopy();
    } finally {
      if (in.isActive()) {
        try {
          in.cancelCopy();
        } catch (SQLException ignored) {
          // the original failure is what matters
        }
      }
    }
  }

  /** Gives the index build enough memory to keep the graph in memory (never lowers the setting). */
  private void raiseMaintenanceWorkMem(Connection c, int rows) throws SQLException {
    long perRow = 4L * settings.dimensions() + 48L * settings.hnswM() + 128;
    long wantKb = Math.min(2L * 1024 * 1024, (long) (rows * perRow * 1.3 / 1024) + 64 * 1024);
    try (PreparedStatement ps = c.prepareStatement(
        "SELECT set_config('maintenance_work_mem', greatest(?::bigint,"
            + " pg_size_bytes(current_setting('maintenance_work_mem')) / 1024)::text || 'kB', true)")) {
      ps.setLong(1, wantKb);
      ps.execute();
    }
  }

  private void upsertDocuments(Connection c, List<DocumentChunks> changed) throws SQLException {
    String[] ids = new String[changed.size()];
    String[] hashes = new String[changed.size()];
    Integer[] counts = new Integer[changed.size()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = changed.get(i).docId();
      hashes[i] = changed.get(i).documentHash();
      counts[i] = changed.get(i).chunks().size();
    }
    try (PreparedStatement ps = c.prepareStatement(sql.upsertDocuments())) {
      ps.setArray(1, c.createArrayOf("text", ids));
      ps.setArray(2, c.createArrayOf("text", hashes));
      ps.setArray(3, c.createArrayOf("int4", counts));
      ps.executeUpdate();
    }
  }

  /** See {@link dev.citerag.store.VectorStore#deleteDocument}. */
  public boolean deleteDocument(String docId) {
    Checks.notBlank(docId, "docId");
    noNul(docId, "docId");
    return inTransaction("deleting document " + docId, c -> {
      lockDocuments(c, new String[] {docId});
      int chunks;
      int docs;
      try (PreparedStatement ps = c.prepareStatement(sql.deleteChunksOfDocument())) {
        ps.setString(1, docId);
        chunks = ps.executeUpdate();
      }
      try (PreparedStatement ps = c.prepareStatement(sql.deleteDocument())) {
        ps.setString(1, docId);
        docs = ps.executeUpdate();
      }
      return chunks > 0 || docs > 0;
    });
  }

  /** See {@link dev.citerag.store.VectorStore#chunkCount}. */
  public long chunkCount() {
    return withConnection("counting chunks", c -> {
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery(sql.countChunks())) {
        rs.next();
        return rs.getLong(1);
      }
    });
  }

  // =================================================================== searches

  /** See {@link dev.citerag.store.VectorStore#denseSearch}; re-run exactly when the index walk finds fewer than k. */
  public List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter) {
    String vector = checkQueryVector(queryVector);
    Checks.positive(k, "k");
    Checks.notNull(filter, "filter");
    Ranked r = dense(vector, k, filter, mode(filter));
    remember(filter, r.exact);
    if (!r.exact && r.denseCount < k) {
      r = dense(vector, k, filter, Sql.DenseMode.EXACT);
      remember(filter, true);
    }
    return r.hits;
  }

  /** Recent exact-or-approximate decisions per filter, so the matching rows are not counted on every query. */
  private final ConcurrentHashMap<Filter, Decision> decisions = new ConcurrentHashMap<>();
  private static final long DECISION_TTL_NANOS = 30_000_000_000L;
  private static final int MAX_DECISIONS = 1024;

  private record Decision(boolean exact, long expires) {}

  private Sql.DenseMode mode(Filter filter) {
    if (FilterSql.isAll(filter)) {
      return Sql.DenseMode.APPROXIMATE;
    }
    Decision d = decisions.get(filter);
    if (d == null || d.expires - System.nanoTime() < 0) {
      return Sql.DenseMode.DECIDE;
    }
    return d.exact ? Sql.DenseMode.EXACT : Sql.DenseMode.APPROXIMATE;
  }

  private void remember(Filter filter, boolean exact) {
    if (FilterSql.isAll(filter)) {
      return;
    }
    if (decisions.size() >= MAX_DECISIONS) {
      decisions.clear();
    }
    decisions.put(filter, new Decision(exact, System.nanoTime() + DECISION_TTL_NANOS));
  }

  private record Ranked(List<SearchHit> hits, long denseCount, boolean exact) {}

  private Ranked dense(String vector, int k, Filter filter, Sql.DenseMode mode) {
    Sql.Query q = sql.dense(filter, vector, mode, k);
    return inSearch("dense search", k, c -> {
      List<double[]> scores = new ArrayList<>();
      List<Chunk> chunks = new ArrayList<>();
      long count = 0;
      boolean exact = false;
      try (PreparedStatement ps = c.prepareStatement(q.sql.toString())) {
        serverPrepared(ps);
        Rows.bind(c, ps, q.params);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            count = rs.getLong(12);
            exact = rs.getBoolean(13);
            if (rs.getString(1) == null) {
              continue; // the one row of an empty result
            }
            chunks.add(Rows.chunk(rs));
            scores.add(new double[] {rs.getDouble(11)});
          }
        }
      }
      Integer[] order = sortedIndexes(chunks.size(),
          Comparator.<Integer>comparingDouble(i -> scores.get(i)[0]).thenComparing(i -> chunks.get(i).id()));
      List<SearchHit> hits = new ArrayList<>(chunks.size());
      for (int rank = 1; rank <= order.length; rank++) {
        int i = order[rank - 1];
        hits.add(new SearchHit(chunks.get(i), 1.0 - scores.get(i)[0], rank, null, 0, RankFusion.term(rank)));
      }
      return new Ranked(List.copyOf(hits), count, exact);
    });
  }

  /** See {@link dev.citerag.store.VectorStore#lexicalSearch}; a blank query finds nothing. */
  public List<SearchHit> lexicalSearch(String queryText, int k, Filter filter) {
    checkQueryText(queryText);
    Checks.positive(k, "k");
    Checks.notNull(filter, "filter");
    if (queryText.isBlank()) {
      return List.of();
    }
    Sql.Query q = sql.lexical(filter, queryText, k);
    return inSearch("lexical search", k, c -> {
      List<Chunk> chunks = new ArrayList<>();
      List<Double> scores = new ArrayList<>();
      try (PreparedStatement ps = c.prepareStatement(q.sql.toString())) {
        serverPrepared(ps);
        Rows.bind(c, ps, q.params);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            chunks.add(Rows.chunk(rs));
            scores.add((double) rs.getFloat(11)); // float4: the same value in text and binary transfer
          }
        }
      }
      Integer[] order = sortedIndexes(chunks.size(),
          Comparator.<Integer>comparingDouble(i -> -scores.get(i)).thenComparing(i -> chunks.get(i).id()));
      List<SearchHit> hits = new ArrayList<>(chunks.size());
      for (int rank = 1; rank <= order.length; rank++) {
        int i = order[rank - 1];
        hits.add(new SearchHit(chunks.get(i), null, null, rank, scores.get(i), RankFusion.term(rank)));
      }
      return List.copyOf(hits);
    });
  }

  /** See {@link dev.citerag.store.VectorStore#hybridSearch}: one statement, fused in SQL. */
  public List<SearchHit> hybridSearch(float[] queryVector, String queryText, int k, Filter filter) {
    String vector = checkQueryVector(queryVector);
    checkQueryText(queryText);
    Checks.positive(k, "k");
    Checks.notNull(filter, "filter");
    int n = RankFusion.candidatesFor(k);
    Ranked r = hybrid(vector, queryText, n, k, filter, mode(filter));
    remember(filter, r.exact);
    if (!r.exact && r.denseCount < n) {
      r = hybrid(vector, queryText, n, k, filter, Sql.DenseMode.EXACT);
      remember(filter, true);
    }
    return r.hits;
  }

  private Ranked hybrid(String vector, String text, int n, int k, Filter filter, Sql.DenseMode mode) {
    Sql.Query q = sql.hybrid(filter, vector, text, mode, n, k);
    return inSearch("hybrid search", n, c -> {
      List<SearchHit> hits = new ArrayList<>();
      long count = 0;
      boolean exact = false;
      try (PreparedStatement ps = c.prepareStatement(q.sql.toString())) {
        serverPrepared(ps);
        Rows.bind(c, ps, q.params);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            count = rs.getLong(15);
            exact = rs.getBoolean(16);
            if (rs.getString(1) == null) {
              continue;
            }
            Chunk chunk = Rows.chunk(rs);
            double distance = rs.getDouble(11);
            int dr = rs.getInt(12);
            Integer denseRank = rs.wasNull() ? null : dr;
            int lr = rs.getInt(13);
            Integer lexicalRank = rs.wasNull() ? null : lr;
            double score = rs.getFloat(14);
            double fused = 0;
            if (denseRank != null) {
              fused += RankFusion.term(denseRank);
            }
            if (lexicalRank != null) {
              fused += RankFusion.term(lexicalRank);
            }
            hits.add(new SearchHit(chunk, 1.0 - distance, denseRank, lexicalRank, score, fused));
          }
        }
      }
      hits.sort(RankFusion.ORDER);
      return new Ranked(List.copyOf(hits), count, exact);
    });
  }

  /** Sets the cosine of each hit (e.g. lexical hits) from the stored vectors; order is kept. */
  public List<SearchHit> withCosines(float[] queryVector, List<SearchHit> hits) {
    String vector = checkQueryVector(queryVector);
    Checks.noNullElements(hits, "hits");
    if (hits.isEmpty()) {
      return List.of();
    }
    String[] ids = hits.stream().map(h -> h.chunk().id()).distinct().toArray(String[]::new);
    Map<String, Double> distances = withConnection("computing cosines", c -> {
      Map<String, Double> out = new HashMap<>();
      try (PreparedStatement ps = c.prepareStatement(sql.cosineDistances())) {
        ps.setString(1, vector);
        ps.setArray(2, c.createArrayOf("text", ids));
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            out.put(rs.getString(1), rs.getDouble(2));
          }
        }
      }
      return out;
    });
    List<SearchHit> out = new ArrayList<>(hits.size());
    for (SearchHit h : hits) {
      Double d = distances.get(h.chunk().id());
      out.add(d == null ? h : new SearchHit(h.chunk(), 1.0 - d, h.denseRank(), h.lexicalRank(),
          h.lexicalScore(), h.fusedScore()));
    }
    return List.copyOf(out);
  }

  private String checkQueryVector(float[] v) {
    Checks.finiteVector(v, "queryVector");
    if (v.length != settings.dimensions()) {
      throw new IllegalArgumentException(
          "queryVector must have " + settings.dimensions() + " dimensions, was " + v.length);
    }
    if (isZero(v)) {
      throw new IllegalArgumentException("queryVector must not be all zeros (its cosine is undefined)");
    }
    return Rows.vectorLiteral(v);
  }

  private static void checkQueryText(String text) {
    Checks.notNull(text, "queryText");
    noNul(text, "queryText");
  }

  private static Integer[] sortedIndexes(int n, Comparator<Integer> cmp) {
    Integer[] idx = new Integer[n];
    for (int i = 0; i < n; i++) {
      idx[i] = i;
    }
    Arrays.sort(idx, cmp);
    return idx;
  }

  // =================================================================== plumbing

  @FunctionalInterface
  interface Work<T> {
    T run(Connection c) throws SQLException;
  }

  @FunctionalInterface
  private interface TxBody<T> {
    T run() throws SQLException;
  }

  @FunctionalInterface
  private interface TxAction {
    void run() throws SQLException;
  }

  private <T> T withConnection(String what, Work<T> work) {
    try (Connection c = dataSource.getConnection()) {
      return work.run(c);
    } catch (SQLException e) {
      throw storeException(what, e);
    }
  }

  private <T> T inTransaction(String what, Work<T> work) {
    try (Connection c = dataSource.getConnection()) {
      return inTransaction(c, () -> work.run(c));
    } catch (SQLException e) {
      throw storeException(what, e);
    }
  }

  /** A search in a transaction, so that its {@code set_config(..., true)} settings apply to it only. */
  private <T> T inSearch(String what, int candidates, Work<T> work) {
    int ef = Math.min(1000, Math.max(settings.efSearch(), candidates));
    return inTransaction(what, c -> {
      try (PreparedStatement ps = c.prepareStatement(Sql.SEARCH_SETTINGS)) {
        serverPrepared(ps);
        ps.setString(1, Integer.toString(ef));
        ps.execute();
      }
      return work.run(c);
    });
  }

  /**
   * Search statements are server-prepared from their first execution (pgjdbc's default waits for
   * the fifth), so their generic plan is made once per connection instead of planning every call.
   */
  private static void serverPrepared(PreparedStatement ps) {
    try {
      ps.unwrap(PGStatement.class).setPrepareThreshold(1);
    } catch (SQLException notPgjdbc) {
      // a wrapper that does not expose pgjdbc's statement: the driver's default applies
    }
  }

  private static void runInTransaction(Connection c, TxAction action) throws SQLException {
    inTransaction(c, () -> {
      action.run();
      return Boolean.TRUE;
    });
  }

  private static <T> T inTransaction(Connection c, TxBody<T> body) throws SQLException {
    boolean auto = c.getAutoCommit();
    if (auto) {
      c.setAutoCommit(false);
    }
    try {
      T result = body.run();
      c.commit();
      return result;
    } catch (SQLException | RuntimeException | Error e) {
      try {
        if (!c.isClosed()) {
          c.rollback();
        }
      } catch (SQLException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    } finally {
      if (auto) {
        try {
          if (!c.isClosed()) {
            c.setAutoCommit(true);
          }
        } catch (SQLException ignored) {
          // the connection is broken; the pool discards it
        }
      }
    }
  }

  private static void execute(Connection c, String statement) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(statement);
    }
  }

  private static boolean exists(Connection c, String query) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(query)) {
      rs.next();
      return rs.getBoolean(1);
    }
  }

  private StoreException storeException(String what, SQLException e) {
    String state = e.getSQLState() == null ? "" : " [SQLState " + e.getSQLState() + "]";
    return new StoreException(
        "citerag.pgvector: " + what + " failed on collection " + settings.schema() + "."
            + settings.collection() + ": " + e.getMessage() + state, e);
  }
}
