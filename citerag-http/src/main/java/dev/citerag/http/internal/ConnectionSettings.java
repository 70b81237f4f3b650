package dev.citerag.http.internal;

import dev.citerag.internal.Checks;
import dev.citerag.internal.Redact;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.provider.internal.Retrier;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;

/**
 * The connection options every provider adapter offers (API key, environment, base URL, timeouts,
 * retries, the retrier's sleeper and clock, a caller's HTTP client), checked as they are set.
 *
 * <p>Each public builder holds one and delegates its setters to it, so the checks, the defaults'
 * handling and {@code toBuilder()} are written once; {@link #copy()} gives a built object a frozen
 * copy. The provider-specific parts stay in the adapter: which environment variables name the key,
 * the base URL and the model, how an address is written, how the key is sent. Not thread-safe.
 */
public final class ConnectionSettings {
  private @Nullable String apiKey;
  private @Nullable Map<String, String> environment;
  private @Nullable HttpUrl baseUrl;
  private Duration connectTimeout;
  private Duration readTimeout;
  private Duration callTimeout;
  private @Nullable Duration maxTimeout;
  private RetryPolicy retryPolicy = RetryPolicy.DEFAULT;
  private Retrier.Sleeper sleeper = Retrier.Sleeper.REAL;
  private LongSupplier nanoClock = System::nanoTime;
  private @Nullable OkHttpClient httpClient;

  /**
   * @param connectTimeout default TCP/TLS connect bound
   * @param readTimeout default bound on silence while reading
   * @param callTimeout default bound on one attempt, connecting to the last byte
   */
  public ConnectionSettings(Duration connectTimeout, Duration readTimeout, Duration callTimeout) {
    this.connectTimeout = positive(connectTimeout, "connectTimeout");
    this.readTimeout = positive(readTimeout, "readTimeout");
    this.callTimeout = positive(callTimeout, "callTimeout");
  }

  /** An independent copy: a built object keeps one, its {@code toBuilder()} another. */
  public ConnectionSettings copy() {
    ConnectionSettings c = new ConnectionSettings(connectTimeout, readTimeout, callTimeout);
    c.apiKey = apiKey;
    c.environment = environment;
    c.baseUrl = baseUrl;
    c.maxTimeout = maxTimeout;
    c.retryPolicy = retryPolicy;
    c.sleeper = sleeper;
    c.nanoClock = nanoClock;
    c.httpClient = httpClient;
    return c;
  }

  /**
   * Sets an upper bound that every timeout setter checks from now on (an adapter's policy, e.g.
   * Ollama's one hour).
   */
  public ConnectionSettings maxTimeout(Duration max) {
    this.maxTimeout = positive(max, "maxTimeout");
    return this;
  }

  /**
   * The API key (default: read from the environment).
   *
   * @throws IllegalArgumentException when blank or not visible ASCII (never showing the value)
   */
  public void apiKey(@Nullable String key) {
    if (key == null) {
      throw new IllegalArgumentException("apiKey must not be blank");
    }
    this.apiKey = apiKeyValue(key, "apiKey");
  }

  /**
   * Where the key, base URL and model are looked up; copied.
   *
   * @throws IllegalArgumentException when null or holding a null key or value
   */
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

  /** The base URL, already parsed by the adapter's rules; null for the environment or default. */
  public void baseUrl(@Nullable HttpUrl url) {
    this.baseUrl = url;
  }

  /**
   * The TCP/TLS connect bound.
   *
   * @throws IllegalArgumentException when null, zero, negative or over the maximum
   */
  public void connectTimeout(@Nullable Duration d) {
    this.connectTimeout = timeout(d, "connectTimeout");
  }

  /**
   * The bound on silence while reading.
   *
   * @throws IllegalArgumentException when null, zero, negative or over the maximum
   */
  public void readTimeout(@Nullable Duration d) {
    this.readTimeout = timeout(d, "readTimeout");
  }

  /**
   * The bound on one attempt, connecting to the last byte.
   *
   * @throws IllegalArgumentException when null, zero, negative or over the maximum
   */
  public void callTimeout(@Nullable Duration d) {
    this.callTimeout = timeout(d, "callTimeout");
  }

  /**
   * How transient failures are retried.
   *
   * @throws IllegalArgumentException when null
   */
  public void retryPolicy(@Nullable RetryPolicy policy) {
    this.retryPolicy = Checks.notNull(policy, "retryPolicy");
  }

