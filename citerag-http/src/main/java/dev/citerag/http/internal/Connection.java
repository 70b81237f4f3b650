package dev.citerag.http.internal;

import okhttp3.HttpUrl;
import org.jspecify.annotations.Nullable;

/**
 * The connection half of a built model or embedder: the settings as given (a private copy, for
 * {@code toBuilder()}) and what they resolved to. {@link #toString()} masks the key.
 *
 * @param settings the settings as given
 * @param apiKey the resolved key, or null when none is sent
 * @param baseUrl the resolved base URL
 * @param transport sends under {@code baseUrl} with {@code apiKey}, under the retry policy
 */
public record Connection(
    ConnectionSettings settings,
    @Nullable String apiKey,
    HttpUrl baseUrl,
    HttpTransport transport) {

  /** A connection holding its own copy of {@code settings}. */
  public Connection {
    settings = settings.copy();
  }

  /** Whether the caller gave a client to share. */
  public boolean sharedHttpClient() {
    return settings.httpClient() != null;
  }

  /** {@code baseUrl=..., apiKey=****, connectTimeout=..., ..., retryPolicy=...}. */
  @Override
  public String toString() {
    return "baseUrl=" + baseUrl + ", apiKey=" + Secrets.mask(apiKey) + ", " + settings;
  }
}
