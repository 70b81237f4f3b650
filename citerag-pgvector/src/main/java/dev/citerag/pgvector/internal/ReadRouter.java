package dev.citerag.pgvector.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends searches to read replicas, and to the primary when no replica may answer.
 *
 * <p>For each search the replicas are tried in turn (round robin). A replica is skipped when:
 *
 * <ul>
 *   <li>it cannot be reached, or a search on it fails with a connection, shutdown or recovery
 *       conflict error: it is then left out for {@link Routing#retryAfter()} (recovery is noticed
 *       by trying again after that);
 *   <li>its replay lag exceeds {@link Routing#maxLag()}: left out for the same time. The lag is
 *       {@code clock_timestamp() - pg_last_xact_replay_timestamp()} while the replica has received
 *       WAL it has not replayed yet, and 0 when it has replayed all it received (an idle primary
 *       does not make its replicas look late);
 *   <li>the search must see writes up to a WAL position ({@link #atLeast}) and the replica has not
 *       replayed that far within {@link Routing#readYourWritesWait()}: that search goes on to the
 *       next server, the replica is not marked.
 * </ul>
 *
 * The primary answers when every replica was skipped. Which server answered is kept per thread
 * ({@link #lastServer()}). Thread-safe; the health marks are shared by all views of one store.
 */
public final class ReadRouter implements Reads {
  private static final Logger log = LoggerFactory.getLogger(ReadRouter.class);

  /** The primary's name in {@link #lastServer()}. */
  public static final String PRIMARY = "primary";

  static final String CHECK =
      "SELECT COALESCE(CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0"
          + " ELSE EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000"
          + " END, 0)::float8,"
          + " COALESCE(pg_last_wal_replay_lsn() >= ?::pg_lsn, NOT pg_is_in_recovery())";

  private static final ThreadLocal<@Nullable String> LAST = new ThreadLocal<>();

  /**
   * How searches are routed.
   *
   * @param maxLag a replica further behind than this is skipped
   * @param retryAfter how long a skipped replica stays skipped
   * @param readYourWritesWait how long a search that must see a write waits for a replica to replay
   *     it before it goes on to the next server
   */
  public record Routing(Duration maxLag, Duration retryAfter, Duration readYourWritesWait) {}

  /** One replica and its health. */
  private static final class Replica {
    final String name;
    final DataSource dataSource;
    volatile long skipUntilNanos;
    volatile boolean skipped;

    Replica(String name, DataSource dataSource) {
      this.name = name;
      this.dataSource = dataSource;
    }
  }

  private final Jdbc primary;
  private final List<Replica> replicas;
  private final Routing routing;
  private final AtomicInteger next;
  private final long minLsn;
  private final Clock clock;

  /** The time source, so tests of the skip windows need not sleep. */
  interface Clock {
    long nanoTime();
  }

  private ReadRouter(
      Jdbc primary,
      List<Replica> replicas,
      Routing routing,
      AtomicInteger next,
      long minLsn,
      Clock clock) {
    this.primary = primary;
    this.replicas = replicas;
    this.routing = routing;
    this.next = next;
    this.minLsn = minLsn;
    this.clock = clock;
  }

  static ReadRouter create(Jdbc primary, List<DataSource> replicas, Routing routing) {
    List<Replica> rs = new ArrayList<>();
    for (int i = 0; i < replicas.size(); i++) {
      rs.add(new Replica("replica-" + (i + 1), replicas.get(i)));
    }
    return new ReadRouter(
        primary, List.copyOf(rs), routing, new AtomicInteger(), 0, System::nanoTime);
  }

  /** A view whose searches see every write up to {@code lsn} (a WAL position, see {@link Lsn}). */
  ReadRouter atLeast(long lsn) {
    return new ReadRouter(primary, replicas, routing, next, Math.max(minLsn, lsn), clock);
  }

  /** {@return the server that answered this thread's last search through any router} */
  public static @Nullable String lastServer() {
    return LAST.get();
  }

  @Override
  public <T> Served<T> inTransactionServed(String what, Jdbc.Work<T> work) {
    int n = replicas.size();
    int start = n == 0 ? 0 : Math.floorMod(next.getAndIncrement(), n);
    for (int i = 0; i < n; i++) {
      Replica r = replicas.get((start + i) % n);
      if (r.skipped && clock.nanoTime() - r.skipUntilNanos < 0) {
        continue;
      }
      Attempt<T> a = tryReplica(r, what, work);
      if (a.answered) {
        LAST.set(r.name);
        return new Served<>(a.value(), r.name);
      }
    }
    T value = primary.inTransaction(what, work);
    LAST.set(PRIMARY);
    return new Served<>(value, PRIMARY);
  }

  private record Attempt<T>(boolean answered, @Nullable T result) {
    T value() {
      if (result == null) {
        throw new IllegalStateException("no result");
      }
      return result;
    }
  }

  private <T> Attempt<T> tryReplica(Replica r, String what, Jdbc.Work<T> work) {
    Connection c;
    try {
      c = r.dataSource.getConnection();
    } catch (SQLException e) {
      skip(r, "cannot be reached (" + e.getMessage() + ")");
      return new Attempt<>(false, null);
    }
    try (c) {
      if (!caughtUp(r, c)) {
        return new Attempt<>(false, null);
      }
      T value = Jdbc.inTransaction(c, () -> work.run(c));
      if (r.skipped) {
        r.skipped = false;
        log.info("citerag.pgvector: {} answers searches again", r.name);
      }
      return new Attempt<>(true, value);
    } catch (SQLException e) {
      if (!serverTrouble(e)) {
        throw primary.storeException(what + " on " + r.name, e);
      }
      skip(r, "failed (" + e.getMessage() + ")");
      return new Attempt<>(false, null);
    }
  }

  /**
   * Whether the replica is within the lag bound and, for a read-your-writes view, has replayed up
   * to {@link #minLsn} (waiting up to the configured bound for it).
   */
  private boolean caughtUp(Replica r, Connection c) throws SQLException {
    long waitUntil = clock.nanoTime() + routing.readYourWritesWait().toNanos();
    try (PreparedStatement ps = c.prepareStatement(CHECK)) {
      ps.setString(1, Lsn.format(minLsn));
      while (true) {
        double lagMillis;
        boolean replayed;
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          lagMillis = rs.getDouble(1);
          replayed = rs.getBoolean(2);
        }
        if (lagMillis > routing.maxLag().toMillis()) {
          skip(
              r,
              String.format(
                  Locale.ROOT,
                  "lags %.0f ms behind the primary (bound %d ms)",
                  lagMillis,
                  routing.maxLag().toMillis()));
          return false;
        }
        if (replayed) {
          return true;
        }
        if (clock.nanoTime() - waitUntil >= 0) {
          log.debug(
              "citerag.pgvector: {} has not replayed {} within {}; the search goes on",
              r.name,
              Lsn.format(minLsn),
              routing.readYourWritesWait());
          return false;
        }
        try {
          Thread.sleep(5);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
    }
  }

  private void skip(Replica r, String why) {
    if (!r.skipped) {
      log.warn(
          "citerag.pgvector: {} {}; searches go elsewhere for {}",
          r.name,
          why,
          routing.retryAfter());
    }
    r.skipUntilNanos = clock.nanoTime() + routing.retryAfter().toNanos();
    r.skipped = true;
  }

  /**
   * Connection failures (class 08), shutdowns (57P01-57P03), a standby's recovery conflicts (40001
   * on a replica) and read-only errors (25006): the server, not the query, is at fault.
   */
  static boolean serverTrouble(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s) {
        String state = s.getSQLState();
        if (state != null
            && (state.startsWith("08")
                || state.startsWith("57P")
                || state.equals("40001")
                || state.equals("25006"))) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@return the replicas' names, for the store's description} */
  List<String> replicaNames() {
    return replicas.stream().map(r -> r.name).toList();
  }
}
