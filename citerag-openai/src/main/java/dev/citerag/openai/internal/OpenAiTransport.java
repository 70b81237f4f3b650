package dev.citerag.openai.internal;

import dev.citerag.ProviderException;
import dev.citerag.http.internal.Connection;
import dev.citerag.http.internal.ConnectionSettings;
import dev.citerag.http.internal.HttpTransport;
import java.time.Duration;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import org.jspecify.annotations.Nullable;

/**
 * OpenAI-compatible servers on the shared {@link HttpTransport}: POSTs JSON to {@code
 * {baseUrl}/{path}} with the key, when there is one, in the {@code Authorization: Bearer} header. A
 * refused connection or an unknown host fails at once, naming the URL. Thread-safe.
 */
public final class OpenAiTransport {
  private OpenAiTransport() {}

  /** Provider name in exceptions, traces and identities. */
  public static final String PROVIDER = "openai";

  /**
   * Checks {@code connectTimeout <= callTimeout}, then resolves the base URL and the key (builder,
   * then environment, then default) and builds the transport.
   *
   * @throws IllegalStateException when no API key is set for OpenAI's own endpoint
   * @throws IllegalArgumentException when settings contradict each other or an environment variable
   *     is not valid
   */
  public static Connection connect(ConnectionSettings settings) {
    settings.checkConnectWithinCall();
    HttpUrl url = Settings.baseUrl(settings);
    String key = Settings.apiKey(settings, url);
    HttpTransport.Profile profile =
        new HttpTransport.Profile(
            PROVIDER,
            key == null ? Headers.of() : Headers.of("Authorization", "Bearer " + key),
            key,
            (endpoint, cause) ->
                "no server reachable for "
                    + endpoint
                    + " ("
                    + cause
                    + "); start the server or set baseUrl(...) / "
                    + Settings.ENV_BASE_URL,
            "");
    return new Connection(settings, key, url, new HttpTransport(profile, settings));
  }

  /** The URL of an endpoint, e.g. {@code chat/completions}; contains no credential. */
  public static HttpUrl url(HttpUrl baseUrl, String path) {
    HttpUrl.Builder b = baseUrl.newBuilder();
    for (String segment : path.split("/", -1)) {
      b.addPathSegment(segment);
    }
    return b.build();
  }

  /**
   * Sends {@code body} to {@code path}, retrying transient failures under the retry policy, all
   * within {@code requestTimeout} when given.
   *
   * @param model named in messages about a missing model
   * @throws ProviderException when no attempt succeeded
   */
  public static <T> T post(
      Connection c,
      String path,
      String model,
      byte[] body,
      @Nullable Duration requestTimeout,
      HttpTransport.Decoder<T> decoder) {
    HttpUrl url = url(c.baseUrl(), path);
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
