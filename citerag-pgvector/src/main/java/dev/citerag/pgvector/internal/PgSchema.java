package dev.citerag.pgvector.internal;

import dev.citerag.IdentityMismatchException;
import dev.citerag.StoreException;
import dev.citerag.internal.Checks;
import dev.citerag.pgvector.CollectionNotFoundException;
import dev.citerag.store.CollectionIdentity;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The collection's schema and identity: the pgvector extension and text search checks, the DDL
 * (created once, under an advisory lock), the check that the stored tables match the settings, and
 * the identity manifest row.
 */
final class PgSchema {
  private static final Logger log = LoggerFactory.getLogger(PgCollection.class);

  static final String SETUP_ADVICE =
      "install pgvector on the PostgreSQL server (Debian/Ubuntu: run scripts/setup-postgres.sh as"
          + " root; elsewhere see https://github.com/pgvector/pgvector#installation)";

  private final DataSource dataSource;
  private final Settings settings;
  private final Sql sql;
  private final Jdbc jdbc;
  private final int lockKey;

  PgSchema(DataSource dataSource, Settings settings, Sql sql, Jdbc jdbc, int lockKey) {
    this.dataSource = dataSource;
    this.settings = settings;
    this.sql = sql;
    this.jdbc = jdbc;
    this.lockKey = lockKey;
  }

  /**
   * Checks pgvector and the text search configuration, creates what is missing when {@code
   * createSchema} is set, and verifies that the stored vector column has the configured dimensions.
   */
  void open() {
    try (Connection c = dataSource.getConnection()) {
      String version = extensionVersion(c);
      if (version == null) {
        if (!extensionAvailable(c)) {
          throw new IllegalStateException(
              "the PostgreSQL server has no pgvector extension (\"vector\" is not in"
                  + " pg_available_extensions): "
                  + SETUP_ADVICE);
        }
        if (!settings.createSchema()) {
          throw new IllegalStateException(
              "the extension \"vector\" is not created in this database: run CREATE EXTENSION"
                  + " vector, or build the store with createSchema(true)");
        }
      } else if (compareVersions(version, "0.8.0") < 0) {
        log.warn(
            "citerag.pgvector: pgvector {} has no iterative index scans (0.8.0+); filtered"
                + " searches fall back to exact scans more often",
            version);
      }
      checkTextSearchConfig(c);
      if (settings.createSchema() && !allObjectsExist(c)) {
        createSchema(c);
      }
      verifySchema(c);
      upgradeSchema(c);
    } catch (SQLException e) {
      throw jdbc.storeException("opening the collection", e);
    }
    log.debug(
        "citerag.pgvector: opened collection {}.{} ({} dimensions, text search config {})",
        settings.schema(),
        settings.collection(),
        settings.dimensions(),
        settings.textSearchConfig());
  }

