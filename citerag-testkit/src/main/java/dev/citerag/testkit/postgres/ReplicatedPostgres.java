package dev.citerag.testkit.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.citerag.internal.Checks;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import javax.sql.DataSource;

/**
 * A throwaway PostgreSQL primary with one streaming replica on this machine, for testing code that
 * reads from replicas: the primary is made like {@link PostgresFixture}'s local cluster ({@code
 * initdb}, no fsync, a free port on 127.0.0.1), the replica with {@code pg_basebackup -R} from it
 * and started as a hot standby on another port. As root, both run as the {@code postgres} user.
 *
 * <p>It needs the server binaries ({@code PG_BIN} or {@code /usr/lib/postgresql/<major>/bin}, as
 * {@code scripts/setup-postgres.sh} installs them); it does not use {@code CITERAG_TEST_JDBC_URL}
 * or containers. Each instance starts its own two servers (a few seconds): share one per test
 * class, and {@link #close()} it.
 *
 * <pre>{@code
 * try (ReplicatedPostgres pg = ReplicatedPostgres.start();
 *     PostgresDatabase db = pg.createDatabase()) {
 *   DataSource primary = db.dataSource();
 *   DataSource replica = pg.replicaDataSource(db);
 *   pg.pauseReplay();   // the replica now lags behind every later write
 *   ...
 * }
 * }</pre>
 */
public final class ReplicatedPostgres implements AutoCloseable {
  private final LocalCluster primary;
  private final LocalCluster replica;
  private final PostgresFixture fixture;
  private final List<HikariDataSource> pools = new ArrayList<>();

  private ReplicatedPostgres(LocalCluster primary, LocalCluster replica) {
    this.primary = primary;
    this.replica = replica;
    this.fixture = new PostgresFixture(primary);
  }

