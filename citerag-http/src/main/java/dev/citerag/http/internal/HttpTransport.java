package dev.citerag.http.internal;

import dev.citerag.ProviderException;
import dev.citerag.internal.Checks;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.provider.internal.Retrier;
import java.io.IOException;
import java.time.Duration;
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
 * Sends JSON to a provider's HTTP API under core's {@link Retrier}: each attempt bounded by the
 * shorter of the call timeout and the time left, transport failures typed by {@link IoFailures},
 * non-2xx replies by the adapter's {@link ErrorMapper}, 2xx bodies decoded by the adapter inside
 * the attempt (so a transient decoding failure is retried too). Redirects are not followed: a key
 * header must not travel to another host. Thread-safe.
 */
public final class HttpTransport {
  private static final Logger log = LoggerFactory.getLogger(HttpTransport.class);
  private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");

  /** Decodes the body of a 2xx reply; may throw a {@link ProviderException} of kind PROTOCOL. */
  @FunctionalInterface
  public interface Decoder<T> {
    T decode(byte[] body);
  }

  /** Maps a non-2xx reply to a typed failure, every piece of server text scrubbed. */
  @FunctionalInterface
  public interface ErrorMapper {
    ProviderException map(int status, byte[] body, Headers headers);
  }

  /** The message for a server that is not there, naming the fix ({@code endpoint}, cause). */
  @FunctionalInterface
  public interface Unreachable {
    String message(String endpoint, String cause);
  }

  /**
   * What differs per provider.
   *
   * @param provider the name in exceptions and log lines, e.g. {@code gemini}
   * @param headers sent with every request (the key header, when there is one)
   * @param secret scrubbed from every message; null when none is sent
   * @param unreachable the message for a refused connection or an unknown host
   * @param timeoutAdvice appended to a timeout's message (may be empty)
   */
  public record Profile(
      String provider,
      Headers headers,
      @Nullable String secret,
      Unreachable unreachable,
      String timeoutAdvice) {
    public Profile {
      Checks.notBlank(provider, "provider");
      Checks.notNull(headers, "headers");
      Checks.notNull(unreachable, "unreachable");
      Checks.notNull(timeoutAdvice, "timeoutAdvice");
    }
  }

  private final Profile profile;
  private final OkHttpClient client;
  private final Duration callTimeout;
  private final Retrier retrier;

  /** A transport with the settings' timeouts and retry policy. */
  public HttpTransport(Profile profile, ConnectionSettings settings) {
    this(profile, settings, settings.readTimeout(), settings.callTimeout(), settings.retryPolicy());
  }

  /**
   * A transport whose read timeout, per-attempt bound and retry policy differ from the settings'
   * (Ollama's first call, which may load a model).
   *
   * <p>The settings' client, when given, is derived from (its connection pool and dispatcher are
   * shared); the timeouts are applied to the derived client and redirects are turned off.
   */
  public HttpTransport(
      Profile profile,
      ConnectionSettings settings,
      Duration readTimeout,
      Duration callTimeout,
      RetryPolicy policy) {
    this.profile = Checks.notNull(profile, "profile");
    this.callTimeout = callTimeout;
    this.retrier = settings.retrier(profile.provider(), policy);
    OkHttpClient shared = settings.httpClient();
    OkHttpClient.Builder b = shared != null ? shared.newBuilder() : new OkHttpClient.Builder();
    this.client =
        b.connectTimeout(settings.connectTimeout())
            .readTimeout(readTimeout)
            .writeTimeout(readTimeout)
            .followRedirects(false)
            .followSslRedirects(false)
            .build();
  }

  public Profile profile() {
    return profile;
  }

  /**
   * POSTs {@code json} to {@code url}, retrying transient failures under the policy, all within
   * {@code requestTimeout} when given.
   *
   * @throws ProviderException when no attempt succeeded
   */
  public <T> T post(
      HttpUrl url,
      byte[] json,
      @Nullable Duration requestTimeout,
      ErrorMapper errors,
      Decoder<T> decoder) {
    return send(
        request(url).post(RequestBody.create(json, JSON)).build(), requestTimeout, errors, decoder);
  }

  /** GETs {@code url}, as {@link #post} does. */
  public <T> T get(
      HttpUrl url, @Nullable Duration requestTimeout, ErrorMapper errors, Decoder<T> decoder) {
    return send(request(url).get().build(), requestTimeout, errors, decoder);
  }

  private Request.Builder request(HttpUrl url) {
    return new Request.Builder()
        .url(url)
        .headers(profile.headers())
        .header("Accept", "application/json");
  }

  private <T> T send(
      Request request, @Nullable Duration requestTimeout, ErrorMapper errors, Decoder<T> decoder) {
    String endpoint = request.method() + " " + request.url();
    return retrier.call(
        requestTimeout, remaining -> attempt(request, endpoint, remaining, errors, decoder));
  }

  private <T> T attempt(
      Request request,
      String endpoint,
      Duration remaining,
      ErrorMapper errors,
      Decoder<T> decoder) {
    Duration bound = remaining.compareTo(callTimeout) < 0 ? remaining : callTimeout;
    Call call = client.newCall(request);
    call.timeout().timeout(Math.max(1, bound.toNanos()), TimeUnit.NANOSECONDS);
    String provider = profile.provider();
    long t0 = System.nanoTime();
    log.trace("citerag.{}: {} (timeout {} ms)", provider, endpoint, bound.toMillis());
    int code = 0;
    byte[] bytes;
    Headers headers;
    try (Response response = call.execute()) {
      code = response.code();
      headers = response.headers();
      bytes = response.body().bytes();
    } catch (IOException e) {
      ProviderException mapped = IoFailures.map(profile, e, endpoint, code, millisSince(t0));
      log.debug("citerag.{}: {} failed: {}", provider, endpoint, mapped.getMessage());
      throw mapped;
    }
    long ms = millisSince(t0);
    if (code >= 200 && code < 300) {
      log.trace(
          "citerag.{}: {} status={} latencyMs={} bytes={}",
          provider,
          endpoint,
          code,
          ms,
          bytes.length);
      return decoder.decode(bytes);
    }
    ProviderException e = errors.map(code, bytes, headers);
    log.debug(
        "citerag.{}: {} status={} latencyMs={} kind={} retryable={}",
        provider,
        endpoint,
        code,
        ms,
        e.kind(),
        e.retryable());
    throw e;
  }

  private static long millisSince(long t0) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
  }
}
