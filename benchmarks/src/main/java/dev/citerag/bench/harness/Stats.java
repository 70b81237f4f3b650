package dev.citerag.bench.harness;

import java.util.Arrays;

/** Percentiles by the nearest-rank method over samples in nanoseconds. */
public final class Stats {
  private Stats() {}

  /** The nearest-rank {@code p}-th percentile (0 &lt; p &lt;= 100) of {@code samples}. */
  public static long percentile(long[] samples, double p) {
    if (samples.length == 0) {
      throw new IllegalArgumentException("samples must not be empty");
    }
    long[] s = samples.clone();
    Arrays.sort(s);
    int rank = (int) Math.ceil(p / 100.0 * s.length);
    return s[Math.max(0, Math.min(s.length, rank) - 1)];
  }

  public static long median(long[] samples) {
    return percentile(samples, 50);
  }

  public static long p95(long[] samples) {
    return percentile(samples, 95);
  }

  /** The median of {@code a[i] / b[i]}: a paired ratio, robust to load that hits both alike. */
  public static double medianRatio(long[] a, long[] b) {
    if (a.length != b.length || a.length == 0) {
      throw new IllegalArgumentException("paired samples must have the same, non-zero length");
    }
    double[] r = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      r[i] = (double) a[i] / Math.max(1, b[i]);
    }
    Arrays.sort(r);
    int rank = (int) Math.ceil(0.5 * r.length);
    return r[rank - 1];
  }

  public static double ms(long nanos) {
    return nanos / 1e6;
  }
}