  private static @Nullable String extensionVersion(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery("SELECT extversion FROM pg_extension WHERE extname = 'vector'")) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  private static boolean extensionAvailable(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'")) {
      return rs.next();
    }
  }

  private void checkTextSearchConfig(Connection c) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(
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
        ResultSet rs =
            s.executeQuery(
                "SELECT cfgname FROM pg_ts_config WHERE pg_ts_config_is_visible(oid) ORDER BY 1")) {
      while (rs.next()) {
        names.add(rs.getString(1));
      }
    }
    throw new IllegalArgumentException(
        "textSearchConfig \""
            + settings.textSearchConfig()
            + "\" does not exist in pg_ts_config"
            + " (available: "
            + String.join(", ", names)
            + ")");
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
    Jdbc.runInTransaction(
        c,
        () -> {
          try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_xact_lock(?, 0)")) {
            ps.setInt(1, lockKey);
            ps.execute();
          }
          try (Statement s = c.createStatement()) {
            if (extensionVersion(c) == null) {
              String advice =
                  extensionAdvice(c); // asked first: after a failure the transaction is aborted
              try {
                s.execute("CREATE EXTENSION IF NOT EXISTS vector");
              } catch (SQLException e) {
                if ("42501".equals(e.getSQLState())) {
                  throw new IllegalStateException(advice, e);
                }
                throw e;
              }
              log.info("citerag.pgvector: created the extension vector");
            }
            if (!Jdbc.exists(c, "SELECT to_regnamespace(?) IS NOT NULL", settings.schema())) {
              s.execute("CREATE SCHEMA IF NOT EXISTS " + sql.schema);
            }
            s.execute(sql.createManifest());
            s.execute(sql.createDocuments());
            if (!Jdbc.exists(c, "SELECT to_regclass(?) IS NOT NULL", sql.chunks)) {
              s.execute(sql.createChunks());
              s.execute(sql.embeddingStorage());
              s.execute(sql.rowLayout());
              log.info(
                  "citerag.pgvector: created collection {}.{} ({} dimensions)",
                  settings.schema(),
                  settings.collection(),
                  settings.dimensions());
            }
            s.execute(sql.createHnswIndex());
            for (String ddl : sql.createOtherIndexes()) {
              s.execute(ddl);
            }
          }
        });
  }

  /**
   * Schema version 2 (this version) adds the nullable {@code source_map} column to the chunks
   * table; a collection created by an earlier version gets it here, with {@link Sql#addSourceMap()}
   * ({@code ALTER TABLE ... ADD COLUMN IF NOT EXISTS}: no rewrite, its chunks keep a null map), or,
   * when the store may not change the schema, fails with the statement to run.
   */
  private void upgradeSchema(Connection c) throws SQLException {
    if (Jdbc.exists(c, sql.hasSourceMapColumn(), sql.chunks)) {
      return;
    }
    if (!settings.createSchema()) {
      throw new IllegalStateException(
          "collection "
              + settings.collection()
              + " was created by an earlier version of citerag and has no source_map column: run "
              + sql.addSourceMap()
              + ", or build the store with createSchema(true)");
    }
    Jdbc.runInTransaction(
        c,
        () -> {
          try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_xact_lock(?, 0)")) {
            ps.setInt(1, lockKey);
            ps.execute();
          }
          try (Statement s = c.createStatement()) {
            s.execute(sql.addSourceMap());
          }
        });
    log.info(
        "citerag.pgvector: added the source_map column to collection {}.{} (created by an"
            + " earlier version; its chunks have no document offsets until re-ingested)",
        settings.schema(),
        settings.collection());
  }

  /**
   * The table exists, its vector column has our dimensions, its tsvector uses our configuration.
   */
  private void verifySchema(Connection c) throws SQLException {
    if (!Jdbc.exists(c, "SELECT to_regclass(?) IS NOT NULL", sql.chunks)
        || !Jdbc.exists(c, "SELECT to_regclass(?) IS NOT NULL", sql.documents)
        || !Jdbc.exists(c, "SELECT to_regclass(?) IS NOT NULL", sql.manifest)) {
      throw new CollectionNotFoundException(settings.schema(), settings.collection());
    }
    Integer dims = null;
    String type = null;
    String tsvExpr = null;
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT a.attname, a.atttypmod, pg_get_expr(d.adbin, d.adrelid),"
                + " format_type(a.atttypid, NULL) FROM pg_attribute a"
                + " LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum"
                + " WHERE a.attrelid = to_regclass(?) AND a.attname IN ('embedding', 'tsv')"
                + " AND NOT a.attisdropped")) {
      ps.setString(1, sql.chunks);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          if (rs.getString(1).equals("embedding")) {
            dims = rs.getInt(2);
            type = rs.getString(4);
          } else {
            tsvExpr = rs.getString(3);
          }
        }
      }
    }
    if (dims == null || dims != settings.dimensions()) {
      throw new IllegalStateException(
          "collection "
              + settings.collection()
              + " stores vectors of "
              + dims
              + " dimensions, but"
              + " dimensions("
              + settings.dimensions()
              + ") was configured; vectors of another model"
              + " need a new collection (and re-embedding)");
    }
    String configured = settings.halfvec() ? "halfvec" : "vector";
    if (!configured.equals(type)) {
      throw new IllegalStateException(
          "collection "
              + settings.collection()
              + " stores its vectors as "
              + type
              + ", but halfvec("
              + settings.halfvec()
              + ") was configured; build the store with halfvec("
              + !settings.halfvec()
              + "), or load the documents into a new collection");
    }
    String expected = "'" + settings.textSearchConfig() + "'::regconfig";
    if (tsvExpr == null || !tsvExpr.contains(expected)) {
      throw new IllegalStateException(
          "collection "
              + settings.collection()
              + " indexes text with "
              + tsvExpr
              + ", not with"
              + " textSearchConfig \""
              + settings.textSearchConfig()
              + "\"; use the configuration it"
              + " was created with, or a new collection");
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

  /**
   * See {@link dev.citerag.store.VectorStore#ensureIdentity}; the manifest row is inserted once,
   * then compared.
   */
  void ensureIdentity(CollectionIdentity identity) {
    Checks.notNull(identity, "identity");
    if (identity.dimensions() != settings.dimensions()) {
      throw new IdentityMismatchException(
          "collection "
              + settings.collection()
              + " holds vectors of "
              + settings.dimensions()
              + " dimensions, but the identity "
              + identity.embeddingProvider()
              + "/"
              + identity.embeddingModel()
              + " has "
              + identity.dimensions()
              + "; create a new collection for this model and re-embed");
    }
    CollectionIdentity stored =
        jdbc.inTransaction(
            "recording the collection identity",
            c -> {
              try (PreparedStatement ps = c.prepareStatement(sql.insertIdentity())) {
                ps.setString(1, settings.collection());
                ps.setString(2, identity.embeddingProvider());
                ps.setString(3, identity.embeddingModel());
                ps.setString(4, identity.modelDigest());
                ps.setInt(5, identity.dimensions());
                ps.setString(6, identity.queryInstruction());
                ps.setString(7, identity.chunkerSettings());
                if (ps.executeUpdate() == 1) {
                  log.info(
                      "citerag.pgvector: recorded the identity of collection {}: {}/{}",
                      settings.collection(),
                      identity.embeddingProvider(),
                      identity.embeddingModel());
                  return identity;
                }
              }
              return readIdentity(c)
                  .orElseThrow(
                      () ->
                          new StoreException(
                              "the identity of collection "
                                  + settings.collection()
                                  + " vanished while recording it",
                              null));
            });
    List<String> differences = stored.differencesFrom(identity);
    if (!differences.isEmpty()) {
      throw new IdentityMismatchException(
          "collection "
              + settings.collection()
              + " was embedded with a different identity: "
              + String.join("; ", differences)
              + ". Its vectors cannot be mixed with these:"
              + " create a new collection and re-embed the documents");
    }
  }

  /** See {@link dev.citerag.store.VectorStore#identity}. */
  Optional<CollectionIdentity> identity() {
    return jdbc.withConnection("reading the collection identity", this::readIdentity);
  }

  private Optional<CollectionIdentity> readIdentity(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql.selectIdentity())) {
      ps.setString(1, settings.collection());
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        return Optional.of(
            new CollectionIdentity(
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getInt(4),
                rs.getString(5),
                rs.getString(6)));
      }
    }
  }

  /**
   * What to do when this role may not create the extension: the exact statement a superuser runs
   * once, in this database.
   */
  private static String extensionAdvice(Connection c) {
    String db = "this database";
    String user = "this role";
    try (Statement s = c.createStatement();
        java.sql.ResultSet rs = s.executeQuery("SELECT current_database(), current_user")) {
      if (rs.next()) {
        db = rs.getString(1);
        user = rs.getString(2);
      }
    } catch (SQLException ignored) {
      // the advice still holds without the names
    }
    return "permission denied to create extension \"vector\": role "
        + user
        + " may not create it."
        + " A superuser must run, once, in database "
        + db
        + ": CREATE EXTENSION vector;"
        + "  (for example: sudo -u postgres psql -d "
        + db
        + " -c 'CREATE EXTENSION vector;')";
  }
}
