package dev.citerag.ollama.internal;

import dev.citerag.internal.Checks;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.provider.internal.Retrier;
import java.time.Duration;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;

/**
 * The resolved connection settings shared by the chat model and the embedder.
 *
 * @param baseUrl normalised, path ending with {@code /}
 * @param model the model name as configured
 * @param connectTimeout TCP connect bound per attempt
 * @param readTimeout reply bound per attempt once the model has answered once
 * @param firstCallTimeout reply bound per attempt until the model has answered once (loading)
 * @param retryPolicy how transient failures are retried
 * @param sleeper how the retrier waits (replaced in tests)
 * @param keepAlive {@code keep_alive} as sent: a {@link String} Go duration or a {@link Long}
 *     number of seconds; {@code null} leaves the server's default
 * @param httpClient the caller's client to derive from, or {@code null} for a private one
 */
public record TransportConfig(
    HttpUrl baseUrl,
    String model,
    Duration connectTimeout,
    Duration readTimeout,
    Duration firstCallTimeout,
    RetryPolicy retryPolicy,
    Retrier.Sleeper sleeper,
    @Nullable Object keepAlive,
    @Nullable OkHttpClient httpClient) {

  public TransportConfig {
    Checks.notNull(baseUrl, "baseUrl");
    Checks.notBlank(model, "model");
    Checks.notNull(connectTimeout, "connectTimeout");
    Checks.notNull(readTimeout, "readTimeout");
    Checks.notNull(firstCallTimeout, "firstCallTimeout");
    Checks.notNull(retryPolicy, "retryPolicy");
    Checks.notNull(sleeper, "sleeper");
    if (keepAlive != null && !(keepAlive instanceof String) && !(keepAlive instanceof Long)) {
      throw new IllegalArgumentException("keepAlive must be a String or a Long");
    }
  }

  /** The base URL without a trailing slash, for messages and logs. */
  public String displayUrl() {
    return OllamaHost.display(baseUrl);
  }

  @Override
  public String toString() {
    return "baseUrl="
        + displayUrl()
        + ", model="
        + model
        + ", connectTimeout="
        + connectTimeout
        + ", readTimeout="
        + readTimeout
        + ", firstCallTimeout="
        + firstCallTimeout
        + ", keepAlive="
        + keepAlive
        + ", retryPolicy="
        + retryPolicy
        + ", httpClient="
        + (httpClient == null ? "private" : "caller's");
  }
}
