package dev.citerag.ollama;

import dev.citerag.ollama.internal.ConnectionOptions;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.provider.internal.Retrier;
import java.time.Duration;
import java.util.Map;
import okhttp3.OkHttpClient;

/**
 * The connection setters that {@link OllamaChatModel.Builder} and {@link OllamaEmbedder.Builder}
 * share, over one {@link ConnectionOptions} (which checks each value and resolves the environment).
 *
 * <p>Package-private on purpose, so that it is no part of the API: the public setters below are
 * callable from any package on the two public builders, and javadoc lists them on each builder's
 * page as its own methods, with {@code B} shown as that builder's type.
 *
 * @param <B> the public builder that extends this, returned by every setter
 */
abstract class ClientBuilder<B extends ClientBuilder<B>> {
  /** Package-private so that the subclasses set the model and resolve through it. */
  final ConnectionOptions connection;

  /**
   * @param connection new options for {@code builder()}, a built object's for {@code toBuilder()}
   */
  ClientBuilder(ConnectionOptions connection) {
    this.connection = connection;
  }

  /** Safe: the only subclasses are {@code X.Builder extends ClientBuilder<X.Builder>}. */
  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  /**
   * The server address. Accepts a URL ({@code http://host:11434}, {@code https://host/ollama}) or
   * {@code host[:port]} as {@code OLLAMA_HOST} does; {@code 0.0.0.0} means the loopback address.
   * Default: {@code OLLAMA_HOST} from the {@linkplain #environment environment}, else {@code
   * http://127.0.0.1:11434}.
   *
   * @param baseUrl a URL or {@code host[:port]}
   * @return this builder
   * @throws IllegalArgumentException when blank, not http(s), carrying credentials, a query or a
   *     fragment, or with a bad port
   */
  public B baseUrl(String baseUrl) {
    connection.baseUrl(baseUrl);
    return self();
  }

  /**
   * The variables to read {@code OLLAMA_HOST} and the model's variable from ({@code OLLAMA_MODEL}
   * for a chat model, {@code OLLAMA_EMBED_MODEL} for an embedder). Default: {@link
   * System#getenv()}. Tests pass a map so that they never depend on the real environment.
   *
   * @param environment variable name to value
   * @return this builder
   * @throws IllegalArgumentException when null or containing null keys or values
   */
  public B environment(Map<String, String> environment) {
    connection.environment(environment);
    return self();
  }

  /**
   * Bound on opening the TCP connection, per attempt. Default 10 s.
   *
   * @param timeout the bound per attempt
   * @return this builder
   * @throws IllegalArgumentException when null, not positive or over 1 h
   */
  public B connectTimeout(Duration timeout) {
    connection.connectTimeout(timeout);
    return self();
  }

  /**
   * Bound on waiting for a reply, per attempt, once the model has answered once. Default 2 min.
   *
   * @param timeout the bound per attempt
   * @return this builder
   * @throws IllegalArgumentException when null, not positive or over 1 h
   */
  public B readTimeout(Duration timeout) {
    connection.readTimeout(timeout);
    return self();
  }

  /**
   * Bound on waiting for the first successful reply, which may include loading the model from disk;
   * the retry policy's total time is stretched to at least this until then. Default 5 min; must be
   * &gt;= {@link #readTimeout}.
   *
   * @param timeout the bound until the first success
   * @return this builder
   * @throws IllegalArgumentException when null, not positive or over 1 h
   */
  public B firstCallTimeout(Duration timeout) {
    connection.firstCallTimeout(timeout);
    return self();
  }

  /**
   * How connection failures, timeouts, 429 and 500/502/503 are retried; 400, 401/403 and 404 never
   * are. Default {@link RetryPolicy#DEFAULT}.
   *
   * @param policy attempts, backoff and total time
   * @return this builder
   * @throws IllegalArgumentException when null
   */
  public B retryPolicy(RetryPolicy policy) {
    connection.retryPolicy(policy);
    return self();
  }

  /**
   * How the retrier waits between attempts. Default {@link Retrier.Sleeper#REAL}; tests pass one
   * that records the waits instead of sleeping.
   *
   * @param sleeper waits between attempts
   * @return this builder
   * @throws IllegalArgumentException when null
   */
  public B retrySleeper(Retrier.Sleeper sleeper) {
    connection.retrySleeper(sleeper);
    return self();
  }

  /**
   * How long the server keeps the model loaded after a call: a Go duration ({@code "10m"}, {@code
   * "24h"}, {@code "-1"} for ever, {@code "0"} to unload at once) or whole seconds ({@code "300"}).
   * Default: not sent (the server's {@code OLLAMA_KEEP_ALIVE}, normally 5 min).
   *
   * @param keepAlive a Go duration or whole seconds
   * @return this builder
   * @throws IllegalArgumentException when null or not of either form
   */
  public B keepAlive(String keepAlive) {
    connection.keepAlive(keepAlive);
    return self();
  }

  /**
   * {@link #keepAlive(String)} as a {@link Duration}; a negative one keeps the model for ever.
   *
   * @param keepAlive the time to keep the model loaded
   * @return this builder
   * @throws IllegalArgumentException when null
   */
  public B keepAlive(Duration keepAlive) {
    connection.keepAlive(keepAlive);
    return self();
  }

  /**
   * A client to derive from (its connection pool, dispatcher, interceptors, proxy); the timeouts
   * above are applied on top. Default: a private client.
   *
   * @param client the client to derive from; it is not closed or changed
   * @return this builder
   * @throws IllegalArgumentException when null
   */
  public B httpClient(OkHttpClient client) {
    connection.httpClient(client);
    return self();
  }
}
