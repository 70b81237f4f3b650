package dev.citerag.gemini;

import dev.citerag.gemini.internal.GeminiTransport;
import dev.citerag.gemini.internal.Settings;
import dev.citerag.internal.Checks;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.provider.internal.Retrier;
import java.time.Duration;
import java.util.Map;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;

/**
 * The connection settings that {@link GeminiChatModel.Builder} and {@link GeminiEmbedder.Builder}
 * share (key, environment, base URL, timeouts, retries, HTTP client), their checks, and their
 * resolution into a {@link Connection}.
 *
 * <p>Package-private on purpose, so that it is no part of the API: the public setters below are
 * callable from any package on the two public builders, and javadoc lists them on each builder's
 * page as its own methods, with {@code B} shown as that builder's type.
 *
 * @param <B> the public builder that extends this, returned by every setter
 */
abstract class ClientBuilder<B extends ClientBuilder<B>> {
  private @Nullable String apiKey;
  private Map<String, String> environment = System.getenv();
  private @Nullable HttpUrl baseUrl;
  private Duration connectTimeout;
  private Duration readTimeout;
  private Duration callTimeout;
  private RetryPolicy retryPolicy = RetryPolicy.DEFAULT;
  private Retrier.Sleeper sleeper = Retrier.Sleeper.REAL;
  private @Nullable OkHttpClient httpClient;

  ClientBuilder(Duration connectTimeout, Duration readTimeout, Duration callTimeout) {
    this.connectTimeout = connectTimeout;
    this.readTimeout = readTimeout;
    this.callTimeout = callTimeout;
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
    this.apiKey = Settings.apiKeyValue(apiKey, "apiKey");
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
    Checks.notNull(environment, "environment");
    try {
      this.environment = Map.copyOf(environment);
    } catch (NullPointerException e) {
      throw new IllegalArgumentException("environment must not contain null keys or values", e);
    }
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
    this.baseUrl = Settings.parseBaseUrl(baseUrl, "baseUrl");
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
    this.connectTimeout = Settings.positive(connectTimeout, "connectTimeout");
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
    this.readTimeout = Settings.positive(readTimeout, "readTimeout");
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
    this.callTimeout = Settings.positive(callTimeout, "callTimeout");
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
    this.retryPolicy = Checks.notNull(retryPolicy, "retryPolicy");
    return self();
  }

  /** Test hook: how the retrier waits between attempts. Default {@link Retrier.Sleeper#REAL}. */
  B retrySleeper(Retrier.Sleeper sleeper) {
    this.sleeper = Checks.notNull(sleeper, "retrySleeper");
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
    this.httpClient = httpClient;
    return self();
  }

  /**
   * Takes over the settings of a built model or embedder, the key as it was given (toBuilder()).
   */
  final B connection(Connection c) {
    this.apiKey = c.apiKeySetting();
    this.environment = c.environment();
    this.baseUrl = c.baseUrlSetting();
    this.connectTimeout = c.connectTimeout();
    this.readTimeout = c.readTimeout();
    this.callTimeout = c.callTimeout();
    this.retryPolicy = c.retryPolicy();
    this.sleeper = c.sleeper();
    this.httpClient = c.httpClient();
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
    if (connectTimeout.compareTo(callTimeout) > 0) {
      throw new IllegalArgumentException(
          "connectTimeout (" + connectTimeout + ") must be <= callTimeout (" + callTimeout + ")");
    }
    checkCombinations();
    String key = Settings.apiKey(apiKey, environment);
    HttpUrl url = Settings.baseUrl(baseUrl, environment);
    GeminiTransport transport =
        new GeminiTransport(
            key,
            url,
            connectTimeout,
            readTimeout,
            callTimeout,
            httpClient,
            new Retrier(GeminiTransport.PROVIDER, retryPolicy, sleeper, System::nanoTime));
    return new Connection(
        apiKey,
        environment,
        baseUrl,
        connectTimeout,
        readTimeout,
        callTimeout,
        retryPolicy,
        sleeper,
        httpClient,
        key,
        url,
        transport);
  }
}
