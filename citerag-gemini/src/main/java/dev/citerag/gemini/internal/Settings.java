package dev.citerag.gemini.internal;

import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;
import okhttp3.HttpUrl;
import org.jspecify.annotations.Nullable;

/** Checks and resolution shared by the chat and embedding builders. */
public final class Settings {
  private Settings() {}

  public static final String ENV_API_KEY = "GEMINI_API_KEY";
  public static final String ENV_API_KEY_FALLBACK = "GOOGLE_API_KEY";
  public static final String ENV_BASE_URL = "GEMINI_BASE_URL";
  public static final String DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

  /** A model id as it appears after {@code models/} in a URL, e.g. {@code gemini-2.5-flash}. */
  private static final Pattern MODEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

  /**
   * The builder's key, else {@value #ENV_API_KEY}, else {@value #ENV_API_KEY_FALLBACK}; blank
   * variables count as unset, surrounding whitespace is dropped.
   *
   * @throws IllegalStateException when none is set (naming both variables, never a value)
   * @throws IllegalArgumentException when the variable holds characters a header cannot carry
   */
  public static String apiKey(@Nullable String explicit, Map<String, String> env) {
    if (explicit != null) {
      return explicit;
    }
    for (String name : new String[] {ENV_API_KEY, ENV_API_KEY_FALLBACK}) {
      String v = env.get(name);
      if (v != null && !v.isBlank()) {
        return apiKeyValue(v.strip(), "environment variable " + name);
      }
    }
    throw new IllegalStateException(
        "no Gemini API key: call apiKey(...) on the builder or set the environment variable "
            + ENV_API_KEY
            + " (or "
            + ENV_API_KEY_FALLBACK
            + ")");
  }

  /** The builder's base URL, else {@value #ENV_BASE_URL}, else the public endpoint. */
  public static HttpUrl baseUrl(@Nullable HttpUrl explicit, Map<String, String> env) {
    if (explicit != null) {
      return explicit;
    }
    String v = env.get(ENV_BASE_URL);
    if (v != null && !v.isBlank()) {
      return parseBaseUrl(v.strip(), ENV_BASE_URL);
    }
    return parseBaseUrl(DEFAULT_BASE_URL, "baseUrl");
  }

  /**
   * An http(s) URL without query, fragment or user info (a {@code ?key=} in it would put the key
   * into every URL and log line); a trailing slash is dropped.
   *
   * @throws IllegalArgumentException naming {@code field} otherwise
   */
  public static HttpUrl parseBaseUrl(@Nullable String value, String field) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    HttpUrl url = HttpUrl.parse(value.strip());
    if (url == null) {
      throw new IllegalArgumentException(field + " must be an http or https URL");
    }
    if (url.query() != null
        || url.fragment() != null
        || !url.username().isEmpty()
        || !url.password().isEmpty()) {
      throw new IllegalArgumentException(
          field + " must not contain a query, fragment or user info (the key goes in a header)");
    }
    int n = url.pathSize();
    if (n > 0 && url.pathSegments().get(n - 1).isEmpty()) {
      url = url.newBuilder().removePathSegment(n - 1).build();
    }
    return url;
  }

  /**
   * Checks a Gemini model id and returns it unchanged.
   *
   * @throws IllegalArgumentException unless {@code model} is a bare model id such as {@code
   *     gemini-2.5-flash} (letters, digits, '.', '_', '-'; no {@code models/} prefix)
   */
  public static String model(@Nullable String model, String field) {
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    if (!MODEL.matcher(model).matches()) {
      throw new IllegalArgumentException(
          field
              + " must be a bare model id such as gemini-2.5-flash (letters, digits, '.', '_', '-',"
              + " no \"models/\" prefix), was \""
              + model
              + "\"");
    }
    return model;
  }

  /**
   * Checks that a duration is set and positive, and returns it.
   *
   * @throws IllegalArgumentException unless {@code d} is positive
   */
  public static Duration positive(@Nullable Duration d, String field) {
    if (d == null) {
      throw new IllegalArgumentException(field + " must not be null");
    }
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(field + " must be > 0, was " + d);
    }
    return d;
  }

  /**
   * Checks an API key's characters and returns it unchanged.
   *
   * @throws IllegalArgumentException unless {@code key} is non-blank visible ASCII (OkHttp would
   *     otherwise reject the header with a message that quotes the value)
   */
  public static String apiKeyValue(@Nullable String key, String field) {
    if (key == null || key.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (Character.isWhitespace(c) || Character.isISOControl(c) || c > 0x7e) {
        // Never echo the value: it is a secret.
        throw new IllegalArgumentException(
            field
                + " must contain only visible ASCII characters (found another at index "
                + i
                + ")");
      }
    }
    return key;
  }
}