  /**
   * Starts a primary and its streaming replica.
   *
   * @return the running pair, owned by the caller
   * @throws IllegalStateException when no PostgreSQL server binaries are installed, or a server
   *     cannot be started or copied
   */
  public static ReplicatedPostgres start() {
    Path bin =
        LocalCluster.findBinDir(System.getenv(), LocalCluster.defaultRoot())
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "ReplicatedPostgres needs PostgreSQL server binaries (PG_BIN or "
                            + LocalCluster.defaultRoot()
                            + "/<major>/bin): "
                            + PostgresFixture.SETUP_ADVICE));
    LocalCluster p = LocalCluster.start(bin);
    try {
      return new ReplicatedPostgres(p, LocalCluster.replicaOf(p));
    } catch (RuntimeException e) {
      p.destroy();
      throw e;
    }
  }

  /**
   * Creates a fresh database on the primary (pgvector available); it appears on the replica once
   * the replica has replayed its creation ({@link #awaitReplay}).
   *
   * @return the database on the primary; close it to drop it
   */
  public PostgresDatabase createDatabase() {
    return fixture.createDatabase();
  }

  /**
   * The JDBC URL of a database on the replica.
   *
   * @param db a database made by {@link #createDatabase()}
   * @return its URL on the replica (no password: the servers trust local users)
   */
  public String replicaJdbcUrl(PostgresDatabase db) {
    Checks.notNull(db, "db");
    return replica.urlFor(db.name());
  }

  /** {@return the user both servers trust} */
  public String username() {
    return primary.username();
  }

  /**
   * A pooled data source for {@code db} on the replica, closed with this object. Its connection
   * timeout is short (1 s), so that code under test sees a stopped replica quickly.
   *
   * @param db a database made by {@link #createDatabase()}
   * @return the replica's data source
   */
  public DataSource replicaDataSource(PostgresDatabase db) {
    HikariConfig config = new HikariConfig();
    config.setPoolName("citerag-testkit-replica-" + db.name());
    config.setDriverClassName("org.postgresql.Driver");
    config.setJdbcUrl(replicaJdbcUrl(db));
    config.setUsername(replica.username());
    config.setMinimumIdle(0);
    config.setMaximumPoolSize(8);
    config.setConnectionTimeout(1_000);
    config.setInitializationFailTimeout(-1);
    HikariDataSource ds = new HikariDataSource(config);
    synchronized (pools) {
      pools.add(ds);
    }
    return ds;
  }

  /** {@return the primary's port on 127.0.0.1} */
  public int primaryPort() {
    return primary.port();
  }

  /** {@return the replica's port on 127.0.0.1} */
  public int replicaPort() {
    return replica.port();
  }

  /**
   * Stops the replica (fast shutdown); {@link #startReplica()} brings it back on the same port.
   *
   * @throws IllegalStateException when {@code pg_ctl stop} fails
   */
  public void stopReplica() {
    replica.stop();
  }

  /**
   * Starts the stopped replica again; it catches up from the primary by itself.
   *
   * @throws IllegalStateException when {@code pg_ctl start} fails
   */
  public void startReplica() {
    replica.restart();
  }

  /**
   * Pauses WAL replay on the replica ({@code pg_wal_replay_pause()}): it keeps answering queries
   * but sees no later write until {@link #resumeReplay()}.
   *
   * @throws IllegalStateException when the replica cannot be reached
   */
  public void pauseReplay() {
    onReplica("SELECT pg_wal_replay_pause()");
  }

  /**
   * Resumes WAL replay on the replica.
   *
   * @throws IllegalStateException when the replica cannot be reached
   */
  public void resumeReplay() {
    onReplica("SELECT pg_wal_replay_resume()");
  }

  /**
   * Waits until the replica has replayed everything the primary had written when called.
   *
   * @param timeout the longest wait
   * @throws IllegalStateException when the replica has not caught up within {@code timeout}
   */
  public void awaitReplay(Duration timeout) {
    awaitReplica("pg_last_wal_replay_lsn()", "replay", timeout);
  }

  /**
   * Waits until the replica has received (not necessarily replayed) everything the primary had
   * written when called: with replay paused, the replica then knows it is behind.
   *
   * @param timeout the longest wait
   * @throws IllegalStateException when the replica has not received it within {@code timeout}
   */
  public void awaitReceived(Duration timeout) {
    awaitReplica("pg_last_wal_receive_lsn()", "receive", timeout);
  }

  private void awaitReplica(String position, String what, Duration timeout) {
    Checks.notNull(timeout, "timeout");
    String target;
    try (Connection c = connect(primary.adminUrl());
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_current_wal_insert_lsn()::text")) {
      rs.next();
      target = rs.getString(1);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot read the primary's WAL position: " + e.getMessage(), e);
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      try (Connection c = connect(replica.adminUrl());
          PreparedStatement ps = c.prepareStatement("SELECT " + position + " >= ?::pg_lsn")) {
        ps.setString(1, target);
        try (ResultSet rs = ps.executeQuery()) {
          if (rs.next() && rs.getBoolean(1)) {
            return;
          }
        }
      } catch (SQLException e) {
        // the replica may still be starting: try again until the deadline
      }
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException(
            "the replica did not " + what + " up to " + target + " within " + timeout);
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for the replica", e);
      }
    }
  }

  /** Closes the replica pools and deletes both servers. */
  @Override
  public void close() {
    synchronized (pools) {
      pools.forEach(HikariDataSource::close);
      pools.clear();
    }
    replica.destroy();
    primary.destroy();
  }

  @Override
  public String toString() {
    return "ReplicatedPostgres[primary="
        + primary.description()
        + ", replica="
        + replica.description()
        + "]";
  }

  private void onReplica(String sql) {
    try (Connection c = connect(replica.adminUrl());
        Statement s = c.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot run " + sql + " on the replica: " + e.getMessage(), e);
    }
  }

  private static Connection connect(String url) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", "postgres");
    p.setProperty("ApplicationName", "citerag-testkit");
    Connection c = new org.postgresql.Driver().connect(url, p);
    if (c == null) {
      throw new SQLException("the PostgreSQL driver does not accept the URL " + url);
    }
    return c;
  }
}
