package dev.citerag.bench.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Times several search variants on the same queries in paired rounds: each round runs every variant
 * once on the same query, starting with a different variant each round, so a burst of load from
 * other processes hits all variants alike. Warm-up queries first (untimed), then {@code passes}
 * passes over the queries; median and p95 over all timed samples; recall@k from pass 1.
 */
public final class PairedRun {

  /**
   * One search call; returns whatever the library returns (converted to rows outside the timing).
   */
  @FunctionalInterface
  public interface Search {
    Object run(float[] vector, String text) throws Exception;
  }

  /** Turns a library's result into row numbers, best first. */
  @FunctionalInterface
  public interface Rows {
    int[] of(Object result);
  }

  /** A named variant; {@code exact[q]} is the ground truth for query {@code q}, or null. */
  // the ground-truth array is shared read-only between variants, never compared
  @SuppressWarnings("ArrayRecordComponent")
  public record Variant(
      String name,
      Search search,
      Rows rows,
      int @org.jspecify.annotations.Nullable [][] exact,
      int k) {}

  /** Samples and quality of one variant. */
  // the samples array is filled by run() and only read afterwards, by this harness alone
  @SuppressWarnings("ArrayRecordComponent")
  public record Result(String name, long[] nanos, double recall, int shortResults, int queries) {
    public long median() {
      return Stats.median(nanos);
    }

    public long p95() {
      return Stats.p95(nanos);
    }
  }

  /** The results of one run, by variant name. */
  public record Results(Map<String, Result> byName) {
    public Results {
      byName = Map.copyOf(byName);
    }

    /**
     * The result of the variant named {@code name}.
     *
     * @throws IllegalArgumentException when no variant has that name
     */
    public Result get(String name) {
      Result r = byName.get(name);
      if (r == null) {
        throw new IllegalArgumentException("no variant named " + name + " in " + byName.keySet());
      }
      return r;
    }
  }

  private PairedRun() {}

  public static Results run(
      List<Variant> variants,
      float[][] warmupVectors,
      String[] warmupTexts,
      float[][] vectors,
      String[] texts,
      int passes)
      throws Exception {
    int v = variants.size();
    for (int w = 0; w < warmupVectors.length; w++) {
      for (Variant var : variants) {
        var.search().run(warmupVectors[w], warmupTexts[w]);
      }
    }
    int q = vectors.length;
    long[][] nanos = new long[v][passes * q];
    double[] recallSum = new double[v];
    int[] shortCount = new int[v];
    int round = 0;
    for (int pass = 0; pass < passes; pass++) {
      for (int i = 0; i < q; i++, round++) {
        for (int j = 0; j < v; j++) {
          int idx = (round + j) % v;
          Variant var = variants.get(idx);
          long t0 = System.nanoTime();
          Object result = var.search().run(vectors[i], texts[i]);
          long t1 = System.nanoTime();
          nanos[idx][pass * q + i] = t1 - t0;
          if (pass == 0) {
            int[] rows = var.rows().of(result);
            if (rows.length < var.k()) {
              shortCount[idx]++;
            }
            int[][] exact = var.exact();
            if (exact != null) {
              recallSum[idx] += recallAt(exact[i], rows, var.k());
            }
          }
        }
      }
    }
    Map<String, Result> out = new LinkedHashMap<>();
    for (int j = 0; j < v; j++) {
      Variant var = variants.get(j);
      double recall = var.exact() == null ? Double.NaN : recallSum[j] / q;
      out.put(var.name(), new Result(var.name(), nanos[j], recall, shortCount[j], q));
    }
    return new Results(out);
  }

  /** |exact[0..k) ∩ got[0..k)| / min(k, |exact|). */
  public static double recallAt(int[] exact, int[] got, int k) {
    int m = Math.min(k, exact.length);
    if (m == 0) {
      return 1.0;
    }
    int hit = 0;
    for (int e = 0; e < m; e++) {
      for (int g = 0; g < Math.min(k, got.length); g++) {
        if (got[g] == exact[e]) {
          hit++;
          break;
        }
      }
    }
    return (double) hit / m;
  }

  public static List<Variant> list(Variant... vs) {
    return new ArrayList<>(List.of(vs));
  }
}
