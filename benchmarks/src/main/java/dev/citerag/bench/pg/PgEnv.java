package dev.citerag.bench.pg;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.citerag.testkit.postgres.PostgresDatabase;
import dev.citerag.testkit.postgres.PostgresFixture;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * The database the pgvector sections use: {@code CITERAG_BENCH_JDBC_URL} (with {@code
 * CITERAG_BENCH_JDBC_USER} / {@code CITERAG_BENCH_JDBC_PASSWORD}) or, without it, a fresh database
 * of the testkit's PostgreSQL fixture. Every store gets its own HikariCP pool of 2 connections.
 */
public final class PgEnv implements AutoCloseable {
  private final String url;
  private final @Nullable String user;
  private final @Nullable String password;
  private final @Nullable PostgresDatabase fixtureDb;
  private final String origin;

  private PgEnv(
      String url,
      @Nullable String user,
      @Nullable String password,
      @Nullable PostgresDatabase fixtureDb,
      String origin) {
    this.url = url;
    this.user = user;
    this.password = password;
    this.fixtureDb = fixtureDb;
    this.origin = origin;
  }

  public static PgEnv open(@Nullable String jdbcUrl) {
    if (jdbcUrl != null && !jdbcUrl.isBlank()) {
      return new PgEnv(
          jdbcUrl,
          System.getenv("CITERAG_BENCH_JDBC_USER"),
          System.getenv("CITERAG_BENCH_JDBC_PASSWORD"),
          null,
          "`CITERAG_BENCH_JDBC_URL`");
    }
    PostgresFixture fixture = PostgresFixture.shared();
    PostgresDatabase db = fixture.createDatabase();
    return new PgEnv(
        db.jdbcUrl(),
        db.username(),
        db.password().orElse(null),
        db,
        "testkit fixture (" + fixture.description().replaceAll(" in /[^ ]+", "") + ")");
  }

  /** A new pool of {@code size} connections. */
  public HikariDataSource pool(String name, int size) {
    HikariConfig hc = new HikariConfig();
    hc.setJdbcUrl(url);
    if (user != null) {
      hc.setUsername(user);
    }
    if (password != null) {
      hc.setPassword(password);
    }
    hc.setMaximumPoolSize(size);
    hc.setMinimumIdle(size);
    hc.setPoolName("bench-" + name);
    return new HikariDataSource(hc);
  }

  public String origin() {
    return origin;
  }

  /** PostgreSQL and pgvector versions and the settings that matter for these figures. */
  public static String serverFacts(DataSource ds) throws SQLException {
    StringBuilder sb = new StringBuilder();
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE EXTENSION IF NOT EXISTS vector");
      try (ResultSet rs =
          s.executeQuery(
              "SELECT current_setting('server_version'),"
                  + " (SELECT extversion FROM pg_extension WHERE extname = 'vector')")) {
        rs.next();
        sb.append("PostgreSQL ")
            .append(rs.getString(1))
            .append(", pgvector ")
            .append(rs.getString(2));
      }
      for (String name :
          List.of(
              "shared_buffers",
              "work_mem",
              "maintenance_work_mem",
              "max_parallel_maintenance_workers",
              "max_parallel_workers_per_gather",
              "fsync",
              "synchronous_commit",
              "full_page_writes",
              "jit")) {
        try (ResultSet rs = s.executeQuery("SHOW " + name)) {
          rs.next();
          sb.append(", ").append(name).append(' ').append(rs.getString(1));
        }
      }
    }
    return sb.toString();
  }

  public static void exec(DataSource ds, String... sql) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }

  public static String queryString(DataSource ds, String sql) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Override
  public void close() {
    if (fixtureDb != null) {
      fixtureDb.close();
    }
  }
}
