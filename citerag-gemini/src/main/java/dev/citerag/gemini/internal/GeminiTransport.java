package dev.citerag.gemini.internal;

import dev.citerag.ProviderException;
import dev.citerag.http.internal.Connection;
import dev.citerag.http.internal.ConnectionSettings;
import dev.citerag.http.internal.HttpTransport;
import java.time.Duration;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import org.jspecify.annotations.Nullable;

/**
 * Gemini on the shared {@link HttpTransport}: POSTs JSON to {@code
 * {baseUrl}/models/{model}:{method}} with the key in the {@code x-goog-api-key} header (never in a
 * URL). Thread-safe.
 */
public final class GeminiTransport {
  private GeminiTransport() {}

  /** Provider name in exceptions, traces and identities. */
  public static final String PROVIDER = "gemini";

  /** Header that carries the key; the key never goes into a URL. */
  static final String API_KEY_HEADER = "x-goog-api-key";

  /**
   * Checks {@code connectTimeout <= callTimeout}, resolves the key and base URL (builder, then
   * environment, then default) and builds the transport.
   *
   * @throws IllegalStateException when no API key is set
   * @throws IllegalArgumentException when settings contradict each other or {@code GEMINI_BASE_URL}
   *     is not a valid base URL
   */
  public static Connection connect(ConnectionSettings settings) {
    settings.checkConnectWithinCall();
    String key = Settings.apiKey(settings);
    HttpUrl url = Settings.baseUrl(settings);
    HttpTransport.Profile profile =
        new HttpTransport.Profile(
            PROVIDER,
            Headers.of(API_KEY_HEADER, key),
            key,
            (endpoint, cause) ->
                endpoint
                    + " cannot connect to "
                    + url
                    + " ("
                    + cause
                    + "); check "
                    + Settings.ENV_BASE_URL
                    + " or the builder's baseUrl",
            "");
    return new Connection(settings, key, url, new HttpTransport(profile, settings));
  }

  /** The URL of a method; contains no credential. */
  public static HttpUrl url(HttpUrl baseUrl, String model, String method) {
    return baseUrl
        .newBuilder()
        .addPathSegment("models")
        .addPathSegment(model + ":" + method)
        .build();
  }

  /**
   * Sends {@code body} to {@code models/{model}:{method}}, retrying transient failures under the
   * retry policy, all within {@code requestTimeout} when given.
   *
   * @throws ProviderException when no attempt succeeded
   */
  public static <T> T post(
      Connection c,
      String model,
      String method,
      byte[] body,
      @Nullable Duration requestTimeout,
      HttpTransport.Decoder<T> decoder) {
    String key = c.apiKey() == null ? "" : c.apiKey();
    return c.transport()
        .post(
            url(c.baseUrl(), model, method),
            body,
            requestTimeout,
            (code, bytes, headers) ->
                ErrorMapper.map(code, bytes, headers.get("Retry-After"), model, method, key),
            decoder);
  }
}
