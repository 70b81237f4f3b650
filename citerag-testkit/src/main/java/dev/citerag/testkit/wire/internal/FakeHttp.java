package dev.citerag.testkit.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.internal.Checks;
import dev.citerag.testkit.fakes.SentSources;
import dev.citerag.testkit.fakes.internal.Json;
import dev.citerag.testkit.wire.WireCall;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import org.jspecify.annotations.Nullable;

/**
 * A started MockWebServer that hands each request to a provider-specific handler, records it as a
 * {@link WireCall}, and turns the handler's {@link Reply} into an HTTP response. A handler that
 * throws gets a 500 whose body names the problem, and the call records it as a script error.
 */
public final class FakeHttp implements AutoCloseable {

  /** A request as handlers see it. */
  public record Request(
      String method,
      String path,
      @Nullable String query,
      Headers headers,
      String body,
      @Nullable JsonNode json) {

    /** The first value of a query parameter, if present. */
    public @Nullable String queryParameter(String name) {
      if (query == null) {
        return null;
      }
      for (String kv : query.split("&", -1)) {
        int eq = kv.indexOf('=');
        String k = eq < 0 ? kv : kv.substring(0, eq);
        if (k.equals(name)) {
          return eq < 0 ? "" : kv.substring(eq + 1);
        }
      }
      return null;
    }
  }

  /** What to answer; {@code headers} are extra response headers (e.g. retry hints). */
  public record Reply(
      int status,
      String contentType,
      String body,
      SentSources sources,
      @Nullable String scriptError,
      boolean disconnect,
      Map<String, String> headers) {

    public Reply {
      headers = Map.copyOf(headers);
    }

    public Reply(
        int status,
        String contentType,
        String body,
        SentSources sources,
        @Nullable String scriptError,
        boolean disconnect) {
      this(status, contentType, body, sources, scriptError, disconnect, Map.of());
    }

    public static Reply json(int status, Object body) {
      return new Reply(
          status,
          "application/json; charset=utf-8",
          body instanceof String s ? s : Json.write(body),
          SentSources.empty(),
          null,
          false);
    }

    public Reply withSources(SentSources s) {
      return new Reply(status, contentType, body, s, scriptError, disconnect, headers);
    }

    public Reply withScriptError(String error) {
      return new Reply(status, contentType, body, sources, error, disconnect, headers);
    }

    /** The same reply with one more response header. */
    public Reply withHeader(String name, String value) {
      Map<String, String> h = new LinkedHashMap<>(headers);
      h.put(name, value);
      return new Reply(status, contentType, body, sources, scriptError, disconnect, h);
    }

    public static Reply disconnect(SentSources sources) {
      return new Reply(0, "text/plain", "", sources, null, true);
    }
  }

  private final String name;
  private final MockWebServer server = new MockWebServer();
  private final List<WireCall> calls = new ArrayList<>();
  private volatile Duration delay = Duration.ZERO;

  /**
   * Starts a server on the loopback interface.
   *
   * @param internalError builds the provider's error body for a handler failure
   * @throws UncheckedIOException when the server cannot start
   */
  public FakeHttp(
      String name, Function<Request, Reply> handler, Function<String, Reply> internalError) {
    this.name = name;
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest rr) {
            Request req = toRequest(rr);
            Reply reply;
            try {
              reply = handler.apply(req);
            } catch (ScriptFailure e) {
              String msg = name + ": " + e.getMessage();
              reply = internalError.apply(msg).withScriptError(msg).withSources(e.sources());
            } catch (RuntimeException e) {
              String msg = name + ": " + e.getMessage();
              reply = internalError.apply(msg).withScriptError(msg);
            }
            record(req, reply);
            return toResponse(reply);
          }
        });
    try {
      server.start(InetAddress.getLoopbackAddress(), 0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + name, e);
    }
  }

  private static Request toRequest(RecordedRequest rr) {
    HttpUrl url = rr.getUrl();
    String body = rr.getBody() == null ? "" : rr.getBody().utf8();
    JsonNode json = null;
    if (!body.isBlank()) {
      try {
        json = Json.MAPPER.readTree(body);
      } catch (IOException e) {
        json = null;
      }
    }
    return new Request(
        rr.getMethod(), decode(url), url.encodedQuery(), rr.getHeaders(), body, json);
  }

  private static String decode(HttpUrl url) {
    return "/" + String.join("/", url.pathSegments());
  }

  private void record(Request req, Reply reply) {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (String n : req.headers().names()) {
      headers.put(n.toLowerCase(Locale.ROOT), req.headers().values(n));
    }
    WireCall call =
        new WireCall(
            req.method(),
            req.path(),
            req.query(),
            headers,
            req.body(),
            req.json(),
            reply.sources(),
            reply.disconnect() ? 0 : reply.status(),
            reply.scriptError());
    synchronized (calls) {
      calls.add(call);
    }
  }

  private MockResponse toResponse(Reply reply) {
    MockResponse.Builder b = new MockResponse.Builder();
    Duration d = delay;
    if (!d.isZero()) {
      b.headersDelay(d.toNanos(), TimeUnit.NANOSECONDS);
    }
    if (reply.disconnect()) {
      return b.onResponseStart(new SocketEffect.CloseSocket()).build();
    }
    b.code(reply.status()).setHeader("Content-Type", reply.contentType());
    reply.headers().forEach(b::setHeader);
    return b.body(reply.body()).build();
  }

  /** The base URL without a trailing slash, e.g. {@code http://127.0.0.1:50123}. */
  public String baseUrl() {
    String s = server.url("/").toString();
    return s.substring(0, s.length() - 1);
  }

  public int port() {
    return server.getPort();
  }

  public void delay(Duration d) {
    Checks.notNull(d, "delay");
    if (d.isNegative()) {
      throw new IllegalArgumentException("delay must be >= 0, was " + d);
    }
    this.delay = d;
  }

  public List<WireCall> calls() {
    synchronized (calls) {
      return List.copyOf(calls);
    }
  }

  public WireCall lastCall() {
    synchronized (calls) {
      if (calls.isEmpty()) {
        throw new IllegalStateException(name + " has received no request");
      }
      return calls.get(calls.size() - 1);
    }
  }

  @Override
  public void close() {
    server.close();
  }
}
