package dev.citerag.openai.internal;

import dev.citerag.http.internal.BaseUrls;
import dev.citerag.http.internal.ConnectionSettings;
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

  /** Shown when a base URL is not a URL at all. */
  private static final String EXAMPLE_URL = "http://127.0.0.1:8000/v1";

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
  public static @Nullable String apiKey(ConnectionSettings settings, HttpUrl baseUrl) {
    String key = settings.resolveApiKey(ENV_API_KEY);
    if (key == null && isOpenAi(baseUrl)) {
      throw new IllegalStateException(
          "no OpenAI API key: call apiKey(...) on the builder or set the"
              + " environment variable "
              + ENV_API_KEY
              + " (servers on another base URL, set with baseUrl(...)"
              + " or "
              + ENV_BASE_URL
              + ", may need none)");
    }
    return key;
  }

  /** Whether the URL is OpenAI's own API, whose conventions (key required, newest fields) apply. */
  public static boolean isOpenAi(HttpUrl url) {
    return url.host().equals("api.openai.com");
  }

  /** The builder's base URL, else {@value #ENV_BASE_URL}, else the public endpoint. */
  public static HttpUrl baseUrl(ConnectionSettings settings) {
    return BaseUrls.resolve(settings, ENV_BASE_URL, DEFAULT_BASE_URL, EXAMPLE_URL);
  }

  /** The builder's model, else the variable {@code envName}, else {@code fallback}. */
  public static String model(
      @Nullable String explicit, ConnectionSettings settings, String envName, String fallback) {
    if (explicit != null) {
      return explicit;
    }
    String v = settings.env(envName);
    return v != null ? model(v, "environment variable " + envName) : fallback;
  }

  /**
   * An http(s) URL without query, fragment or user info (credentials in a URL end up in logs); a
   * trailing slash is dropped.
   *
   * @throws IllegalArgumentException naming {@code field} otherwise
   */
  public static HttpUrl parseBaseUrl(@Nullable String value, String field) {
    return BaseUrls.parse(value, field, EXAMPLE_URL);
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
}
