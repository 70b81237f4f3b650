package dev.citerag.testkit.postgres;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * A deliberately small connection pool for tests: idle physical connections are reused; closing a
 * handed-out connection rolls back an open transaction, restores auto-commit and returns it. A
 * connection found closed (e.g. its backend was terminated) is discarded. No validation query, no
 * timeouts: production code should use a real pool.
 */
final class PooledDataSource implements DataSource, AutoCloseable {
  private static final int MAX_IDLE = 16;

  private final String url;
  private final Properties properties = new Properties();
  private final org.postgresql.Driver driver = new org.postgresql.Driver();
  private final Deque<Connection> idle = new ArrayDeque<>();
  private final Set<Connection> open = ConcurrentHashMap.newKeySet();
  private boolean closed;

  PooledDataSource(String url, String user, @Nullable String password) {
    this.url = url;
    properties.setProperty("user", user);
    if (password != null) {
      properties.setProperty("password", password);
    }
    properties.setProperty("ApplicationName", "citerag-testkit");
  }

  @Override
  public Connection getConnection() throws SQLException {
    Connection physical;
    synchronized (this) {
      if (closed) {
        throw new SQLException("the test database's pool is closed");
      }
      physical = idle.pollFirst();
    }
    if (physical == null || physical.isClosed()) {
      physical = driver.connect(url, properties);
      if (physical == null) {
        throw new SQLException("the PostgreSQL driver does not accept the URL " + url);
      }
      open.add(physical);
    }
    Connection p = physical;
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, new Handle(p));
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    throw new SQLFeatureNotSupportedException("the test pool connects as its own user only");
  }

  /** Physical connections currently open (idle or handed out). */
  int openConnections() {
    open.removeIf(
        c -> {
          try {
            return c.isClosed();
          } catch (SQLException e) {
            return true;
          }
        });
    return open.size();
  }

  private void giveBack(Connection physical) {
    boolean reuse;
    try {
      if (physical.isClosed()) {
        reuse = false;
      } else {
        if (!physical.getAutoCommit()) {
          physical.rollback();
          physical.setAutoCommit(true);
        }
        physical.clearWarnings();
        reuse = true;
      }
    } catch (SQLException e) {
      reuse = false;
    }
    synchronized (this) {
      if (reuse && !closed && idle.size() < MAX_IDLE) {
        idle.addFirst(physical);
        return;
      }
    }
    closeQuietly(physical);
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
      idle.clear();
    }
    for (Connection c : open) {
      closeQuietly(c);
    }
    open.clear();
  }

  private void closeQuietly(Connection c) {
    open.remove(c);
    try {
      c.close();
    } catch (SQLException ignored) {
      // closing a broken connection: nothing left to release
    }
  }

  /** The handed-out view of a physical connection; {@code close()} returns it to the pool. */
  private final class Handle implements InvocationHandler {
    private final Connection physical;
    private boolean released;

    Handle(Connection physical) {
      this.physical = physical;
    }

    @Override
    public @Nullable Object invoke(Object proxy, Method method, Object @Nullable [] args)
        throws Throwable {
      switch (method.getName()) {
        case "close" -> {
          synchronized (this) {
            if (!released) {
              released = true;
              giveBack(physical);
            }
          }
          return null;
        }
        case "isClosed" -> {
          synchronized (this) {
            return released || physical.isClosed();
          }
        }
        case "equals" -> {
          return args != null && proxy == args[0];
        }
        case "hashCode" -> {
          return System.identityHashCode(proxy);
        }
        case "toString" -> {
          return "pooled " + physical;
        }
        default -> {
          // every other method goes to the physical connection below
        }
      }
      synchronized (this) {
        if (released) {
          throw new SQLException("connection is closed (returned to the pool)");
        }
      }
      try {
        return method.invoke(physical, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    }
  }

  @Override
  public @Nullable PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public void setLogWriter(@Nullable PrintWriter out) {}

  @Override
  public void setLoginTimeout(int seconds) {}

  @Override
  public int getLoginTimeout() {
    return 0;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("no java.util.logging here");
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("not a wrapper for " + iface.getName());
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
