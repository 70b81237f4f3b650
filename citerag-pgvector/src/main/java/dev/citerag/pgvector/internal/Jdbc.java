package dev.citerag.pgvector.internal;

import dev.citerag.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.postgresql.PGStatement;

/**
 * Connection and transaction plumbing of one collection: every operation borrows a connection from
 * the {@link DataSource} and returns it; SQL failures become {@link StoreException}s that name the
 * operation and the collection.
 */
final class Jdbc implements Reads {
  private final DataSource dataSource;
  private final Settings settings;

  Jdbc(DataSource dataSource, Settings settings) {
    this.dataSource = dataSource;
    this.settings = settings;
  }

  @FunctionalInterface
  interface Work<T> {
    T run(Connection c) throws SQLException;
  }

  @FunctionalInterface
  interface TxBody<T> {
    T run() throws SQLException;
  }

  @FunctionalInterface
  interface TxAction {
    void run() throws SQLException;
  }

  <T> T withConnection(String what, Work<T> work) {
    try (Connection c = dataSource.getConnection()) {
      return work.run(c);
    } catch (SQLException e) {
      throw storeException(what, e);
    }
  }

  @Override
  public <T> T inTransaction(String what, Work<T> work) {
    try (Connection c = dataSource.getConnection()) {
      return inTransaction(c, () -> work.run(c));
    } catch (SQLException e) {
      throw storeException(what, e);
    }
  }

  @Override
  public <T> Served<T> inTransactionServed(String what, Work<T> work) {
    return new Served<>(inTransaction(what, work), ReadRouter.PRIMARY);
  }

  /**
   * {@return the host and port (or hosts and ports) the connection's URL names, without user,
   * password or parameters; empty when the URL is not a PostgreSQL one}
   */
  static String address(Connection c) throws SQLException {
    String url = c.getMetaData().getURL();
    if (url == null) {
      return "";
    }
    int start = url.indexOf("//");
    if (start < 0) {
      return "";
    }
    String rest = url.substring(start + 2);
    int end = rest.length();
    for (char stop : new char[] {'/', '?', '#'}) {
      int i = rest.indexOf(stop);
      if (i >= 0 && i < end) {
        end = i;
      }
    }
    String hosts = rest.substring(0, end);
    int at = hosts.lastIndexOf('@');
    return at >= 0 ? hosts.substring(at + 1) : hosts;
  }

  /** Like {@link #inTransaction(Connection, TxBody)}, for work without a result. */
  static void runInTransaction(Connection c, TxAction action) throws SQLException {
    inTransaction(
        c,
        () -> {
          action.run();
          return Boolean.TRUE;
        });
  }

  /**
   * Runs {@code body} in a transaction on {@code c}: commit on success, rollback on any failure.
   */
  static <T> T inTransaction(Connection c, TxBody<T> body) throws SQLException {
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

  /**
   * Search statements are server-prepared from their first execution (pgjdbc's default waits for
   * the fifth), so their generic plan is made once per connection instead of planning every call.
   */
  static void serverPrepared(PreparedStatement ps) {
    try {
      ps.unwrap(PGStatement.class).setPrepareThreshold(1);
    } catch (SQLException notPgjdbc) {
      // a wrapper that does not expose pgjdbc's statement: the driver's default applies
    }
  }

  static void execute(Connection c, String statement) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(statement);
    }
  }

  /** The boolean that {@code query} (one row, one column) returns. */
  static boolean exists(Connection c, String query) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(query)) {
      rs.next();
      return rs.getBoolean(1);
    }
  }

  /** The boolean that {@code query} (one row, one column, one text parameter) returns. */
  static boolean exists(Connection c, String query, String arg) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(query)) {
      ps.setString(1, arg);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getBoolean(1);
      }
    }
  }

  StoreException storeException(String what, SQLException e) {
    String state = e.getSQLState() == null ? "" : " [SQLState " + e.getSQLState() + "]";
    return new StoreException(
        "citerag.pgvector: "
            + what
            + " failed on collection "
            + settings.schema()
            + "."
            + settings.collection()
            + ": "
            + e.getMessage()
            + state,
        e);
  }
}
