package dev.citerag.gemini.internal;

import dev.citerag.http.internal.BaseUrls;
import dev.citerag.http.internal.ConnectionSettings;
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
  public static String apiKey(ConnectionSettings settings) {
    String key = settings.resolveApiKey(ENV_API_KEY, ENV_API_KEY_FALLBACK);
    if (key == null) {
      throw new IllegalStateException(
          "no Gemini API key: call apiKey(...) on the builder or set the environment variable "
              + ENV_API_KEY
              + " (or "
              + ENV_API_KEY_FALLBACK
              + ")");
    }
    return key;
  }

  /** The builder's base URL, else {@value #ENV_BASE_URL}, else the public endpoint. */
  public static HttpUrl baseUrl(ConnectionSettings settings) {
    return BaseUrls.resolve(settings, ENV_BASE_URL, DEFAULT_BASE_URL, null);
  }

  /**
   * An http(s) URL without query, fragment or user info (a {@code ?key=} in it would put the key
   * into every URL and log line); a trailing slash is dropped.
   *
   * @throws IllegalArgumentException naming {@code field} otherwise
   */
  public static HttpUrl parseBaseUrl(@Nullable String value, String field) {
    return BaseUrls.parse(value, field, null);
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
}
