package dev.citerag.examples.web;

import static dev.citerag.examples.web.SimpleResponses.simpleResponse;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small HTTP/1.1 server for the demo that a slow or silent client cannot stall: every connection
 * has its own thread (up to {@link Limits#maxConnections()}, and {@link
 * Limits#maxConnectionsPerAddress()} per client address), the request line and headers must arrive
 * within {@link Limits#headerTimeout()} and the body within {@link Limits#bodyTimeout()}, else the
 * client gets 408 and the connection is closed. Handlers see the JDK's {@link HttpExchange}, so
 * they are written as for {@code com.sun.net.httpserver.HttpServer}.
 *
 * <p>Slow clients: a connection still sending its request (head or body) for longer than {@link
 * #EVICTABLE_AFTER} is <em>evictable</em>. When all {@link Limits#maxConnections()} are taken, or a
 * client address already has {@link Limits#maxConnectionsPerAddress()}, a new connection closes the
 * evictable connection (of that address, or of anyone) that started first, and is served; only when
 * none is evictable (every connection is being answered) does it get 503 at once. So 64 connections
 * trickling bytes hold their slots only until someone else needs one, and a new client is served
 * the page while they are held; a client that sends its request in one go is never evicted.
 *
 * <p>Why not the JDK's server: it reads the request line and headers on a worker thread without a
 * read timeout, so four clients sending half a header held all four workers and the page stopped
 * answering; its only bound ({@code sun.net.httpserver.maxReqTime}) is a JVM-wide system property
 * read once, and it closes the connection without a 408.
 *
 * <p>One request per connection ({@code Connection: close}); {@code Content-Length} bodies only
 * (chunked uploads get 411); {@code Expect: 100-continue} is honoured.
 *
 * <p>This class accepts connections, bounds how many are served at once and runs each one; {@link
 * RequestHead} reads and bounds the request line and headers, {@link DeadlineInput} enforces the
 * deadlines, {@link BoundedExchange} bounds the body and writes the response.
 */
final class BoundedHttpServer implements AutoCloseable {

  /** The most unread request bytes {@link #finish} reads and discards before closing. */
  static final long DRAIN_BYTES = 4L << 20;

  /** How long {@link #finish} waits for a client to stop sending before closing. */
  static final java.time.Duration DRAIN_TIME = java.time.Duration.ofSeconds(5);

  /** The longest pause between two reads of {@link #finish}: a silent client is closed after it. */
  static final java.time.Duration DRAIN_PAUSE = java.time.Duration.ofSeconds(1);

  private static final Logger log = LoggerFactory.getLogger(BoundedHttpServer.class);

  /**
   * Time and connection bounds.
   *
   * @param headerTimeout from accepting a connection to the end of its headers
   * @param bodyTimeout from the end of the headers to the end of the body
   * @param maxConnections connections served at once
   * @param maxConnectionsPerAddress connections served at once for one client address
   */
  record Limits(
      Duration headerTimeout,
      Duration bodyTimeout,
      int maxConnections,
      int maxConnectionsPerAddress) {
    static final Limits DEFAULT =
        new Limits(Duration.ofSeconds(10), Duration.ofSeconds(30), 64, 16);

    Limits {
      if (maxConnections < 1) {
        throw new IllegalArgumentException("maxConnections must be >= 1, was " + maxConnections);
      }
      if (maxConnectionsPerAddress < 1 || maxConnectionsPerAddress > maxConnections) {
        throw new IllegalArgumentException(
            "maxConnectionsPerAddress must be 1 to maxConnections ("
                + maxConnections
                + "), was "
                + maxConnectionsPerAddress);
      }
    }

    /** With no bound per client address beyond the server's. */
    Limits(Duration headerTimeout, Duration bodyTimeout, int maxConnections) {
      this(headerTimeout, bodyTimeout, maxConnections, maxConnections);
    }
  }

  /**
   * How long a connection may be still sending its request before a newcomer may close it when the
   * server or its address is full.
   */
  static final Duration EVICTABLE_AFTER = Duration.ofSeconds(1);

  /** One accepted connection. */
  private static final class Conn {
    final Socket socket;
    final InetAddress address;
    final long started = System.nanoTime();
    volatile @Nullable BoundedExchange exchange;
    volatile boolean evicted;

    Conn(Socket socket) {
      this.socket = socket;
      this.address = socket.getInetAddress();
    }

    /** Still sending its head or body, for longer than {@link #EVICTABLE_AFTER}. */
    boolean evictable(long now) {
      BoundedExchange ex = exchange;
      return (ex == null || !ex.bodyReceived()) && now - started >= EVICTABLE_AFTER.toNanos();
    }
  }

  private final ServerSocket socket;
  private final Limits limits;
  private final HttpHandler handler;
  private final ExecutorService workers;
  private final Set<Conn> live = new HashSet<>();
  private final Map<InetAddress, Integer> perAddress = new HashMap<>();
  private final Thread acceptor;
  private volatile boolean closed;

  private BoundedHttpServer(ServerSocket socket, Limits limits, HttpHandler handler) {
    this.socket = socket;
    this.limits = limits;
    this.handler = handler;
    AtomicInteger n = new AtomicInteger();
    this.workers =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "citerag-web-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    this.acceptor = new Thread(this::acceptLoop, "citerag-web-accept");
    this.acceptor.setDaemon(true);
  }

  static BoundedHttpServer start(InetSocketAddress address, Limits limits, HttpHandler handler)
      throws IOException {
    ServerSocket ss = new ServerSocket();
    ss.setReuseAddress(true);
    ss.bind(address, 128);
    BoundedHttpServer s = new BoundedHttpServer(ss, limits, handler);
    s.acceptor.start();
    return s;
  }

  InetSocketAddress address() {
    return (InetSocketAddress) socket.getLocalSocketAddress();
  }

  @Override
  public void close() {
    closed = true;
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing anyway
    }
    List<Conn> open;
    synchronized (live) {
      open = new ArrayList<>(live);
    }
    open.forEach(c -> closeQuietly(c.socket)); // a blocked read ends only when its socket closes
    workers.shutdownNow();
    try {
      acceptor.join(2000);
      workers.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void acceptLoop() {
    while (!closed) {
      Socket client;
      try {
        client = socket.accept();
      } catch (IOException e) {
        if (!closed) {
          log.debug("citerag.web: accept failed: {}", e.toString());
        }
        continue;
      }
      Conn conn = new Conn(client);
      if (!admit(conn)) {
        refuse(client);
        continue;
      }
      try {
        workers.execute(
            () -> {
              try {
                serve(conn);
              } finally {
                release(conn);
              }
            });
      } catch (RuntimeException rejected) {
        release(conn);
        closeQuietly(client);
      }
    }
  }

  /**
   * Takes a slot for {@code conn}, first closing the evictable connection that started first (of
   * its address when the address is full, else of anyone when the server is full); false when there
   * is no room and nothing to evict.
   */
  private boolean admit(Conn conn) {
    List<Conn> victims = new ArrayList<>(2);
    boolean admitted;
    synchronized (live) {
      long now = System.nanoTime();
      if (perAddress.getOrDefault(conn.address, 0) >= limits.maxConnectionsPerAddress()) {
        Conn v = oldestEvictable(now, conn.address);
        if (v != null) {
          victims.add(v);
          forget(v);
        }
      }
      if (live.size() >= limits.maxConnections()) {
        Conn v = oldestEvictable(now, null);
        if (v != null) {
          victims.add(v);
          forget(v);
        }
      }
      admitted =
          live.size() < limits.maxConnections()
              && perAddress.getOrDefault(conn.address, 0) < limits.maxConnectionsPerAddress();
      if (admitted) {
        live.add(conn);
        perAddress.merge(conn.address, 1, Integer::sum);
      }
    }
    for (Conn v : victims) {
      v.evicted = true;
      log.debug("citerag.web: closed a connection still sending its request to make room");
      closeQuietly(v.socket); // its worker's read fails at once and the thread ends
    }
    return admitted;
  }

  private @Nullable Conn oldestEvictable(long now, @Nullable InetAddress of) {
    Conn oldest = null;
    for (Conn c : live) {
      if ((of == null || c.address.equals(of))
          && c.evictable(now)
          && (oldest == null || c.started - oldest.started < 0)) {
        oldest = c;
      }
    }
    return oldest;
  }

  /** Drops {@code c} from the books (caller holds the lock); false when it was not there. */
  private boolean forget(Conn c) {
    if (!live.remove(c)) {
      return false;
    }
    perAddress.computeIfPresent(c.address, (a, n) -> n <= 1 ? null : n - 1);
    return true;
  }

  private void release(Conn c) {
    synchronized (live) {
      forget(c);
    }
  }

  /** All slots taken: a short 503, then close. */
  private static void refuse(Socket client) {
    try (client) {
      client.setSoTimeout(100);
      OutputStream out = client.getOutputStream();
      out.write(simpleResponse(503, "too many connections"));
      out.flush();
    } catch (IOException ignored) {
      // the client is gone
    }
  }

  private void serve(Conn conn) {
    Socket client = conn.socket;
    long headerDeadline = System.nanoTime() + limits.headerTimeout().toNanos();
    try {
      client.setTcpNoDelay(true);
      DeadlineInput raw =
          new DeadlineInput(
              client, new BufferedInputStream(client.getInputStream()), headerDeadline);
      OutputStream out = new BufferedOutputStream(client.getOutputStream());
      RequestHead head;
      try {
        head = RequestHead.read(raw);
      } catch (TimedOut t) {
        sendAndClose(
            client,
            out,
            408,
            "request headers not received within " + limits.headerTimeout().toMillis() + " ms");
        return;
      } catch (BadRequest b) {
        sendAndClose(client, out, b.status, String.valueOf(b.getMessage()));
        return;
      }
      if (head == null) {
        closeQuietly(client); // connected and left without a byte
        return;
      }
      BoundedExchange ex;
      try {
        ex =
            new BoundedExchange(
                client,
                head,
                raw,
                out,
                System.nanoTime() + limits.bodyTimeout().toNanos(),
                limits.bodyTimeout());
      } catch (BadRequest b) {
        sendAndClose(client, out, b.status, String.valueOf(b.getMessage()));
        return;
      }
      conn.exchange = ex;
      try {
        handler.handle(ex);
      } catch (IOException | RuntimeException e) {
        log.debug("citerag.web: handler failed: {}", e.toString());
      } finally {
        ex.close();
      }
      finish(client);
    } catch (IOException e) {
      if (!conn.evicted) {
        log.debug("citerag.web: connection failed: {}", e.toString());
      }
      closeQuietly(client);
    }
  }

  private static void sendAndClose(Socket client, OutputStream out, int status, String message) {
    try {
      out.write(simpleResponse(status, message));
      out.flush();
    } catch (IOException ignored) {
      // the client is gone
    }
    finish(client);
  }

  /**
   * Ends the connection without a reset: output shut first, then unread input drained, at most
   * {@link #DRAIN_BYTES} within {@link #DRAIN_TIME}, pauses up to {@link #DRAIN_PAUSE} (a client
   * still sending a refused body would otherwise see a reset, not the reply). The bounds are
   * generous on purpose: a sender delayed by a busy machine must still read its reply; the
   * connection limits keep the cost bounded.
   */
  private static void finish(Socket client) {
    try {
      client.shutdownOutput();
      client.setSoTimeout((int) DRAIN_PAUSE.toMillis());
      InputStream in = client.getInputStream();
      byte[] sink = new byte[8192];
      long drained = 0;
      long until = System.nanoTime() + DRAIN_TIME.toNanos();
      while (drained < DRAIN_BYTES && System.nanoTime() < until) {
        int n = in.read(sink);
        if (n < 0) {
          break;
        }
        drained += n;
      }
    } catch (IOException ignored) {
      // closing anyway
    } finally {
      closeQuietly(client);
    }
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // nothing to do
    }
  }
}
