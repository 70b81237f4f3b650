package dev.citerag.examples.web;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpContext;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpPrincipal;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small HTTP/1.1 server for the demo that a slow or silent client cannot stall: every connection
 * has its own thread (up to {@link Limits#maxConnections()}, beyond which a connection gets 503 at
 * once), the request line and headers must arrive within {@link Limits#headerTimeout()} and the
 * body within {@link Limits#bodyTimeout()}, else the client gets 408 and the connection is closed.
 * Handlers see the JDK's {@link HttpExchange}, so they are written as for {@code
 * com.sun.net.httpserver.HttpServer}.
 *
 * <p>Why not the JDK's server: it reads the request line and headers on a worker thread without a
 * read timeout, so four clients sending half a header held all four workers and the page stopped
 * answering; its only bound ({@code sun.net.httpserver.maxReqTime}) is a JVM-wide system property
 * read once, and it closes the connection without a 408.
 *
 * <p>One request per connection ({@code Connection: close}); {@code Content-Length} bodies only
 * (chunked uploads get 411); {@code Expect: 100-continue} is honoured.
 */
final class BoundedHttpServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(BoundedHttpServer.class);

  /** Longest request line plus headers. */
  static final int MAX_HEAD_BYTES = 32 * 1024;

  /** Most header lines. */
  static final int MAX_HEADERS = 100;

  /**
   * Time and connection bounds.
   *
   * @param headerTimeout from accepting a connection to the end of its headers
   * @param bodyTimeout from the end of the headers to the end of the body
   * @param maxConnections connections served at once
   */
  record Limits(Duration headerTimeout, Duration bodyTimeout, int maxConnections) {
    static final Limits DEFAULT = new Limits(Duration.ofSeconds(10), Duration.ofSeconds(30), 64);
  }

  private final ServerSocket socket;
  private final Limits limits;
  private final HttpHandler handler;
  private final ExecutorService workers;
  private final Semaphore slots;
  private final Thread acceptor;
  private volatile boolean closed;

  private BoundedHttpServer(ServerSocket socket, Limits limits, HttpHandler handler) {
    this.socket = socket;
    this.limits = limits;
    this.handler = handler;
    this.slots = new Semaphore(limits.maxConnections());
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
      if (!slots.tryAcquire()) {
        refuse(client);
        continue;
      }
      try {
        workers.execute(
            () -> {
              try {
                serve(client);
              } finally {
                slots.release();
              }
            });
      } catch (RuntimeException rejected) {
        slots.release();
        closeQuietly(client);
      }
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

  private void serve(Socket client) {
    long headerDeadline = System.nanoTime() + limits.headerTimeout().toNanos();
    try {
      client.setTcpNoDelay(true);
      DeadlineInput raw =
          new DeadlineInput(
              client, new BufferedInputStream(client.getInputStream()), headerDeadline);
      OutputStream out = new BufferedOutputStream(client.getOutputStream());
      Head head;
      try {
        head = Head.read(raw);
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
      Exchange ex;
      try {
        ex =
            new Exchange(
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
      try {
        handler.handle(ex);
      } catch (IOException | RuntimeException e) {
        log.debug("citerag.web: handler failed: {}", e.toString());
      } finally {
        ex.close();
      }
      finish(client);
    } catch (IOException e) {
      log.debug("citerag.web: connection failed: {}", e.toString());
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
   * Ends the connection without a reset: output shut first, then unread input drained for a short
   * while (a client still sending a refused body would otherwise see a reset, not the reply).
   */
  private static void finish(Socket client) {
    try {
      client.shutdownOutput();
      client.setSoTimeout(200);
      InputStream in = client.getInputStream();
      byte[] sink = new byte[8192];
      long drained = 0;
      long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500);
      while (drained < 1 << 20 && System.nanoTime() < until) {
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

  static byte[] simpleResponse(int status, String message) {
    String json = "{\"error\":\"" + message.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}";
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    String head =
        "HTTP/1.1 "
            + status
            + " "
            + reason(status)
            + "\r\n"
            + "Content-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: "
            + body.length
            + "\r\n"
            + "Cache-Control: no-store\r\n"
            + "X-Content-Type-Options: nosniff\r\n"
            + "Connection: close\r\n\r\n";
    byte[] h = head.getBytes(StandardCharsets.ISO_8859_1);
    byte[] all = new byte[h.length + body.length];
    System.arraycopy(h, 0, all, 0, h.length);
    System.arraycopy(body, 0, all, h.length, body.length);
    return all;
  }

  static String reason(int status) {
    return switch (status) {
      case 100 -> "Continue";
      case 200 -> "OK";
      case 400 -> "Bad Request";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 408 -> "Request Timeout";
      case 411 -> "Length Required";
      case 413 -> "Content Too Large";
      case 415 -> "Unsupported Media Type";
      case 431 -> "Request Header Fields Too Large";
      case 500 -> "Internal Server Error";
      case 501 -> "Not Implemented";
      case 503 -> "Service Unavailable";
      default -> "Status";
    };
  }

  /** A read that did not finish before its deadline. */
  static final class TimedOut extends IOException {
    private static final long serialVersionUID = 1L;

    TimedOut(String message) {
      super(message);
    }
  }

  /** A request that cannot be served, with the status to answer. */
  static final class BadRequest extends IOException {
    private static final long serialVersionUID = 1L;

    final int status;

    BadRequest(int status, String message) {
      super(message);
      this.status = status;
    }
  }

  /** The socket's input with an absolute deadline: each read waits at most until it. */
  static final class DeadlineInput extends InputStream {
    private final Socket socket;
    private final InputStream in;
    private long deadline;

    DeadlineInput(Socket socket, InputStream in, long deadlineNanos) {
      this.socket = socket;
      this.in = in;
      this.deadline = deadlineNanos;
    }

    void deadline(long deadlineNanos) {
      this.deadline = deadlineNanos;
    }

    private void arm() throws IOException {
      long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
      if (left <= 0) {
        throw new TimedOut("deadline passed");
      }
      socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, Math.max(1, left)));
    }

    @Override
    public int read() throws IOException {
      arm();
      try {
        return in.read();
      } catch (SocketTimeoutException e) {
        throw new TimedOut("deadline passed");
      }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      arm();
      try {
        return in.read(b, off, len);
      } catch (SocketTimeoutException e) {
        throw new TimedOut("deadline passed");
      }
    }
  }

  /** Request line and headers. */
  record Head(String method, URI uri, String protocol, Headers headers) {

    /** The head, or null when the client closed before sending anything. */
    static @Nullable Head read(InputStream in) throws IOException {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      int total = 0;
      String requestLine = null;
      Headers headers = new Headers();
      int count = 0;
      while (true) {
        int c = in.read();
        if (c < 0) {
          if (requestLine == null && total == 0) {
            return null;
          }
          throw new BadRequest(400, "connection closed inside the request headers");
        }
        if (++total > MAX_HEAD_BYTES) {
          throw new BadRequest(431, "request headers longer than " + MAX_HEAD_BYTES + " bytes");
        }
        if (c != '\n') {
          line.write(c);
          continue;
        }
        String l = line.toString(StandardCharsets.ISO_8859_1);
        line.reset();
        if (l.endsWith("\r")) {
          l = l.substring(0, l.length() - 1);
        }
        if (requestLine == null) {
          if (l.isEmpty()) {
            continue; // tolerated before the request line
          }
          requestLine = l;
          continue;
        }
        if (l.isEmpty()) {
          break;
        }
        int colon = l.indexOf(':');
        if (colon <= 0 || ++count > MAX_HEADERS) {
          throw new BadRequest(400, "malformed or too many header lines");
        }
        headers.add(l.substring(0, colon).strip(), l.substring(colon + 1).strip());
      }
      String[] parts = requestLine.split(" ", -1);
      if (parts.length != 3 || !parts[2].startsWith("HTTP/1.")) {
        throw new BadRequest(400, "malformed request line");
      }
      URI uri;
      try {
        uri = new URI(parts[1]);
      } catch (URISyntaxException e) {
        throw new BadRequest(400, "malformed request target");
      }
      return new Head(parts[0], uri, parts[2], headers);
    }
  }

  /** One request and its response, as the JDK's handlers expect them. */
  private static final class Exchange extends HttpExchange {
    private final Socket socket;
    private final Head head;
    private final Headers responseHeaders = new Headers();
    private final Map<String, Object> attributes = new HashMap<>();
    private final DeadlineInput raw;
    private final Duration bodyTimeout;
    private InputStream body;
    private OutputStream out;
    private int responseCode = -1;
    private boolean timedOut;
    private boolean continueSent;
    private boolean closed;

    Exchange(
        Socket socket,
        Head head,
        DeadlineInput raw,
        OutputStream out,
        long bodyDeadline,
        Duration bodyTimeout)
        throws BadRequest {
      this.socket = socket;
      this.head = head;
      this.raw = raw;
      this.out = out;
      this.bodyTimeout = bodyTimeout;
      raw.deadline(bodyDeadline);
      if (head.headers().containsKey("Transfer-Encoding")) {
        throw new BadRequest(411, "send the body with a Content-Length");
      }
      long length = 0;
      String cl = head.headers().getFirst("Content-Length");
      if (cl != null) {
        try {
          length = Long.parseLong(cl.strip());
        } catch (NumberFormatException e) {
          length = -1;
        }
        if (length < 0 || head.headers().getOrDefault("Content-Length", List.of()).size() > 1) {
          throw new BadRequest(400, "malformed Content-Length");
        }
      }
      this.body = new Body(length);
    }

    /** The body: at most Content-Length bytes, 408 when they do not arrive in time. */
    private final class Body extends InputStream {
      private long left;

      Body(long length) {
        this.left = length;
      }

      private void expectContinue() throws IOException {
        if (!continueSent
            && left > 0
            && responseCode < 0
            && "100-continue".equalsIgnoreCase(head.headers().getFirst("Expect"))) {
          continueSent = true;
          out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
          out.flush();
        }
      }

      @Override
      public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        if (left <= 0) {
          return -1;
        }
        expectContinue();
        int n;
        try {
          n = raw.read(b, off, (int) Math.min(len, left));
        } catch (TimedOut t) {
          timedOut = true;
          throw new TimedOut("request body not received within " + bodyTimeout.toMillis() + " ms");
        }
        if (n < 0) {
          throw new IOException("connection closed inside the request body");
        }
        left -= n;
        return n;
      }

      @Override
      public int available() {
        return 0;
      }
    }

    @Override
    public Headers getRequestHeaders() {
      return head.headers();
    }

    @Override
    public Headers getResponseHeaders() {
      return responseHeaders;
    }

    @Override
    public URI getRequestURI() {
      return head.uri();
    }

    @Override
    public String getRequestMethod() {
      return head.method();
    }

    @Override
    public HttpContext getHttpContext() {
      throw new UnsupportedOperationException("no contexts in the demo server");
    }

    /**
     * Ends the exchange. When the handler sent nothing, the client gets 408 if its body timed out,
     * else 500.
     */
    @Override
    public void close() {
      if (closed) {
        return;
      }
      closed = true;
      try {
        if (responseCode < 0) {
          int status = timedOut ? 408 : 500;
          out.write(
              simpleResponse(
                  status,
                  timedOut
                      ? "request body not received within " + bodyTimeout.toMillis() + " ms"
                      : "internal error"));
          responseCode = status;
        }
        out.flush();
      } catch (IOException ignored) {
        // the client is gone
      }
    }

    @Override
    public InputStream getRequestBody() {
      return body;
    }

    @Override
    public OutputStream getResponseBody() {
      return out;
    }

    @Override
    public void sendResponseHeaders(int rCode, long responseLength) throws IOException {
      if (responseCode >= 0) {
        throw new IOException("headers already sent");
      }
      responseCode = rCode;
      StringBuilder sb =
          new StringBuilder("HTTP/1.1 ")
              .append(rCode)
              .append(' ')
              .append(reason(rCode))
              .append("\r\n");
      responseHeaders.set("Connection", "close");
      if (responseLength > 0) {
        responseHeaders.set("Content-Length", Long.toString(responseLength));
      } else if (responseLength < 0) {
        responseHeaders.set("Content-Length", "0");
      }
      for (Map.Entry<String, java.util.List<String>> h : responseHeaders.entrySet()) {
        for (String v : h.getValue()) {
          if (v.indexOf('\r') >= 0 || v.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("header " + h.getKey() + " contains a line break");
          }
          sb.append(h.getKey()).append(": ").append(v).append("\r\n");
        }
      }
      sb.append("\r\n");
      out.write(sb.toString().getBytes(StandardCharsets.ISO_8859_1));
      if (responseLength < 0 || "HEAD".equals(head.method())) {
        out.flush();
      }
    }

    @Override
    public InetSocketAddress getRemoteAddress() {
      return (InetSocketAddress) socket.getRemoteSocketAddress();
    }

    @Override
    public int getResponseCode() {
      return responseCode;
    }

    @Override
    public InetSocketAddress getLocalAddress() {
      return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    @Override
    public String getProtocol() {
      return head.protocol();
    }

    @Override
    public @Nullable Object getAttribute(String name) {
      return attributes.get(name);
    }

    @Override
    public void setAttribute(String name, @Nullable Object value) {
      if (value == null) {
        attributes.remove(name);
      } else {
        attributes.put(name, value);
      }
    }

    @Override
    public void setStreams(@Nullable InputStream i, @Nullable OutputStream o) {
      if (i != null) {
        body = i;
      }
      if (o != null) {
        out = o;
      }
    }

    @Override
    public @Nullable HttpPrincipal getPrincipal() {
      return null;
    }
  }
}
