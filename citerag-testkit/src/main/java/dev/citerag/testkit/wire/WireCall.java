package dev.citerag.testkit.wire;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.internal.Checks;
import dev.citerag.testkit.fakes.SentSources;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One HTTP request a wire fake received, with the status it answered. {@link #toString()} masks
 * credential headers ({@code x-goog-api-key}, {@code authorization}, {@code x-api-key}); read them
 * with {@link #header} when a test must check them.
 */
public final class WireCall {
  private static final Set<String> SECRET_HEADERS =
      Set.of("x-goog-api-key", "authorization", "x-api-key");

  private final String method;
  private final String path;
  private final @Nullable String query;
  private final Map<String, List<String>> headers;
  private final String body;
  private final @Nullable JsonNode json;
  private final SentSources sources;
  private final int status;
  private final @Nullable String scriptError;

  /**
   * Records one request; the fake servers make these, tests only read them.
   *
   * @param method the HTTP method
   * @param path the decoded path, e.g. {@code /v1beta/models/gemini-2.5-flash:generateContent}
   * @param query the raw query string without {@code ?}, or null
   * @param headers header names in lower case with their values in order
   * @param body the request body as UTF-8 text (empty when none)
   * @param json the body parsed as JSON, or null when it is not JSON
   * @param sources the sources read from a chat request's user content (empty otherwise)
   * @param status the HTTP status the fake answered
   * @param scriptError why the fake could not apply its script (then it answered 500), or null
   */
  public WireCall(
      String method,
      String path,
      @Nullable String query,
      Map<String, List<String>> headers,
      String body,
      @Nullable JsonNode json,
      SentSources sources,
      int status,
      @Nullable String scriptError) {
    this.method = Checks.notBlank(method, "method");
    this.path = Checks.notNull(path, "path");
    this.query = query;
    this.headers = Map.copyOf(Checks.notNull(headers, "headers"));
    this.body = Checks.notNull(body, "body");
    this.json = json == null ? null : json.deepCopy();
    this.sources = Checks.notNull(sources, "sources");
    this.status = status;
    this.scriptError = scriptError;
  }

  /** {@return the HTTP method, e.g. {@code POST}} */
  public String method() {
    return method;
  }

  /** {@return the decoded request path} */
  public String path() {
    return path;
  }

  /**
   * {@return the raw query string, if any (to assert, e.g., that no API key travels in the URL)}
   */
  public Optional<String> query() {
    return Optional.ofNullable(query);
  }

  /**
   * The first value of a header (name case-insensitive).
   *
   * @param name the header name, any case
   * @return the first value, or empty when the request had no such header
   */
  public Optional<String> header(String name) {
    List<String> v = headers.get(name.toLowerCase(Locale.ROOT));
    return v == null || v.isEmpty() ? Optional.empty() : Optional.of(v.get(0));
  }

  /** {@return all headers, names in lower case} */
  public Map<String, List<String>> headers() {
    return headers;
  }

  /** {@return the raw body} */
  public String body() {
    return body;
  }

  /** {@return the body as JSON (a copy), if it parsed} */
  public Optional<JsonNode> json() {
    return json == null ? Optional.empty() : Optional.of(json.deepCopy());
  }

  /** {@return the sources a chat request showed the model (empty for other requests)} */
  public SentSources sources() {
    return sources;
  }

  /** {@return the question found in a chat request, if any} */
  public Optional<String> question() {
    return sources.question();
  }

  /** {@return the status the fake answered} */
  public int status() {
    return status;
  }

  /** {@return why the script could not answer this call, if it could not} */
  public Optional<String> scriptError() {
    return Optional.ofNullable(scriptError);
  }

  @Override
  public String toString() {
    StringBuilder h = new StringBuilder();
    headers.forEach(
        (k, v) -> {
          if (h.length() > 0) {
            h.append(", ");
          }
          h.append(k).append('=').append(SECRET_HEADERS.contains(k) ? "***" : String.join(",", v));
        });
    return "WireCall["
        + method
        + " "
        + path
        + (query == null ? "" : "?" + maskQuery(query))
        + " -> "
        + status
        + ", headers{"
        + h
        + "}, "
        + body.length()
        + " body chars]";
  }

  private static String maskQuery(String q) {
    return q.replaceAll("(?i)(^|&)key=[^&]*", "$1key=***");
  }
}
