package dev.citerag.testkit.eval.internal;

import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/** Small statistics helpers for the evaluation report. */
public final class Stats {
  private Stats() {}

  /** Share of {@code items} matching {@code p}; 0 for an empty list. */
  public static <T> double share(List<T> items, Predicate<T> p) {
    if (items.isEmpty()) {
      return 0;
    }
    return (double) items.stream().filter(p).count() / items.size();
  }

  /** Nearest-rank percentile ({@code p} in (0, 100]); 0 for no values. */
  public static double percentile(double[] values, double p) {
    if (values.length == 0) {
      return 0;
    }
    double[] s = values.clone();
    Arrays.sort(s);
    int rank = (int) Math.ceil(p / 100.0 * s.length);
    return s[Math.max(0, Math.min(s.length - 1, rank - 1))];
  }
}
