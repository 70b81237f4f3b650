package dev.citerag.provider.internal;

import dev.citerag.ProviderException;
import dev.citerag.TransientProviderException;
import dev.citerag.internal.Checks;
import dev.citerag.internal.Durations;
import dev.citerag.provider.RetryPolicy;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a provider call under a {@link RetryPolicy}. Shared by the provider adapters so that every
 * adapter retries the same way. Thread-safe.
 *
 * <pre>{@code
 * Retrier retrier = new Retrier("gemini", policy);
 * Reply r = retrier.call(request.timeout(), remaining -> http.post(body, remaining));
 * }</pre>
 */
public final class Retrier {
  private static final Logger log = LoggerFactory.getLogger(Retrier.class);

  /** One attempt, given the time left for the whole call. */
  @FunctionalInterface
  public interface Attempt<T> {
    T run(Duration remaining);
  }

  /** Waits; replaceable in tests so that they do not sleep for real. */
  @FunctionalInterface
  public interface Sleeper {
    Sleeper REAL = d -> Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);

    void sleep(Duration d) throws InterruptedException;
  }

  private final String provider;
  private final RetryPolicy policy;
  private final Sleeper sleeper;
  private final LongSupplier nanoClock;

  public Retrier(String provider, RetryPolicy policy) {
    this(provider, policy, Sleeper.REAL, System::nanoTime);
  }

  public Retrier(String provider, RetryPolicy policy, Sleeper sleeper, LongSupplier nanoClock) {
    this.provider = Checks.notBlank(provider, "provider");
    this.policy = Checks.notNull(policy, "policy");
    this.sleeper = Checks.notNull(sleeper, "sleeper");
    this.nanoClock = Checks.notNull(nanoClock, "nanoClock");
  }

  public RetryPolicy policy() {
    return policy;
  }

  /**
   * Runs {@code attempt} until it succeeds, fails permanently, the attempts run out, or the time
   * bound (the shorter of the policy's total timeout and {@code requestTimeout}) would be passed. A
   * retry hint longer than the time left ends the call at once instead of waiting in vain.
   *
   * @throws ProviderException the last failure; a {@link ProviderException.Kind#TIMEOUT} when time
   *     ran out before any attempt could finish
   */
  public <T> T call(@Nullable Duration requestTimeout, Attempt<T> attempt) {
    Duration bound = policy.totalTimeout();
    if (requestTimeout != null && requestTimeout.compareTo(bound) < 0) {
      bound = requestTimeout;
    }
    // time left = bound - elapsed: never overflows, even for a bound of centuries
    long start = nanoClock.getAsLong();
    long boundNanos = Durations.saturatedNanos(bound);
    for (int n = 1; ; n++) {
      long left = boundNanos - (nanoClock.getAsLong() - start);
      if (left <= 0) {
        throw timeout(bound, null);
      }
      try {
        return attempt.run(Duration.ofNanos(left));
      } catch (TransientProviderException e) {
        if (n >= policy.maxAttempts()) {
          throw e;
        }
        Duration wait = waitAfter(n, e.retryAfter());
        long leftNow = boundNanos - (nanoClock.getAsLong() - start);
        if (wait.toNanos() >= leftNow) {
          log.debug(
              "citerag.{}: not retrying {} ({}): wait {} exceeds time left",
              provider,
              e.kind(),
              e.httpStatus(),
              wait);
          throw e;
        }
        log.debug(
            "citerag.{}: attempt {} failed with {}, retrying in {} ms",
            provider,
            n,
            e.kind(),
            wait.toMillis());
        try {
          sleeper.sleep(wait);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw timeout(bound, ie);
        }
      }
    }
  }

  /** The wait after failed attempt {@code n}: jittered backoff, but never below the server hint. */
  Duration waitAfter(int n, Optional<Duration> hint) {
    long base = policy.backoffAfter(n).toNanos();
    double j = policy.jitter();
    double factor = j == 0 ? 1.0 : 1.0 + ThreadLocalRandom.current().nextDouble(-j, j);
    long jittered = (long) (base * factor);
    long h = hint.map(Duration::toNanos).orElse(0L);
    return Duration.ofNanos(Math.max(jittered, h));
  }

  private ProviderException timeout(Duration bound, @Nullable Throwable cause) {
    return new TransientProviderException(
        provider,
        ProviderException.Kind.TIMEOUT,
        0,
        null,
        "no successful reply within " + Durations.saturatedNanos(bound) / 1_000_000 + " ms",
        null,
        cause);
  }
}
