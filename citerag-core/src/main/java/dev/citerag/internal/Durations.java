package dev.citerag.internal;

import java.time.Duration;

/** Duration arithmetic that saturates instead of throwing. */
public final class Durations {
  private Durations() {}

  private static final Duration MAX_NANOS = Duration.ofNanos(Long.MAX_VALUE);

  /**
   * {@code d} in nanoseconds, saturating at {@link Long#MAX_VALUE} (about 292 years) instead of
   * throwing.
   */
  public static long saturatedNanos(Duration d) {
    return d.compareTo(MAX_NANOS) >= 0 ? Long.MAX_VALUE : d.toNanos();
  }
}
