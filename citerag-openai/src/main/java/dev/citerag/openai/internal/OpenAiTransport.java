package dev.citerag.openai.internal;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.TransientProviderException;
import dev.citerag.provider.internal.Retrier;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * POSTs JSON to {@code {baseUrl}/{path}} with the key, when there is one, in the {@code
 * Authorization: Bearer} header, under a {@link Retrier}. Redirects are not followed (the header
 * must not travel to another host). A refused connection or an unknown host fails at once, naming
 * the URL: no server will appear there within a retry window. Thread-safe.
 */
public final class OpenAiTransport {
  private static final Logger log = LoggerFactory.getLogger(OpenAiTransport.class);

  /** Provider name in exceptions, traces and identities. */
  public static final String PROVIDER = "openai";

  private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");

  /** Decodes the body of a 2xx reply; may throw a {@link ProviderException} of kind PROTOCOL. */
  @FunctionalInterface
  public interface Decoder<T> {
    T decode(byte[] body);
  }

  private final OkHttpClient client;
  private final HttpUrl baseUrl;
  private final @Nullable String apiKey;
  private final Duration callTimeout;
  private final Retrier retrier;

  /**
   * @param apiKey sent as a bearer token, or null to send no Authorization header
   * @param shared a client whose connection pool and dispatcher to share, or null for a new one;
   *     either way the timeouts are applied to a derived client and redirects are turned off
   */
  public OpenAiTransport(
      @Nullable String apiKey,
      HttpUrl baseUrl,
      Duration connectTimeout,
      Duration readTimeout,
      Duration callTimeout,
      @Nullable OkHttpClient shared,
      Retrier retrier) {
    this.apiKey = apiKey;
    this.baseUrl = baseUrl;
    this.callTimeout = callTimeout;
    this.retrier = retrier;
    OkHttpClient.Builder b = shared != null ? shared.newBuilder() : new OkHttpClient.Builder();
    this.client =
        b.connectTimeout(connectTimeout)
            .readTimeout(readTimeout)
            .writeTimeout(readTimeout)
            .followRedirects(false)
            .followSslRedirects(false)
            .build();
  }

  /** The URL of an endpoint, e.g. {@code chat/completions}; contains no credential. */
  public HttpUrl url(String path) {
    HttpUrl.Builder b = baseUrl.newBuilder();
    for (String segment : path.split("/", -1)) {
      b.addPathSegment(segment);
    }
    return b.build();
  }

  /** The key, for scrubbing server text; null when none is sent. */
  public @Nullable String apiKey() {
    return apiKey;
  }

  /**
   * Sends {@code body} to {@code path}, retrying transient failures under the retry policy, all
   * within {@code requestTimeout} when given.
   *
   * @param model named in messages about a missing model
   * @throws ProviderException when no attempt succeeded
   */
  public <T> T post(
      String path,
      String model,
      byte[] body,
      @Nullable Duration requestTimeout,
      Decoder<T> decoder) {
    HttpUrl url = url(path);
    Request.Builder rb =
        new Request.Builder()
            .url(url)
            .header("Accept", "application/json")
            .post(RequestBody.create(body, JSON));
    if (apiKey != null) {
      rb.header("Authorization", "Bearer " + apiKey);
    }
    Request request = rb.build();
    String endpoint = "POST " + url;
    return retrier.call(
        requestTimeout, remaining -> attempt(request, endpoint, path, model, remaining, decoder));
  }

  private <T> T attempt(
      Request request,
      String endpoint,
      String path,
      String model,
      Duration remaining,
      Decoder<T> decoder) {
    Duration bound = remaining.compareTo(callTimeout) < 0 ? remaining : callTimeout;
    Call call = client.newCall(request);
    call.timeout().timeout(Math.max(1, bound.toNanos()), TimeUnit.NANOSECONDS);
    long t0 = System.nanoTime();
    log.trace(
        "citerag.openai: {} ({} bytes, timeout {} ms)",
        endpoint,
        bodyLength(request),
        bound.toMillis());
    int code = 0;
    byte[] bytes;
    Headers headers;
    try (Response response = call.execute()) {
      code = response.code();
      headers = response.headers();
      bytes = response.body().bytes();
    } catch (IOException e) {
      ProviderException mapped = io(e, endpoint, code, millisSince(t0));
      log.debug("citerag.openai: {} failed: {}", path, mapped.getMessage());
      throw mapped;
    }
    long ms = millisSince(t0);
    if (code >= 200 && code < 300) {
      log.trace("citerag.openai: {} status={} latencyMs={} bytes={}", path, code, ms, bytes.length);
      return decoder.decode(bytes);
    }
    ProviderException e = ErrorMapper.map(code, bytes, headers, model, endpoint, apiKey);
    log.debug(
        "citerag.openai: {} status={} latencyMs={} kind={} retryable={}",
        path,
        code,
        ms,
        e.kind(),
        e.retryable());
    throw e;
  }

  private ProviderException io(IOException e, String endpoint, int code, long ms) {
    String what = e.getClass().getSimpleName() + ": " + Secrets.scrub(e.getMessage(), apiKey);
    if (code == 0
        && (refused(e)
            || e instanceof UnknownHostException
            || e instanceof NoRouteToHostException)) {
      // Nothing listens there (or the name does not resolve): waiting will not change that.
      return new PermanentProviderException(
          PROVIDER,
          ProviderException.Kind.CONNECTION,
          0,
          null,
          "no server reachable for "
              + endpoint
              + " ("
              + what
              + "); start the server or set baseUrl(...) / "
              + Settings.ENV_BASE_URL,
          e);
    }
    if (e instanceof InterruptedIOException) {
      // socket read/connect timeouts and OkHttp's call timeout
      return new TransientProviderException(
          PROVIDER,
          ProviderException.Kind.TIMEOUT,
          code,
          null,
          endpoint + " timed out after " + ms + " ms (" + what + ")",
          null,
          e);
    }
    return new TransientProviderException(
        PROVIDER,
        ProviderException.Kind.CONNECTION,
        code,
        null,
        endpoint
            + " connection failed"
            + (code > 0 ? " while reading the HTTP " + code + " body" : "")
            + " ("
            + what
            + ")",
        null,
        e);
  }

  /**
   * A refused TCP connection: a {@link ConnectException} in the cause chain whose message (or a
   * cause's) says so; OkHttp wraps the JDK's "Connection refused" in its own "Failed to connect".
   */
  static boolean refused(IOException e) {
    boolean connect = false;
    boolean saysRefused = false;
    for (Throwable t = e; t != null; t = t.getCause()) {
      connect |= t instanceof ConnectException;
      String m = t.getMessage();
      saysRefused |= m != null && m.toLowerCase(Locale.ROOT).contains("refused");
    }
    return connect && saysRefused;
  }

  private static long bodyLength(Request request) {
    RequestBody body = request.body();
    try {
      return body == null ? 0 : body.contentLength();
    } catch (IOException e) {
      return -1;
    }
  }

  private static long millisSince(long t0) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
  }
}
