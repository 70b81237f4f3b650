package dev.citerag.gemini;

import dev.citerag.gemini.internal.GeminiTransport;
import dev.citerag.gemini.internal.Settings;
import dev.citerag.http.internal.Connection;
import dev.citerag.http.internal.ConnectionSettings;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.provider.internal.Retrier;
import java.time.Duration;
import java.util.Map;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;

/**
 * The connection settings that {@link GeminiChatModel.Builder} and {@link GeminiEmbedder.Builder}
 * share (key, environment, base URL, timeouts, retries, HTTP client), held in the adapters' shared
 * {@link ConnectionSettings} (which checks each value), and their resolution into a {@link
 * Connection}.
 *
 * <p>Package-private on purpose, so that it is no part of the API: the public setters below are
 * callable from any package on the two public builders, and javadoc lists them on each builder's
 * page as its own methods, with {@code B} shown as that builder's type.
 *
 * @param <B> the public builder that extends this, returned by every setter
 */
abstract class ClientBuilder<B extends ClientBuilder<B>> {
  private ConnectionSettings settings;

  ClientBuilder(Duration connectTimeout, Duration readTimeout, Duration callTimeout) {
    this.settings = new ConnectionSettings(connectTimeout, readTimeout, callTimeout);
  }

  /** Safe: the only subclasses are {@code X.Builder extends ClientBuilder<X.Builder>}. */
  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  /**
   * The API key, sent only in the {@code x-goog-api-key} header. Default: the environment variable
   * {@code GEMINI_API_KEY}, else {@code GOOGLE_API_KEY}.
   *
   * @param apiKey the key; never logged or shown by {@code toString()}
   * @return this builder
   * @throws IllegalArgumentException when blank or not visible ASCII (the message never shows it)
   */
  public B apiKey(String apiKey) {
    settings.apiKey(apiKey);
    return self();
  }

  /**
   * Where {@code build()} looks up {@code GEMINI_API_KEY}, {@code GOOGLE_API_KEY} and {@code
   * GEMINI_BASE_URL}. Default: {@link System#getenv()}. Tests pass a map so that they never read
   * the real environment.
   *
   * @param environment variable name to value
   * @return this builder
   * @throws IllegalArgumentException when null or holding a null key or value
   */
  public B environment(Map<String, String> environment) {
    settings.environment(environment);
    return self();
  }

  /**
   * The API root, ending with the version. Default: the environment variable {@code
   * GEMINI_BASE_URL}, else {@value dev.citerag.gemini.internal.Settings#DEFAULT_BASE_URL}.
   *
   * @param baseUrl the API root, http or https
   * @return this builder
   * @throws IllegalArgumentException when not an http(s) URL, or it has a query, fragment or user
   *     info
   */
  public B baseUrl(String baseUrl) {
    settings.baseUrl(Settings.parseBaseUrl(baseUrl, "baseUrl"));
    return self();
  }

  /**
   * TCP/TLS connect timeout. Default 10 s.
   *
   * @param connectTimeout the bound per attempt
   * @return this builder
   * @throws IllegalArgumentException when null, zero or negative
   */
  public B connectTimeout(Duration connectTimeout) {
    settings.connectTimeout(connectTimeout);
    return self();
  }

  /**
   * Longest silence while waiting for reply bytes. Default {@linkplain
   * GeminiChatModel#DEFAULT_READ_TIMEOUT 120 s} for a chat model, {@linkplain
   * GeminiEmbedder#DEFAULT_READ_TIMEOUT 60 s} for an embedder.
   *
   * @param readTimeout the bound per attempt
   * @return this builder
   * @throws IllegalArgumentException when null, zero or negative
   */
  public B readTimeout(Duration readTimeout) {
    settings.readTimeout(readTimeout);
    return self();
  }

  /**
   * Bound on one HTTP attempt (for an embedder, one batch), from connecting to reading the last
   * byte. Default {@linkplain GeminiChatModel#DEFAULT_CALL_TIMEOUT 120 s} for a chat model,
   * {@linkplain GeminiEmbedder#DEFAULT_CALL_TIMEOUT 60 s} for an embedder. The retry policy's total
   * timeout bounds all attempts of a call (for an embedder, of a batch); a chat request's own
   * timeout bounds the whole call too.
   *
   * @param callTimeout the bound on one call, retries included
   * @return this builder
   * @throws IllegalArgumentException when null, zero or negative
   */
  public B callTimeout(Duration callTimeout) {
    settings.callTimeout(callTimeout);
    return self();
  }

  /**
   * How transient failures (429, 408, 5xx, timeouts, dropped connections) are retried; an embedder
   * retries each batch on its own. Default {@link RetryPolicy#DEFAULT}; {@link RetryPolicy#NONE}
   * turns retries off. 400, 401, 403 and 404 are never retried.
   *
   * @param retryPolicy attempts, backoff and total time
   * @return this builder
   * @throws IllegalArgumentException when null
   */
  public B retryPolicy(RetryPolicy retryPolicy) {
    settings.retryPolicy(retryPolicy);
    return self();
  }

  /** Test hook: how the retrier waits between attempts. Default {@link Retrier.Sleeper#REAL}. */
  B retrySleeper(Retrier.Sleeper sleeper) {
    settings.retrySleeper(sleeper);
    return self();
  }

  /**
   * A client whose connection pool and dispatcher to share. Default null: a client of its own. The
   * timeouts above are applied to a derived client, and redirects are not followed. Do not give a
   * client with an interceptor that logs headers unless it redacts {@code x-goog-api-key}.
   *
   * @param httpClient the client to derive from, or {@code null} for a private one; it is not
   *     closed
   * @return this builder
   */
  public B httpClient(@Nullable OkHttpClient httpClient) {
    settings.httpClient(httpClient);
    return self();
  }

  /**
   * Takes over the settings of a built model or embedder, the key as it was given (toBuilder()).
   */
  final B connection(Connection c) {
    this.settings = c.settings().copy();
    return self();
  }

  /** Checks the subclass's own combinations of settings; called by {@link #connect()}. */
  void checkCombinations() {}

  /**
   * Checks {@code connectTimeout <= callTimeout}, then {@link #checkCombinations()}, then resolves
   * the key and base URL (builder, then environment, then default) and builds the transport.
   *
   * @throws IllegalStateException when no API key is set
   * @throws IllegalArgumentException when settings contradict each other or {@code GEMINI_BASE_URL}
   *     is not a valid base URL
   */
  final Connection connect() {
    settings.checkConnectWithinCall();
    checkCombinations();
    return GeminiTransport.connect(settings);
  }
}
