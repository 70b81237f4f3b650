package dev.citerag.provider;

import dev.citerag.internal.Checks;
import dev.citerag.internal.Durations;
import java.time.Duration;

/**
 * How a provider adapter retries transient failures (429, 5xx, timeouts, dropped connections):
 * exponential backoff with jitter, never shorter than the server's retry hint, bounded by a number
 * of attempts and a total time. Permanent failures (400, 401/403, 404) are never retried.
 *
 * @param maxAttempts attempts in all, including the first (1 = no retry); default 5
 * @param initialBackoff wait before the second attempt; default 1 s
 * @param maxBackoff cap of a single wait; default 30 s
 * @param multiplier growth per attempt, &gt;= 1; default 2
 * @param jitter random share added to or removed from each wait, in [0,1]; default 0.2
 * @param totalTimeout bound on the whole call including waits; default 120 s. A request's own
 *     timeout, when shorter, wins
 */
public record RetryPolicy(
    int maxAttempts,
    Duration initialBackoff,
    Duration maxBackoff,
    double multiplier,
    double jitter,
    Duration totalTimeout) {

  /** 5 attempts, 1 s doubling to at most 30 s, ±20 % jitter, 120 s in all. */
  public static final RetryPolicy DEFAULT =
      new RetryPolicy(
          5, Duration.ofSeconds(1), Duration.ofSeconds(30), 2.0, 0.2, Duration.ofMinutes(2));

  /** One attempt, no retry. */
  public static final RetryPolicy NONE =
      new RetryPolicy(
          1, Duration.ofMillis(1), Duration.ofMillis(1), 1.0, 0.0, Duration.ofMinutes(2));

  /**
   * Checks the settings.
   *
   * @param maxAttempts attempts in all, including the first (1 = no retry); default 5
   * @param initialBackoff wait before the second attempt; default 1 s
   * @param maxBackoff cap of a single wait; default 30 s
   * @param multiplier growth per attempt, &gt;= 1; default 2
   * @param jitter random share added to or removed from each wait, in [0,1]; default 0.2
   * @param totalTimeout bound on the whole call including waits; default 120 s. A request's own
   *     timeout, when shorter, wins
   * @throws IllegalArgumentException when {@code maxAttempts} is outside 1..100, a duration is null
   *     or not positive, {@code maxBackoff < initialBackoff}, {@code multiplier} is outside 1..10
   *     or {@code jitter} outside 0..1
   */
  public RetryPolicy {
    Checks.inRange(maxAttempts, 1, 100, "maxAttempts");
    positive(initialBackoff, "initialBackoff");
    positive(maxBackoff, "maxBackoff");
    if (maxBackoff.compareTo(initialBackoff) < 0) {
      throw new IllegalArgumentException(
          "maxBackoff must be >= initialBackoff, was " + maxBackoff + " < " + initialBackoff);
    }
    Checks.inRange(multiplier, 1.0, 10.0, "multiplier");
    Checks.inRange(jitter, 0.0, 1.0, "jitter");
    positive(totalTimeout, "totalTimeout");
  }

  /**
   * A copy with another number of attempts.
   *
   * @param n attempts in all, including the first; 1..100
   * @return the new policy
   * @throws IllegalArgumentException when {@code n} is out of range
   */
  public RetryPolicy withMaxAttempts(int n) {
    return new RetryPolicy(n, initialBackoff, maxBackoff, multiplier, jitter, totalTimeout);
  }

  /**
   * A copy with another bound on the whole call.
   *
   * @param d the total time, waits included; &gt; 0
   * @return the new policy
   * @throws IllegalArgumentException when {@code d} is null or not positive
   */
  public RetryPolicy withTotalTimeout(Duration d) {
    return new RetryPolicy(maxAttempts, initialBackoff, maxBackoff, multiplier, jitter, d);
  }

  /**
   * A copy with other waits.
   *
   * @param initial wait before the second attempt; &gt; 0
   * @param max cap of a single wait; &gt;= {@code initial}
   * @return the new policy
   * @throws IllegalArgumentException when a wait is null or not positive, or {@code max < initial}
   */
  public RetryPolicy withBackoff(Duration initial, Duration max) {
    return new RetryPolicy(maxAttempts, initial, max, multiplier, jitter, totalTimeout);
  }

  /**
   * The wait after a failed attempt, before jitter: {@code initialBackoff *
   * multiplier^(attempt-1)}, capped at {@code maxBackoff}.
   *
   * @param attempt the 1-based number of the attempt that failed (values below 1 count as 1)
   * @return the wait, never longer than {@code maxBackoff}
   */
  public Duration backoffAfter(int attempt) {
    double nanos =
        Durations.saturatedNanos(initialBackoff) * Math.pow(multiplier, Math.max(0, attempt - 1));
    long capped = (long) Math.min(nanos, (double) Durations.saturatedNanos(maxBackoff));
    return Duration.ofNanos(capped);
  }

  private static void positive(Duration d, String field) {
    Checks.notNull(d, field);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(field + " must be > 0, was " + d);
    }
  }
}
