package dev.citerag.anthropic.internal;

import dev.citerag.ProviderException;
import dev.citerag.http.internal.Connection;
import dev.citerag.http.internal.ConnectionSettings;
import dev.citerag.http.internal.HttpTransport;
import java.time.Duration;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import org.jspecify.annotations.Nullable;

/**
 * The Messages API on the shared {@link HttpTransport}: POSTs JSON to {@code {baseUrl}/v1/messages}
 * with the key in {@code x-api-key} and the {@code anthropic-version} header. Thread-safe.
 */
public final class AnthropicTransport {
  private AnthropicTransport() {}

  /** Provider name in exceptions, traces and identities. */
  public static final String PROVIDER = "anthropic";

  /** The endpoint's path under the base URL. */
  public static final String PATH = "v1/messages";

  /**
   * Checks {@code connectTimeout <= callTimeout}, then resolves the base URL and the key (builder,
   * then environment, then default) and builds the transport.
   *
   * @throws IllegalStateException when no API key is set
   * @throws IllegalArgumentException when settings contradict each other or an environment variable
   *     is not valid
   */
  public static Connection connect(ConnectionSettings settings) {
    settings.checkConnectWithinCall();
    HttpUrl url = Settings.baseUrl(settings);
    String key = Settings.apiKey(settings);
    HttpTransport.Profile profile =
        new HttpTransport.Profile(
            PROVIDER,
            Headers.of("x-api-key", key, "anthropic-version", Settings.API_VERSION),
            key,
            (endpoint, cause) ->
                "no server reachable for "
                    + endpoint
                    + " ("
                    + cause
                    + "); check the network or set baseUrl(...) / "
                    + Settings.ENV_BASE_URL,
            "");
    return new Connection(settings, key, url, new HttpTransport(profile, settings));
  }

  /** {@code {baseUrl}/v1/messages}; contains no credential. */
  public static HttpUrl url(HttpUrl baseUrl) {
    return baseUrl.newBuilder().addPathSegment("v1").addPathSegment("messages").build();
  }

  /**
   * Sends {@code body}, retrying transient failures under the retry policy, all within {@code
   * requestTimeout} when given.
   *
   * @param model named in messages about a missing model
   * @throws ProviderException when no attempt succeeded
   */
  public static <T> T post(
      Connection c,
      String model,
      byte[] body,
      @Nullable Duration requestTimeout,
      HttpTransport.Decoder<T> decoder) {
    HttpUrl url = url(c.baseUrl());
    String endpoint = "POST " + url;
    return c.transport()
        .post(
            url,
            body,
            requestTimeout,
            (code, bytes, headers) ->
                ErrorMapper.map(code, bytes, headers, model, endpoint, c.apiKey()),
            decoder);
  }
}