  /**
   * How the retrier waits (tests record the waits instead).
   *
   * @throws IllegalArgumentException when null
   */
  public void retrySleeper(Retrier.@Nullable Sleeper s) {
    this.sleeper = Checks.notNull(s, "retrySleeper");
  }

  /** The retrier's clock (tests replace it). */
  public void nanoClock(@Nullable LongSupplier clock) {
    this.nanoClock = Checks.notNull(clock, "nanoClock");
  }

  /** A client whose pool and dispatcher to share; null for a client of its own. */
  public void httpClient(@Nullable OkHttpClient client) {
    this.httpClient = client;
  }

  public @Nullable String apiKey() {
    return apiKey;
  }

  /** The environment given, else {@link System#getenv()} (read when asked, not when built). */
  public Map<String, String> environment() {
    return environment != null ? environment : System.getenv();
  }

  /** A variable of {@link #environment()}, stripped; null when unset or blank. */
  public @Nullable String env(String name) {
    String v = environment().get(name);
    return v == null || v.isBlank() ? null : v.strip();
  }

  public @Nullable HttpUrl baseUrl() {
    return baseUrl;
  }

  public Duration connectTimeout() {
    return connectTimeout;
  }

  public Duration readTimeout() {
    return readTimeout;
  }

  public Duration callTimeout() {
    return callTimeout;
  }

  public RetryPolicy retryPolicy() {
    return retryPolicy;
  }

  public Retrier.Sleeper sleeper() {
    return sleeper;
  }

  public @Nullable OkHttpClient httpClient() {
    return httpClient;
  }

  /** A retrier for {@code provider} under {@code policy}, with this sleeper and clock. */
  public Retrier retrier(String provider, RetryPolicy policy) {
    return new Retrier(provider, policy, sleeper, nanoClock);
  }

  /**
   * The key as given, else the first non-blank variable of {@code names}, checked; null when none.
   *
   * @throws IllegalArgumentException when the variable holds characters a header cannot carry
   */
  public @Nullable String resolveApiKey(String... names) {
    if (apiKey != null) {
      return apiKey;
    }
    for (String name : names) {
      String v = env(name);
      if (v != null) {
        return apiKeyValue(v, "environment variable " + name);
      }
    }
    return null;
  }

  /**
   * Checks that a connect fits in one attempt.
   *
   * @throws IllegalArgumentException when {@code connectTimeout > callTimeout}
   */
  public void checkConnectWithinCall() {
    if (connectTimeout.compareTo(callTimeout) > 0) {
      throw new IllegalArgumentException(
          "connectTimeout (" + connectTimeout + ") must be <= callTimeout (" + callTimeout + ")");
    }
  }

  /** {@code connectTimeout=..., readTimeout=..., callTimeout=..., retryPolicy=...}. */
  @Override
  public String toString() {
    return "connectTimeout="
        + connectTimeout
        + ", readTimeout="
        + readTimeout
        + ", callTimeout="
        + callTimeout
        + ", retryPolicy="
        + retryPolicy;
  }

  /**
   * Checks an adapter's own timeout (e.g. Ollama's first-call bound) as the shared ones are
   * checked.
   *
   * @throws IllegalArgumentException naming {@code field} when null, zero, negative or over the
   *     maximum
   */
  public Duration timeout(@Nullable Duration d, String field) {
    Duration checked = positive(d, field);
    if (maxTimeout != null && checked.compareTo(maxTimeout) > 0) {
      throw new IllegalArgumentException(field + " must be <= " + maxTimeout + ", was " + d);
    }
    return checked;
  }

  /**
   * Checks that a duration is set and positive, and returns it.
   *
   * @throws IllegalArgumentException naming {@code field} unless {@code d} is positive
   */
  public static Duration positive(@Nullable Duration d, String field) {
    Checks.notNull(d, field);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(field + " must be > 0, was " + d);
    }
    return d;
  }

  /**
   * Checks an API key's characters and returns it unchanged; null stays null.
   *
   * @throws IllegalArgumentException unless {@code key} is null or non-blank visible ASCII (OkHttp
   *     would otherwise reject the header with a message that quotes the value); never echoes it
   */
  public static @Nullable String apiKeyValue(@Nullable String key, String field) {
    if (key == null) {
      return null;
    }
    if (key.isBlank()) {
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
    // a configured key is masked wherever the library shows provider or model text
    Redact.registerSecret(key);
    return key;
  }
}
