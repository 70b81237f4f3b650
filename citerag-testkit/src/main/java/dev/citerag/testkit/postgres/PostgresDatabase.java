package dev.citerag.testkit.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One database of the fixture's server, made for one test class (or one caller of {@link
 * PostgresFixture#createDatabase()}). {@link #close()} closes its connections and drops it.
 * Thread-safe.
 */
public final class PostgresDatabase implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(PostgresDatabase.class);

  private final PostgresFixture fixture;
  private final String name;
  private final String jdbcUrl;
  private final String username;
  private final @Nullable String password;
  private final HikariDataSource dataSource;
  private volatile boolean keep;
  private volatile boolean closed;

  PostgresDatabase(
      PostgresFixture fixture,
      String name,
      String jdbcUrl,
      String username,
      @Nullable String password) {
    this.fixture = fixture;
    this.name = name;
    this.jdbcUrl = jdbcUrl;
    this.username = username;
    this.password = password;
    this.dataSource = pool(name, jdbcUrl, username, password);
  }

  /**
   * A HikariCP pool that opens no connection until one is asked for (test databases are many and
   * short-lived) and keeps at most 16; HikariCP rolls back what a returned connection left
   * uncommitted, restores auto-commit and drops connections whose backend died.
   */
  private static HikariDataSource pool(
      String name, String jdbcUrl, String username, @Nullable String password) {
    HikariConfig config = new HikariConfig();
    config.setPoolName("citerag-testkit-" + name);
    config.setDriverClassName("org.postgresql.Driver");
    config.setJdbcUrl(jdbcUrl);
    config.setUsername(username);
    if (password != null) {
      config.setPassword(password);
    }
    config.addDataSourceProperty("ApplicationName", "citerag-testkit");
    config.setMinimumIdle(0);
    config.setMaximumPoolSize(16);
    config.setInitializationFailTimeout(-1); // connect on first use, not here
    return new HikariDataSource(config);
  }

  /** {@return the database's name, e.g. {@code citerag_t_3f9a0c}} */
  public String name() {
    return name;
  }

  /** {@return a JDBC URL for this database; it carries no password} */
  public String jdbcUrl() {
    return jdbcUrl;
  }

  /** {@return the user to connect as} */
  public String username() {
    return username;
  }

  /** {@return the password to connect with; empty when the server trusts local connections} */
  public Optional<String> password() {
    return Optional.ofNullable(password);
  }

  /**
   * A pooling {@link DataSource} for this database (HikariCP, at most 16 connections). Closing a
   * connection returns it to the pool after rolling back any open transaction; connections are
   * closed with the database.
   *
   * @return the data source, thread-safe
   * @throws IllegalStateException after {@link #close()}
   */
  public DataSource dataSource() {
    if (closed) {
      throw new IllegalStateException("database " + name + " is closed");
    }
    return dataSource;
  }

  /** Keeps the database (instead of dropping it) on {@link #close()}, e.g. after a failure. */
  public void keepOnClose() {
    keep = true;
  }

  /** Closes the pooled connections and drops the database, unless {@link #keepOnClose()}. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    dataSource.close();
    if (keep && fixture.isExternal()) {
      log.info(
          "citerag.testkit.postgres: keeping database {} after a failed test: {}", name, jdbcUrl);
      return;
    }
    try (Connection c = fixture.adminConnection();
        Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    } catch (SQLException e) {
      log.warn("citerag.testkit.postgres: could not drop database {}", name, e);
    }
  }

  @Override
  public String toString() {
    return "PostgresDatabase[name="
        + name
        + ", url="
        + jdbcUrl
        + ", user="
        + username
        + (password == null ? "" : ", password=****")
        + "]";
  }
}
