package dev.citerag.gemini;

import dev.citerag.gemini.internal.GeminiTransport;
import dev.citerag.gemini.internal.Secrets;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.provider.internal.Retrier;
import java.time.Duration;
import java.util.Map;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;

/**
 * The connection half of a built {@link GeminiChatModel} or {@link GeminiEmbedder}, made by {@link
 * ClientBuilder#connect()}: the settings as given (kept for {@code toBuilder()}) and what they
 * resolved to. {@link #toString()} masks the key.
 *
 * @param apiKeySetting the key given to the builder, or null to read it from the environment
 * @param environment where the key and base URL were looked up
 * @param baseUrlSetting the base URL given to the builder, or null
 * @param sleeper how the retrier waits (replaced in tests)
 * @param httpClient the caller's client to derive from, or null for a client of its own
 * @param apiKey the resolved key
 * @param baseUrl the resolved base URL
 * @param transport posts to {@code baseUrl} with {@code apiKey}, under the retry policy
 */
record Connection(
    @Nullable String apiKeySetting,
    Map<String, String> environment,
    @Nullable HttpUrl baseUrlSetting,
    Duration connectTimeout,
    Duration readTimeout,
    Duration callTimeout,
    RetryPolicy retryPolicy,
    Retrier.Sleeper sleeper,
    @Nullable OkHttpClient httpClient,
    String apiKey,
    HttpUrl baseUrl,
    GeminiTransport transport) {

  /** Whether the caller gave a client to share. */
  boolean sharedHttpClient() {
    return httpClient != null;
  }

  /**
   * {@code baseUrl=..., apiKey=****, connectTimeout=..., readTimeout=..., callTimeout=...,
   * retryPolicy=...}.
   */
  @Override
  public String toString() {
    return "baseUrl="
        + baseUrl
        + ", apiKey="
        + Secrets.mask(apiKey)
        + ", connectTimeout="
        + connectTimeout
        + ", readTimeout="
        + readTimeout
        + ", callTimeout="
        + callTimeout
        + ", retryPolicy="
        + retryPolicy;
  }
}
