package dev.citerag.testkit.postgres;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The PostgreSQL server the tests of this JVM share, and a factory of fresh databases on it. Most
 * tests use it through {@link PostgresTest}; code that is not a JUnit test can call {@link
 * #shared()} and {@link #createDatabase()} directly.
 *
 * <p>The server, decided once per JVM:
 *
 * <ol>
 *   <li>the JDBC URL in the environment variable {@code CITERAG_TEST_JDBC_URL} (user and password
 *       from the URL, or {@code CITERAG_TEST_JDBC_USER} / {@code CITERAG_TEST_JDBC_PASSWORD}); the
 *       user needs the {@code CREATEDB} privilege;
 *   <li>else a throwaway cluster made with {@code initdb}/{@code pg_ctl} from {@code PG_BIN} or the
 *       newest {@code /usr/lib/postgresql/<major>/bin}, in a temporary directory, on a free port,
 *       without fsync; stopped and deleted when the JVM exits;
 *   <li>else a Testcontainers {@code pgvector/pgvector:pg17} container, when Testcontainers is on
 *       the classpath and a Docker engine answers;
 *   <li>else {@link IllegalStateException} naming {@code scripts/setup-postgres.sh}.
 * </ol>
 *
 * The server must offer the {@code vector} extension (pgvector); the fixture checks that {@code
 * CREATE EXTENSION vector} works and fails with installation advice otherwise.
 *
 * <pre>{@code
 * try (PostgresDatabase db = PostgresFixture.shared().createDatabase()) {
 *   DataSource ds = db.dataSource();
 *   ...
 * }
 * }</pre>
 */
public final class PostgresFixture {
  static final String SETUP_ADVICE =
      "run scripts/setup-postgres.sh (Debian/Ubuntu, as root: installs PostgreSQL and builds"
          + " pgvector), or install pgvector yourself (https://github.com/pgvector/pgvector"
          + "#installation), or set CITERAG_TEST_JDBC_URL to a PostgreSQL server that has it";

  private static @Nullable PostgresFixture shared;
  private static @Nullable RuntimeException sharedFailure;

  private final Server server;
  private final SecureRandom random = new SecureRandom();
  private volatile boolean extensionChecked;

  PostgresFixture(Server server) {
    this.server = server;
  }

  /**
   * The fixture of this JVM, starting (or finding) its server on first call.
   *
   * @return the fixture, shared by every test of this JVM
   * @throws IllegalStateException when no server can be had, or the server lacks pgvector; the
   *     message says how to install it. A failure is remembered: later calls fail the same way.
   */
  // the first start failure is kept on purpose: later test classes then fail at once with its
  // cause (wrapped in a fresh exception each time) instead of waiting for another slow start
  @SuppressWarnings("StaticAssignmentOfThrowable")
  public static synchronized PostgresFixture shared() {
    if (shared != null) {
      return shared;
    }
    if (sharedFailure != null) {
      throw new IllegalStateException(sharedFailure.getMessage(), sharedFailure);
    }
    try {
      PostgresFixture f =
          new PostgresFixture(
              startServer(
                  System.getenv(), LocalCluster.defaultRoot(), ContainerServer::unavailableReason));
      f.checkServer();
      shared = f;
      return f;
    } catch (RuntimeException e) {
      sharedFailure = e;
      throw e;
    }
  }

  static Server startServer(
      Map<String, String> env,
      java.nio.file.Path pgRoot,
      Supplier<Optional<String>> containersUnavailable) {
    String url = env.get("CITERAG_TEST_JDBC_URL");
    if (url != null && !url.isBlank()) {
      return new ExternalServer(url.trim(), env);
    }
    Optional<java.nio.file.Path> bin = LocalCluster.findBinDir(env, pgRoot);
    if (bin.isPresent()) {
      return LocalCluster.start(bin.get());
    }
    Optional<String> noContainers = containersUnavailable.get();
    if (noContainers.isEmpty()) {
      return ContainerServer.start();
    }
    throw new IllegalStateException(
        "No PostgreSQL server for the tests: CITERAG_TEST_JDBC_URL is not set, no PostgreSQL"
            + " server binaries were found (PG_BIN is not set and "
            + pgRoot
            + "/<major>/bin has no initdb), and "
            + noContainers.get()
            + ". To fix: "
            + SETUP_ADVICE
            + ".");
  }

  /** {@return where the server came from, for messages and logs (no password)} */
  public String description() {
    return server.description();
  }

  /**
   * Creates a fresh, empty database (pgvector available, not yet created in it) and returns a
   * handle; close it to drop the database.
   *
   * @return the database handle, owned by the caller
   * @throws IllegalStateException when the database cannot be created (e.g. no CREATEDB privilege)
   *     or pgvector cannot be created in it
   */
  public PostgresDatabase createDatabase() {
    String name = "citerag_t_" + HexFormat.of().formatHex(randomBytes(6));
    try (Connection c = adminConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "could not create a test database on " + server.description() + ": " + e.getMessage(), e);
    }
    PostgresDatabase db =
        new PostgresDatabase(this, name, server.urlFor(name), server.username(), server.password());
    if (!extensionChecked) {
      checkExtensionCreates(db);
      extensionChecked = true;
    }
    return db;
  }

  boolean isExternal() {
    return server.external();
  }

  Server server() {
    return server;
  }

  Connection adminConnection() throws SQLException {
    return connect(server.adminUrl());
  }

  private Connection connect(String url) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", server.username());
    String pw = server.password();
    if (pw != null) {
      p.setProperty("password", pw);
    }
    p.setProperty("ApplicationName", "citerag-testkit");
    Connection c = new org.postgresql.Driver().connect(url, p);
    if (c == null) {
      throw new SQLException("the PostgreSQL driver does not accept the URL " + url);
    }
    return c;
  }

  /** The server answers and offers the vector extension. */
  private void checkServer() {
    try (Connection c = adminConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT default_version FROM pg_available_extensions WHERE name = 'vector'")) {
      if (!rs.next()) {
        throw new IllegalStateException(
            "pgvector is not installed on the PostgreSQL test server ("
                + server.description()
                + "): the extension \"vector\" is not available. To fix: "
                + SETUP_ADVICE
                + ".");
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot connect to the PostgreSQL test server ("
              + server.description()
              + "): "
              + e.getMessage(),
          e);
    }
  }

  /** CREATE EXTENSION vector works in a fresh database (rolled back: the database stays empty). */
  private void checkExtensionCreates(PostgresDatabase db) {
    try (Connection c = connect(db.jdbcUrl())) {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.execute("CREATE EXTENSION IF NOT EXISTS vector");
        s.execute("SELECT '[1,2,3]'::vector <=> '[3,2,1]'::vector");
      } finally {
        c.rollback();
      }
    } catch (SQLException e) {
      db.close();
      throw new IllegalStateException(
          "CREATE EXTENSION vector fails on the PostgreSQL test server ("
              + server.description()
              + "): "
              + e.getMessage()
              + ". To fix: "
              + SETUP_ADVICE
              + ".",
          e);
    }
  }

  private byte[] randomBytes(int n) {
    byte[] b = new byte[n];
    random.nextBytes(b);
    return b;
  }
}
