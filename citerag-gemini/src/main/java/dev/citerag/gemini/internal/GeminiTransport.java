package dev.citerag.gemini.internal;

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
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
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
 * POSTs JSON to {@code {baseUrl}/models/{model}:{method}} with the key in the {@code
 * x-goog-api-key} header, under a {@link Retrier}. Thread-safe.
 */
public final class GeminiTransport {
  private static final Logger log = LoggerFactory.getLogger(GeminiTransport.class);

  /** Provider name in exceptions, traces and identities. */
  public static final String PROVIDER = "gemini";

  /** Header that carries the key; the key never goes into a URL. */
  static final String API_KEY_HEADER = "x-goog-api-key";

  private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");

  /** Decodes the body of a 2xx reply; may throw a {@link ProviderException} of kind PROTOCOL. */
  @FunctionalInterface
  public interface Decoder<T> {
    T decode(byte[] body);
  }

  private final OkHttpClient client;
  private final HttpUrl baseUrl;
  private final String apiKey;
  private final Duration callTimeout;
  private final Retrier retrier;

  /**
   * @param shared a client whose connection pool and dispatcher to share, or null for a new one;
   *     either way the timeouts below are applied to a derived client and redirects are turned off
   *     (the key header must not follow a redirect to another host)
   */
  public GeminiTransport(
      String apiKey,
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

  /** The URL of a method; contains no credential. */
  public HttpUrl url(String model, String method) {
    return baseUrl
        .newBuilder()
        .addPathSegment("models")
        .addPathSegment(model + ":" + method)
        .build();
  }

  /**
   * Sends {@code body}, retrying transient failures under the retry policy, all within {@code
   * requestTimeout} when given.
   *
   * @throws ProviderException when no attempt succeeded
   */
  public <T> T post(
      String model,
      String method,
      byte[] body,
      @Nullable Duration requestTimeout,
      Decoder<T> decoder) {
    Request request =
        new Request.Builder()
            .url(url(model, method))
            .header(API_KEY_HEADER, apiKey)
            .header("Accept", "application/json")
            .post(RequestBody.create(body, JSON))
            .build();
    return retrier.call(
        requestTimeout, remaining -> attempt(request, model, method, remaining, decoder));
  }

  private <T> T attempt(
      Request request, String model, String method, Duration remaining, Decoder<T> decoder) {
    Duration bound = remaining.compareTo(callTimeout) < 0 ? remaining : callTimeout;
    Call call = client.newCall(request);
    call.timeout().timeout(Math.max(1, bound.toNanos()), TimeUnit.NANOSECONDS);
    long t0 = System.nanoTime();
    log.trace(
        "citerag.gemini: POST models/{}:{} ({} bytes, timeout {} ms)",
        model,
        method,
        bodyLength(request),
        bound.toMillis());
    int code = 0;
    byte[] bytes;
    String retryAfter;
    try (Response response = call.execute()) {
      code = response.code();
      retryAfter = response.header("Retry-After");
      bytes = response.body().bytes();
    } catch (InterruptedIOException e) {
      // Socket read/connect timeouts and OkHttp's call timeout.
      long ms = millisSince(t0);
      log.debug("citerag.gemini: {} model={} timed out after {} ms", method, model, ms);
      throw new TransientProviderException(
          PROVIDER,
          ProviderException.Kind.TIMEOUT,
          code,
          null,
          method + " timed out after " + ms + " ms (" + describe(e) + ")",
          null,
          e);
    } catch (ConnectException | NoRouteToHostException | UnknownHostException e) {
      // Nothing listens at that address (or the name does not resolve): not an overload that a
      // retry rides out, but a wrong address. Fail at once, naming it.
      log.debug(
          "citerag.gemini: {} model={} cannot connect to {}: {}",
          method,
          model,
          baseUrl,
          describe(e));
      throw new PermanentProviderException(
          PROVIDER,
          ProviderException.Kind.CONNECTION,
          0,
          null,
          method
              + " cannot connect to "
              + baseUrl
              + " ("
              + describe(e)
              + "); check GEMINI_BASE_URL"
              + " or the builder's baseUrl",
          e);
    } catch (IOException e) {
      long ms = millisSince(t0);
      log.debug(
          "citerag.gemini: {} model={} connection failed after {} ms: {}",
          method,
          model,
          ms,
          describe(e));
      throw new TransientProviderException(
          PROVIDER,
          ProviderException.Kind.CONNECTION,
          code,
          null,
          method
              + " connection failed"
              + (code > 0 ? " while reading the HTTP " + code + " body" : "")
              + " ("
              + describe(e)
              + ")",
          null,
          e);
    }
    long ms = millisSince(t0);
    if (code >= 200 && code < 300) {
      log.trace(
          "citerag.gemini: {} model={} status={} latencyMs={} bytes={}",
          method,
          model,
          code,
          ms,
          bytes.length);
      return decoder.decode(bytes);
    }
    ProviderException e = ErrorMapper.map(code, bytes, retryAfter, model, method, apiKey);
    log.debug(
        "citerag.gemini: {} model={} status={} latencyMs={} kind={} retryable={}",
        method,
        model,
        code,
        ms,
        e.kind(),
        e.retryable());
    throw e;
  }

  private String describe(IOException e) {
    return e.getClass().getSimpleName() + ": " + Secrets.scrub(e.getMessage(), apiKey);
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
