package dev.citerag.ollama.internal;

import dev.citerag.http.internal.ConnectionSettings;
import dev.citerag.internal.Checks;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.provider.internal.Retrier;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;

/**
 * The mutable connection half of both public builders. Every setter validates at once and names the
 * field; {@link #resolve} applies the environment and checks combinations.
 */
public final class ConnectionOptions {
  /** Default TCP connect bound. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

  /** Default reply bound once the model is loaded. */
  public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofMinutes(2);

  /** Default reply bound for the first call, which may have to load the model from disk. */
  public static final Duration DEFAULT_FIRST_CALL_TIMEOUT = Duration.ofMinutes(5);

  private static final Duration MAX_TIMEOUT = Duration.ofHours(1);
  // possessive: a greedy group loop recurses per element in java.util.regex and overflowed the
  // stack on "1s1s1s..." (1,000 elements); an element never has to be given back (units end it)
  private static final Pattern GO_DURATION =
      Pattern.compile("[-+]?(?:(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:ns|us|µs|μs|ms|s|m|h))++");
  private static final Pattern INTEGER = Pattern.compile("[-+]?\\d{1,12}");
  private static final Pattern MODEL_NAME = Pattern.compile("[^\\s]+");

  private final ConnectionSettings settings;
  private @Nullable String model;
  private Duration firstCallTimeout = DEFAULT_FIRST_CALL_TIMEOUT;
  private @Nullable Object keepAlive;

  public ConnectionOptions() {
    this(newSettings());
  }

  private ConnectionOptions(ConnectionSettings settings) {
    this.settings = settings;
  }

  /**
   * Ollama has no per-attempt bound besides the read timeouts: an attempt may use the time left of
   * the whole call (a model loading from disk).
   */
  private static ConnectionSettings newSettings() {
    return new ConnectionSettings(DEFAULT_CONNECT_TIMEOUT, DEFAULT_READ_TIMEOUT, MAX_TIMEOUT)
        .maxTimeout(MAX_TIMEOUT);
  }

  /** Options holding every effective value of {@code config} explicitly (for toBuilder()). */
  public static ConnectionOptions from(TransportConfig config) {
    ConnectionOptions o = new ConnectionOptions(config.settings().copy());
    o.settings.baseUrl(config.baseUrl());
    o.model = config.model();
    o.firstCallTimeout = config.firstCallTimeout();
    o.keepAlive = config.keepAlive();
    return o;
  }

  public void baseUrl(@Nullable String url) {
    settings.baseUrl(OllamaHost.parse(url, "baseUrl"));
  }

  public void environment(@Nullable Map<String, String> env) {
    settings.environment(env);
  }

  public void model(@Nullable String name) {
    this.model = checkModel(name, "model");
  }

  public void connectTimeout(@Nullable Duration d) {
    settings.connectTimeout(d);
  }

  public void readTimeout(@Nullable Duration d) {
    settings.readTimeout(d);
  }

  public void firstCallTimeout(@Nullable Duration d) {
    this.firstCallTimeout = settings.timeout(d, "firstCallTimeout");
  }

  public void retryPolicy(@Nullable RetryPolicy policy) {
    settings.retryPolicy(policy);
  }

  public void retrySleeper(Retrier.@Nullable Sleeper s) {
    settings.retrySleeper(s);
  }

  public void keepAlive(@Nullable String value) {
    Checks.notNull(value, "keepAlive");
    String v = value.strip();
    if (INTEGER.matcher(v).matches()) {
      this.keepAlive = Long.parseLong(v);
    } else if (GO_DURATION.matcher(v).matches()) {
      this.keepAlive = v;
    } else {
      throw new IllegalArgumentException(
          "keepAlive must be a Go duration such as \"10m\", \"1h30m\""
              + " or \"-1\", or a whole number of seconds, was \""
              + value
              + "\"");
    }
  }

  public void keepAlive(@Nullable Duration d) {
    Checks.notNull(d, "keepAlive");
    if (d.isNegative()) {
      this.keepAlive = -1L;
    } else if (d.toNanosPart() == 0) {
      this.keepAlive = d.toSeconds();
    } else {
      this.keepAlive = d.toMillis() + "ms";
    }
  }

  public void httpClient(@Nullable OkHttpClient client) {
    settings.httpClient(Checks.notNull(client, "httpClient"));
  }

  /**
   * Applies the environment (explicit values win) and checks combinations.
   *
   * @param modelEnvVar e.g. {@code OLLAMA_MODEL}
   * @param defaultModel used when neither the builder nor the environment names a model
   */
  public TransportConfig resolve(String modelEnvVar, String defaultModel) {
    HttpUrl url = OllamaHost.resolve(settings.baseUrl(), settings.environment());
    String resolvedModel = model;
    if (resolvedModel == null) {
      String fromEnv = settings.env(modelEnvVar);
      resolvedModel = fromEnv == null ? defaultModel : checkModel(fromEnv, modelEnvVar);
    }
    if (firstCallTimeout.compareTo(settings.readTimeout()) < 0) {
      throw new IllegalArgumentException(
          "firstCallTimeout must be >= readTimeout, was "
              + firstCallTimeout
              + " < "
              + settings.readTimeout());
    }
    return new TransportConfig(url, resolvedModel, firstCallTimeout, keepAlive, settings);
  }

  private static String checkModel(@Nullable String name, String field) {
    Checks.notBlank(name, field);
    if (!MODEL_NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          field + " must not contain whitespace, was \"" + name + "\"");
    }
    return name;
  }
}
