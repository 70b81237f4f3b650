package dev.citerag.http.internal;

import okhttp3.HttpUrl;
import org.jspecify.annotations.Nullable;

/** Parses the base URL of a hosted API (Gemini, OpenAI-compatible). */
public final class BaseUrls {
  private BaseUrls() {}

  /**
   * The builder's URL, else the variable {@code envName} of {@code settings}' environment, else
   * {@code fallback}.
   *
   * @throws IllegalArgumentException naming {@code envName} when that variable is not a valid base
   *     URL
   */
  public static HttpUrl resolve(
      ConnectionSettings settings, String envName, String fallback, @Nullable String example) {
    HttpUrl explicit = settings.baseUrl();
    if (explicit != null) {
      return explicit;
    }
    String v = settings.env(envName);
    return v != null ? parse(v, envName, example) : parse(fallback, "baseUrl", example);
  }

  /**
   * An http(s) URL without user info, query or fragment (credentials in a URL end up in logs, and a
   * {@code ?key=} would put the key into every URL); a trailing slash is dropped.
   *
   * @param example shown in the message when the value is not a URL at all, or null
   * @throws IllegalArgumentException naming {@code field} otherwise
   */
  public static HttpUrl parse(@Nullable String value, String field, @Nullable String example) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    HttpUrl url = HttpUrl.parse(value.strip());
    if (url == null) {
      throw new IllegalArgumentException(
          field + " must be an http or https URL" + (example == null ? "" : " such as " + example));
    }
    if (!url.username().isEmpty() || !url.password().isEmpty()) {
      throw new IllegalArgumentException(
          field + " must not contain user info (the key goes in a header)");
    }
    if (url.query() != null || url.fragment() != null) {
      throw new IllegalArgumentException(field + " must not contain a query or fragment");
    }
    int n = url.pathSize();
    if (n > 0 && url.pathSegments().get(n - 1).isEmpty()) {
      url = url.newBuilder().removePathSegment(n - 1).build();
    }
    return url;
  }
}
