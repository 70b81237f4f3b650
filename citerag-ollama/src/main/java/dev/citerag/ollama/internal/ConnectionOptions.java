package dev.citerag.ollama.internal;

import dev.citerag.internal.Checks;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.provider.internal.Retrier;
import java.time.Duration;
import java.util.HashMap;
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

  private @Nullable HttpUrl baseUrl;
  private @Nullable Map<String, String> environment;
  private @Nullable String model;
  private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
  private Duration readTimeout = DEFAULT_READ_TIMEOUT;
  private Duration firstCallTimeout = DEFAULT_FIRST_CALL_TIMEOUT;
  private RetryPolicy retryPolicy = RetryPolicy.DEFAULT;
  private Retrier.Sleeper sleeper = Retrier.Sleeper.REAL;
  private @Nullable Object keepAlive;
  private @Nullable OkHttpClient httpClient;

  public ConnectionOptions() {}

  /** Options holding every effective value of {@code config} explicitly (for toBuilder()). */
  public static ConnectionOptions from(TransportConfig config) {
    ConnectionOptions o = new ConnectionOptions();
    o.baseUrl = config.baseUrl();
    o.model = config.model();
    o.connectTimeout = config.connectTimeout();
    o.readTimeout = config.readTimeout();
    o.firstCallTimeout = config.firstCallTimeout();
    o.retryPolicy = config.retryPolicy();
    o.sleeper = config.sleeper();
    o.keepAlive = config.keepAlive();
    o.httpClient = config.httpClient();
    return o;
  }

  public void baseUrl(@Nullable String url) {
    this.baseUrl = OllamaHost.parse(url, "baseUrl");
  }

  public void environment(@Nullable Map<String, String> env) {
    Checks.notNull(env, "environment");
    Map<String, String> copy = new HashMap<>();
    for (Map.Entry<String, String> e : env.entrySet()) {
      if (e.getKey() == null || e.getValue() == null) {
        throw new IllegalArgumentException("environment must not contain null keys or values");
      }
      copy.put(e.getKey(), e.getValue());
    }
    this.environment = Map.copyOf(copy);
  }

  public void model(@Nullable String name) {
    this.model = checkModel(name, "model");
  }

  public void connectTimeout(@Nullable Duration d) {
    this.connectTimeout = checkTimeout(d, "connectTimeout");
  }

  public void readTimeout(@Nullable Duration d) {
    this.readTimeout = checkTimeout(d, "readTimeout");
  }

  public void firstCallTimeout(@Nullable Duration d) {
    this.firstCallTimeout = checkTimeout(d, "firstCallTimeout");
  }

  public void retryPolicy(@Nullable RetryPolicy policy) {
    this.retryPolicy = Checks.notNull(policy, "retryPolicy");
  }

  public void retrySleeper(Retrier.@Nullable Sleeper s) {
    this.sleeper = Checks.notNull(s, "retrySleeper");
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
    this.httpClient = Checks.notNull(client, "httpClient");
  }

  /**
   * Applies the environment (explicit values win) and checks combinations.
   *
   * @param modelEnvVar e.g. {@code OLLAMA_MODEL}
   * @param defaultModel used when neither the builder nor the environment names a model
   */
  public TransportConfig resolve(String modelEnvVar, String defaultModel) {
    Map<String, String> env = environment != null ? environment : System.getenv();
    HttpUrl url = OllamaHost.resolve(baseUrl, env);
    String resolvedModel = model;
    if (resolvedModel == null) {
      String fromEnv = env.get(modelEnvVar);
      resolvedModel =
          fromEnv == null || fromEnv.isBlank()
              ? defaultModel
              : checkModel(fromEnv.strip(), modelEnvVar);
    }
    if (firstCallTimeout.compareTo(readTimeout) < 0) {
      throw new IllegalArgumentException(
          "firstCallTimeout must be >= readTimeout, was " + firstCallTimeout + " < " + readTimeout);
    }
    return new TransportConfig(
        url,
        resolvedModel,
        connectTimeout,
        readTimeout,
        firstCallTimeout,
        retryPolicy,
        sleeper,
        keepAlive,
        httpClient);
  }

  private static String checkModel(@Nullable String name, String field) {
    Checks.notBlank(name, field);
    if (!MODEL_NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          field + " must not contain whitespace, was \"" + name + "\"");
    }
    return name;
  }

  private static Duration checkTimeout(@Nullable Duration d, String field) {
    Checks.notNull(d, field);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(field + " must be > 0, was " + d);
    }
    if (d.compareTo(MAX_TIMEOUT) > 0) {
      throw new IllegalArgumentException(field + " must be <= " + MAX_TIMEOUT + ", was " + d);
    }
    return d;
  }
}
