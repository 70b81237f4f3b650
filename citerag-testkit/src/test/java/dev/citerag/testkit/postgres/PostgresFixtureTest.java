package dev.citerag.testkit.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@PostgresTest
class PostgresFixtureTest {

  private static String databaseSeenInBeforeAll = "";

  @BeforeAll
  static void remember(PostgresDatabase db) {
    databaseSeenInBeforeAll = db.name();
  }

  @Test
  void injected_data_source_reaches_a_database_where_pgvector_can_be_created(DataSource ds)
      throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE EXTENSION IF NOT EXISTS vector");
      try (ResultSet rs = s.executeQuery("SELECT '[1,0]'::vector <=> '[0,1]'::vector")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getDouble(1)).isEqualTo(1.0);
      }
    }
  }

  @Test
  void every_injection_in_one_test_class_sees_the_same_fresh_database(
      PostgresDatabase db, DataSource ds) throws SQLException {
    assertThat(db.name()).startsWith("citerag_t_").isEqualTo(databaseSeenInBeforeAll);
    assertThat(scalar(ds, "SELECT current_database()")).isEqualTo(db.name());
    assertThat(db.jdbcUrl()).endsWith("/" + db.name());
  }

  @Test
  void created_databases_are_isolated_and_dropped_on_close() throws SQLException {
    PostgresFixture fixture = PostgresFixture.shared();
    PostgresDatabase a = fixture.createDatabase();
    String aName = a.name();
    try (PostgresDatabase b = fixture.createDatabase()) {
      assertThat(b.name()).isNotEqualTo(aName);
      execute(a.dataSource(), "CREATE TABLE only_in_a (x int)");
      assertThat(scalar(a.dataSource(), "SELECT to_regclass('only_in_a')::text"))
          .isEqualTo("only_in_a");
      assertThat(scalar(b.dataSource(), "SELECT to_regclass('only_in_a')::text")).isNull();
    }
    a.close();
    try (Connection c = fixture.adminConnection();
        var ps = c.prepareStatement("SELECT count(*) FROM pg_database WHERE datname = ?")) {
      ps.setString(1, aName);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        assertThat(rs.getInt(1)).isZero();
      }
    }
    assertThrows(IllegalStateException.class, a::dataSource);
  }

  @Test
  void pool_reuses_a_connection_and_rolls_back_what_was_not_committed(DataSource ds)
      throws SQLException {
    execute(ds, "CREATE TABLE pool_probe (x int)");
    String pid;
    try (Connection c = ds.getConnection()) {
      pid = scalar(c, "SELECT pg_backend_pid()::text");
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.execute("INSERT INTO pool_probe VALUES (1)");
      }
    }
    try (Connection c = ds.getConnection()) {
      assertThat(scalar(c, "SELECT pg_backend_pid()::text")).isEqualTo(pid);
      assertThat(c.getAutoCommit()).isTrue();
      assertThat(scalar(c, "SELECT count(*)::text FROM pool_probe")).isEqualTo("0");
    }
  }

  @Test
  void pool_replaces_a_connection_whose_backend_was_terminated(DataSource ds) throws Exception {
    String pid;
    try (Connection c = ds.getConnection()) {
      pid = scalar(c, "SELECT pg_backend_pid()::text");
    }
    try (Connection other = ds.getConnection();
        Connection victim = ds.getConnection()) {
      String victimPid = scalar(victim, "SELECT pg_backend_pid()::text");
      int pidNumber = Integer.parseInt(victimPid);
      scalar(other, "SELECT pg_terminate_backend(" + pidNumber + ")::text");
      for (int i = 0;
          i < 100
              && !"0"
                  .equals(
                      scalar(
                          other,
                          "SELECT count(*)::text FROM pg_stat_activity WHERE pid = " + pidNumber));
          i++) {
        Thread.sleep(20); // termination is asynchronous
      }
      assertThrows(SQLException.class, () -> scalar(victim, "SELECT 1"));
    }
    try (Connection c1 = ds.getConnection();
        Connection c2 = ds.getConnection()) {
      assertThat(scalar(c1, "SELECT 1::text")).isEqualTo("1");
      assertThat(scalar(c2, "SELECT 1::text")).isEqualTo("1");
    }
    assertThat(pid).isNotBlank();
  }

  @Test
  void a_closed_pooled_connection_refuses_further_use(DataSource ds) throws SQLException {
    Connection c = ds.getConnection();
    c.close();
    assertThat(c.isClosed()).isTrue();
    assertThrows(SQLException.class, c::createStatement);
  }

  @Test
  void database_handle_never_shows_its_password() {
    PostgresDatabase db =
        new PostgresDatabase(
            PostgresFixture.shared(),
            "citerag_t_none",
            "jdbc:postgresql://h/db",
            "alice",
            "s3cr3t-pw");
    assertThat(db.toString()).doesNotContain("s3cr3t-pw").contains("****").contains("alice");
    assertThat(db.password()).contains("s3cr3t-pw");
  }

  @Test
  void server_from_the_environment_url_is_used_and_its_password_kept_out_of_urls()
      throws SQLException {
    Server local = PostgresFixture.shared().server();
    String url =
        local.adminUrl() + "?user=" + local.username() + "&password=not-needed&ApplicationName=x";
    Server server =
        PostgresFixture.startServer(
            Map.of("CITERAG_TEST_JDBC_URL", url), Path.of("/nonexistent"), Optional::empty);
    assertThat(server).isInstanceOf(ExternalServer.class);
    assertThat(server.external()).isTrue();
    assertThat(server.adminUrl()).doesNotContain("not-needed").contains("ApplicationName=x");
    assertThat(server.password()).isEqualTo("not-needed");
    PostgresFixture fixture = new PostgresFixture(server);
    try (PostgresDatabase db = fixture.createDatabase()) {
      assertThat(db.jdbcUrl()).contains("/" + db.name() + "?ApplicationName=x");
      assertThat(scalar(db.dataSource(), "SELECT current_database()")).isEqualTo(db.name());
    }
  }

  @Test
  void no_server_anywhere_fails_naming_the_setup_script() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                PostgresFixture.startServer(
                    Map.of(),
                    Path.of("/nonexistent/postgresql"),
                    () -> Optional.of("Testcontainers found no Docker engine")));
    assertThat(e.getMessage())
        .contains("CITERAG_TEST_JDBC_URL")
        .contains("scripts/setup-postgres.sh")
        .contains("pgvector")
        .contains("Testcontainers found no Docker engine");
  }

  @Test
  void pg_bin_without_server_binaries_is_rejected_naming_the_setup_script(@TempDir Path empty) {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                LocalCluster.findBinDir(
                    Map.of("PG_BIN", empty.toString()), Path.of("/nonexistent")));
    assertThat(e.getMessage()).contains("PG_BIN=" + empty).contains("scripts/setup-postgres.sh");
  }

  @Test
  void newest_installed_major_version_is_preferred(@TempDir Path root) throws IOException {
    for (String major : new String[] {"9.6", "15", "16", "17"}) {
      if (!major.equals("17")) {
        fakeBin(root.resolve(major).resolve("bin"));
      } else {
        Files.createDirectories(root.resolve(major).resolve("bin")); // no binaries: skipped
      }
    }
    assertThat(LocalCluster.findBinDir(Map.of(), root)).contains(root.resolve("16").resolve("bin"));
    assertThat(LocalCluster.findBinDir(Map.of(), root.resolve("missing"))).isEmpty();
  }

  private static void fakeBin(Path bin) throws IOException {
    Files.createDirectories(bin);
    for (String tool : new String[] {"initdb", "pg_ctl"}) {
      Path p = Files.createFile(bin.resolve(tool));
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  private static void execute(DataSource ds, String sql) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private static String scalar(DataSource ds, String sql) throws SQLException {
    try (Connection c = ds.getConnection()) {
      return scalar(c, sql);
    }
  }

  private static String scalar(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
