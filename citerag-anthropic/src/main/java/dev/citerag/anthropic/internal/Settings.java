package dev.citerag.anthropic.internal;

import dev.citerag.http.internal.BaseUrls;
import dev.citerag.http.internal.ConnectionSettings;
import java.util.regex.Pattern;
import okhttp3.HttpUrl;
import org.jspecify.annotations.Nullable;

/** Checks and resolution of the builder's settings. */
public final class Settings {
  private Settings() {}

  public static final String ENV_API_KEY = "ANTHROPIC_API_KEY";
  public static final String ENV_BASE_URL = "ANTHROPIC_BASE_URL";
  public static final String ENV_MODEL = "ANTHROPIC_MODEL";
  public static final String DEFAULT_BASE_URL = "https://api.anthropic.com";

  /** The API version every request names in the {@code anthropic-version} header. */
  public static final String API_VERSION = "2023-06-01";

  /** A model id such as {@code claude-sonnet-4-5} or {@code claude-3-5-haiku-20241022}. */
  private static final Pattern MODEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}");

  /**
   * The builder's key, else {@value #ENV_API_KEY}; blank variables count as unset.
   *
   * @throws IllegalStateException when none is set (naming the variable, never a value)
   * @throws IllegalArgumentException when the variable holds characters a header cannot carry
   */
  public static String apiKey(ConnectionSettings settings) {
    String key = settings.resolveApiKey(ENV_API_KEY);
    if (key == null) {
      throw new IllegalStateException(
          "no Anthropic API key: call apiKey(...) on the builder or set the environment variable "
              + ENV_API_KEY);
    }
    return key;
  }

  /** The builder's base URL, else {@value #ENV_BASE_URL}, else the public endpoint. */
  public static HttpUrl baseUrl(ConnectionSettings settings) {
    return BaseUrls.resolve(settings, ENV_BASE_URL, DEFAULT_BASE_URL, DEFAULT_BASE_URL);
  }

  /**
   * An http(s) URL without query, fragment or user info; a trailing slash is dropped.
   *
   * @throws IllegalArgumentException naming {@code field} otherwise
   */
  public static HttpUrl parseBaseUrl(@Nullable String value, String field) {
    return BaseUrls.parse(value, field, DEFAULT_BASE_URL);
  }

  /** The builder's model, else {@value #ENV_MODEL}, else {@code fallback}. */
  public static String model(
      @Nullable String explicit, ConnectionSettings settings, String fallback) {
    if (explicit != null) {
      return explicit;
    }
    String v = settings.env(ENV_MODEL);
    return v != null ? model(v, "environment variable " + ENV_MODEL) : fallback;
  }

  /**
   * Checks a model id and returns it unchanged.
   *
   * @throws IllegalArgumentException unless {@code model} is 1 to 128 letters, digits, '.', '_',
   *     ':', '@' or '-', starting with a letter or digit
   */
  public static String model(@Nullable String model, String field) {
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    if (!MODEL.matcher(model).matches()) {
      throw new IllegalArgumentException(
          field
              + " must be a model id such as claude-sonnet-4-5 (1 to 128 letters, digits, '.', '_',"
              + " ':', '@' or '-')");
    }
    return model;
  }
}
