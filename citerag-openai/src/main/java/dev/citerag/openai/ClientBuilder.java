package dev.citerag.openai;

import dev.citerag.http.internal.Connection;
import dev.citerag.http.internal.ConnectionSettings;
import dev.citerag.openai.internal.OpenAiTransport;
import dev.citerag.openai.internal.Settings;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.provider.internal.Retrier;
import java.time.Duration;
import java.util.Map;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;

/**
 * The connection settings that {@link OpenAiChatModel.Builder} and {@link OpenAiEmbedder.Builder}
 * share (key, environment, base URL, timeouts, retries, HTTP client), held in the adapters' shared
 * {@link ConnectionSettings} (which checks each value), and their resolution into a {@link
 * Connection}.
 *
 * <p>Package-private on purpose, so that it is no part of the API: the public setters below are
 * callable on the two public builders, and javadoc lists them on each builder's page.
 *
 * @param <B> the public builder that extends this, returned by every setter
 */
abstract class ClientBuilder<B extends ClientBuilder<B>> {
  private static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

  private ConnectionSettings settings;

  ClientBuilder(Duration readTimeout, Duration callTimeout) {
    this.settings = new ConnectionSettings(DEFAULT_CONNECT_TIMEOUT, readTimeout, callTimeout);
  }

  /** Safe: the only subclasses are {@code X.Builder extends ClientBuilder<X.Builder>}. */
  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  /**
   * The API key, sent only as {@code Authorization: Bearer <key>}. Default: the environment
   * variable {@code OPENAI_API_KEY}; when neither is set, no Authorization header is sent, which
   * local servers (vLLM, llama.cpp, LM Studio, Ollama) accept, and {@code build()} fails for
   * OpenAI's own endpoint.
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
   * Where {@code build()} looks up {@code OPENAI_API_KEY}, {@code OPENAI_BASE_URL} and the model
   * ({@code OPENAI_MODEL} for a chat model, {@code OPENAI_EMBED_MODEL} for an embedder). Default:
   * {@link System#getenv()}. Tests pass a map so that they never read the real environment.
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
   * The API root, the part before {@code /chat/completions}: {@code https://api.openai.com/v1},
   * {@code http://127.0.0.1:8000/v1} (vLLM), {@code http://127.0.0.1:8080/v1} (llama.cpp), {@code
   * http://127.0.0.1:11434/v1} (Ollama), {@code http://127.0.0.1:1234/v1} (LM Studio). Default: the
   * environment variable {@code OPENAI_BASE_URL}, else {@value
   * dev.citerag.openai.internal.Settings#DEFAULT_BASE_URL}.
   *
   * @param baseUrl the API root, http or https
   * @return this builder
   * @throws IllegalArgumentException when not an http(s) URL, or it has user info, a query or a
   *     fragment
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
   * OpenAiChatModel#DEFAULT_READ_TIMEOUT 120 s} for a chat model, {@linkplain
   * OpenAiEmbedder#DEFAULT_READ_TIMEOUT 60 s} for an embedder.
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
   * byte. Default 120 s for a chat model, 60 s for an embedder. The retry policy's total timeout
   * bounds all attempts of a call, and a chat request's own timeout bounds the whole call too.
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
   * How transient failures (408, 409, 429, 5xx, timeouts, dropped connections) are retried, never
   * sooner than the server's {@code retry-after-ms}, {@code Retry-After} or {@code
   * x-ratelimit-reset-*} hint. Default {@link RetryPolicy#DEFAULT}; {@link RetryPolicy#NONE} turns
   * retries off. 400, 401, 403, 404, an exhausted quota and a refused connection are never retried.
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
   * client with an interceptor that logs headers unless it redacts {@code Authorization}.
   *
   * @param httpClient the client to derive from, or {@code null} for a private one; it is not
   *     closed
   * @return this builder
   */
  public B httpClient(@Nullable OkHttpClient httpClient) {
    settings.httpClient(httpClient);
    return self();
  }

  /** The settings the model is resolved from (its environment variable). */
  final ConnectionSettings settings() {
    return settings;
  }

  /**
   * Takes over the settings of a built model or embedder, the key as it was given (toBuilder()).
   */
  final B connection(Connection c) {
    this.settings = c.settings().copy();
    return self();
  }

  /**
   * Checks {@code connectTimeout <= callTimeout}, then resolves the base URL and the key (builder,
   * then environment, then default) and builds the transport.
   *
   * @throws IllegalStateException when no API key is set for OpenAI's own endpoint
   * @throws IllegalArgumentException when settings contradict each other or an environment variable
   *     is not valid
   */
  final Connection connect() {
    return OpenAiTransport.connect(settings);
  }
}
