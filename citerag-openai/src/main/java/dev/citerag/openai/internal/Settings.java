package dev.citerag.openai.internal;

import java.time.Duration;
import java.util.Map;
import okhttp3.HttpUrl;
import org.jspecify.annotations.Nullable;

/** Checks and resolution shared by the chat and embedding builders. */
public final class Settings {
  private Settings() {}

  public static final String ENV_API_KEY = "OPENAI_API_KEY";
  public static final String ENV_BASE_URL = "OPENAI_BASE_URL";
  public static final String ENV_MODEL = "OPENAI_MODEL";
  public static final String ENV_EMBED_MODEL = "OPENAI_EMBED_MODEL";
  public static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";

  /** Longest model id accepted; ids travel in the JSON body, so '/', ':' and '@' are fine. */
  static final int MAX_MODEL_LENGTH = 256;

  /**
   * The builder's key, else {@value #ENV_API_KEY}; blank variables count as unset, surrounding
   * whitespace is dropped. Servers on another base URL (vLLM, llama.cpp, LM Studio, Ollama) often
   * need no key, so none is required there; OpenAI's own endpoint always needs one.
   *
   * @return the key, or null when none is set and {@code baseUrl} is not OpenAI's
   * @throws IllegalStateException when none is set for {@code api.openai.com}
   * @throws IllegalArgumentException when the variable holds characters a header cannot carry
   */
  public static @Nullable String apiKey(
      @Nullable String explicit, Map<String, String> env, HttpUrl baseUrl) {
    if (explicit != null) {
      return explicit;
    }
    String v = env.get(ENV_API_KEY);
    if (v != null && !v.isBlank()) {
      return apiKeyValue(v.strip(), "environment variable " + ENV_API_KEY);
    }
    if (isOpenAi(baseUrl)) {
      throw new IllegalStateException(
          "no OpenAI API key: call apiKey(...) on the builder or set the"
              + " environment variable "
              + ENV_API_KEY
              + " (servers on another base URL, set with baseUrl(...)"
              + " or "
              + ENV_BASE_URL
              + ", may need none)");
    }
    return null;
  }

  /** Whether the URL is OpenAI's own API, whose conventions (key required, newest fields) apply. */
  public static boolean isOpenAi(HttpUrl url) {
    return url.host().equals("api.openai.com");
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

  /** The builder's model, else the variable {@code envName}, else {@code fallback}. */
  public static String model(
      @Nullable String explicit, Map<String, String> env, String envName, String fallback) {
    if (explicit != null) {
      return explicit;
    }
    String v = env.get(envName);
    if (v != null && !v.isBlank()) {
      return model(v.strip(), "environment variable " + envName);
    }
    return fallback;
  }

  /**
   * An http(s) URL without query, fragment or user info (credentials in a URL end up in logs); a
   * trailing slash is dropped. The URL and its parts are quoted in messages only when it parsed
   * without credentials.
   *
   * @throws IllegalArgumentException naming {@code field} otherwise
   */
  public static HttpUrl parseBaseUrl(@Nullable String value, String field) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    HttpUrl url = HttpUrl.parse(value.strip());
    if (url == null) {
      throw new IllegalArgumentException(
          field + " must be an http or https URL such as http://127.0.0.1:8000/v1");
    }
    if (!url.username().isEmpty() || !url.password().isEmpty()) {
      throw new IllegalArgumentException(
          field + " must not contain user info (the key goes in the Authorization header)");
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

  /**
   * Checks a model id and returns it unchanged.
   *
   * @throws IllegalArgumentException unless {@code model} is non-blank, at most {@value
   *     #MAX_MODEL_LENGTH} characters, without whitespace or control characters (ids such as {@code
   *     meta-llama/Llama-3.1-8B-Instruct} or {@code llama3.2:latest} are fine)
   */
  public static String model(@Nullable String model, String field) {
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    if (model.length() > MAX_MODEL_LENGTH) {
      throw new IllegalArgumentException(
          field + " must be at most " + MAX_MODEL_LENGTH + " characters, was " + model.length());
    }
    for (int i = 0; i < model.length(); i++) {
      char c = model.charAt(i);
      if (Character.isWhitespace(c) || Character.isISOControl(c)) {
        throw new IllegalArgumentException(
            field
                + " must not contain whitespace or control characters"
                + " (found one at index "
                + i
                + ")");
      }
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
   *     otherwise reject the header with a message that quotes the value); never echoes the key
   */
  public static String apiKeyValue(@Nullable String key, String field) {
    if (key == null || key.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (c <= 0x20 || c > 0x7e) {
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
