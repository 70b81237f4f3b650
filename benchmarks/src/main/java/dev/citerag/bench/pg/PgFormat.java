package dev.citerag.bench.pg;

import static dev.citerag.bench.harness.Report.f;
import static dev.citerag.bench.harness.Report.ms;

import dev.citerag.bench.harness.PairedRun.Result;
import dev.citerag.bench.harness.Report;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/** Small figures and cells shared by the pgvector load and search sections. */
final class PgFormat {
  private PgFormat() {}

  static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    return s[(s.length - 1) / 2];
  }

  static double[] sum(double[] a, double[] b) {
    double[] out = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = a[i] + b[i];
    }
    return out;
  }

  static String runs(double[] xs) {
    StringBuilder b = new StringBuilder();
    for (double v : xs) {
      b.append(b.length() == 0 ? "" : ", ").append(f("%.1f", v));
    }
    return b.toString();
  }

  static String s(double seconds) {
    return f("%.2f", seconds);
  }

  static String rate(double perSecond) {
    return f("%,.0f", perSecond);
  }

  /** One row of the search table: latency, recall and short results of {@code r}. */
  static void line(
      Report report, String query, String impl, Result r, @Nullable Double vsLc4j, String target) {
    report.row(
        query,
        impl,
        ms(r.median()),
        ms(r.p95()),
        Double.isNaN(r.recall()) ? "n/a" : f("%.3f", r.recall()),
        r.shortResults() + "/" + r.queries(),
        vsLc4j == null ? "" : Report.speed(vsLc4j),
        target);
  }
}
