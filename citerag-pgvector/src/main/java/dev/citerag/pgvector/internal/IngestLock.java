package dev.citerag.pgvector.internal;

import dev.citerag.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A collection's ingest lock: a session-level PostgreSQL advisory lock on the collection's key and
 * slot -1 (schema creation uses slot 0, document writes slots 1 and up), held on one connection of
 * the pool until {@link #close()}. Tried every {@value #POLL_MILLIS} ms until the wait is over, so
 * that the wait is bounded whatever the server's {@code lock_timeout}. If the process dies, the
 * server ends the session and with it the lock.
 */
public final class IngestLock implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(IngestLock.class);

  /** The advisory-lock slot of ingests under a collection's key. */
  static final int SLOT = -1;

  static final long POLL_MILLIS = 100;

  private final Connection connection;
  private final int key;
  private boolean closed;

  private IngestLock(Connection connection, int key) {
    this.connection = connection;
    this.key = key;
  }

  /**
   * Takes the lock, waiting at most {@code wait} while another session holds it.
   *
   * @throws StoreException when another session holds it for longer than {@code wait}, or the
   *     database fails
   */
  static IngestLock acquire(DataSource ds, int key, Settings settings, Duration wait) {
    long deadline = System.nanoTime() + wait.toNanos();
    Connection c = null;
    try {
      c = ds.getConnection();
      c.setAutoCommit(true);
      boolean logged = false;
      while (true) {
        if (tryLock(c, key)) {
          return new IngestLock(c, key);
        }
        if (System.nanoTime() - deadline >= 0) {
          break;
        }
        if (!logged) {
          log.info(
              "citerag.pgvector: waiting for another ingest into collection {} to finish",
              settings.collection());
          logged = true;
        }
        TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
      }
      closeQuietly(c);
      throw new StoreException(
          "citerag.pgvector: another ingest into collection \""
              + settings.collection()
              + "\" (schema \""
              + settings.schema()
              + "\") is running and did not finish within "
              + wait.toMillis()
              + " ms; ingests of one collection run one at a time, try again when it is done",
          null);
    } catch (SQLException e) {
      closeQuietly(c);
      throw new StoreException(
          "citerag.pgvector: cannot take the ingest lock of collection \""
              + settings.collection()
              + "\": "
              + e.getMessage(),
          e);
    } catch (InterruptedException e) {
      closeQuietly(c);
      Thread.currentThread().interrupt();
      throw new StoreException(
          "citerag.pgvector: interrupted while waiting for the ingest lock of collection \""
              + settings.collection()
              + "\"",
          e);
    }
  }

  private static boolean tryLock(Connection c, int key) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT pg_try_advisory_lock(?, ?)")) {
      ps.setInt(1, key);
      ps.setInt(2, SLOT);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    }
  }

  /** Releases the lock and returns the connection; idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try (PreparedStatement ps = connection.prepareStatement("SELECT pg_advisory_unlock(?, ?)")) {
      ps.setInt(1, key);
      ps.setInt(2, SLOT);
      ps.execute();
    } catch (SQLException e) {
      // the session ends below, and the lock with it
      log.warn("citerag.pgvector: cannot release the ingest lock: {}", e.getMessage());
      try {
        connection.abort(Runnable::run);
      } catch (SQLException ignored) {
        // closing anyway
      }
    } finally {
      closeQuietly(connection);
    }
  }

  private static void closeQuietly(@org.jspecify.annotations.Nullable Connection c) {
    if (c == null) {
      return;
    }
    try {
      c.close();
    } catch (SQLException ignored) {
      // nothing more to do
    }
  }
}
