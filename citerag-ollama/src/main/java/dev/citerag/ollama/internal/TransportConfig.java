package dev.citerag.ollama.internal;

import dev.citerag.http.internal.ConnectionSettings;
import dev.citerag.internal.Checks;
import dev.citerag.provider.RetryPolicy;
import java.time.Duration;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;

/**
 * The resolved connection settings shared by the chat model and the embedder.
 *
 * @param baseUrl normalised, path ending with {@code /}
 * @param model the model name as configured
 * @param firstCallTimeout reply bound per attempt until the model has answered once (loading)
 * @param keepAlive {@code keep_alive} as sent: a {@link String} Go duration or a {@link Long}
 *     number of seconds; {@code null} leaves the server's default
 * @param settings the adapters' shared options (connect and read timeouts, retries, sleeper, the
 *     caller's HTTP client), a private copy
 */
public record TransportConfig(
    HttpUrl baseUrl,
    String model,
    Duration firstCallTimeout,
    @Nullable Object keepAlive,
    ConnectionSettings settings) {

  public TransportConfig {
    Checks.notNull(baseUrl, "baseUrl");
    Checks.notBlank(model, "model");
    Checks.notNull(firstCallTimeout, "firstCallTimeout");
    settings = Checks.notNull(settings, "settings").copy();
    if (keepAlive != null && !(keepAlive instanceof String) && !(keepAlive instanceof Long)) {
      throw new IllegalArgumentException("keepAlive must be a String or a Long");
    }
  }

  /** TCP connect bound per attempt. */
  public Duration connectTimeout() {
    return settings.connectTimeout();
  }

  /** Reply bound per attempt once the model has answered once. */
  public Duration readTimeout() {
    return settings.readTimeout();
  }

  /** How transient failures are retried. */
  public RetryPolicy retryPolicy() {
    return settings.retryPolicy();
  }

  /** The caller's client to derive from, or {@code null} for a private one. */
  public @Nullable OkHttpClient httpClient() {
    return settings.httpClient();
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
        + connectTimeout()
        + ", readTimeout="
        + readTimeout()
        + ", firstCallTimeout="
        + firstCallTimeout
        + ", keepAlive="
        + keepAlive
        + ", retryPolicy="
        + retryPolicy()
        + ", httpClient="
        + (httpClient() == null ? "private" : "caller's");
  }
}
