package dev.citerag.examples.web;

import static dev.citerag.examples.web.SimpleResponses.reason;
import static dev.citerag.examples.web.SimpleResponses.simpleResponse;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpContext;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpPrincipal;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One request and its response, as the JDK's handlers expect them: the body bounded by its {@code
 * Content-Length} and the body deadline, the response head written by {@link #sendResponseHeaders}.
 */
final class BoundedExchange extends HttpExchange {
  private final Socket socket;
  private final RequestHead head;
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

  BoundedExchange(
      Socket socket,
      RequestHead head,
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

    /** Read by the server's acceptor: whether every byte of the body has arrived. */
    private volatile boolean complete;

    Body(long length) {
      this.left = length;
      this.complete = length <= 0;
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
      if (left <= 0) {
        complete = true;
      }
      return n;
    }

    @Override
    public int available() {
      return 0;
    }
  }

  /** Whether the whole body has arrived (at once for a request without one). */
  boolean bodyReceived() {
    return !(body instanceof Body b) || b.complete;
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
    for (Map.Entry<String, List<String>> h : responseHeaders.entrySet()) {
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
