package dev.citerag.bench.memory;

import dev.citerag.store.Filter;
import java.util.Arrays;

/**
 * A paired companion to {@link InMemorySearchBenchmark} for a shared, noisy machine: the same data,
 * but each round runs the store and the bare scans back to back on the same query, so a burst of
 * load from other processes hits both sides of a comparison alike. Prints medians and p95 per
 * variant and the median of the per-round ratios.
 *
 * <p>{@code java -Xms3g -Xmx3g -cp benchmarks/target/citerag-benchmarks.jar
 * dev.citerag.bench.memory.PairedSearchRun [rounds]}
 */
public final class PairedSearchRun {
  private PairedSearchRun() {}

  private static final String[] NAMES = {
    "storeTop5", "scanTop5", "scanTop5Unrolled8", "storeTop5Filtered", "scanTop5Filtered"
  };

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 400;
    InMemorySearchBenchmark b = new InMemorySearchBenchmark();
    b.n = 100_000;
    b.dims = 384;
    b.setup();
    Filter platform = Filter.eq("team", "platform");
    int warmup = 150;
    long[][] t = new long[NAMES.length][rounds];
    long sink = 0;
    for (int round = -warmup; round < rounds; round++) {
      float[] q = b.queries[Math.floorMod(round, b.queries.length)];
      long[] ns = new long[NAMES.length];
      long s0 = System.nanoTime();
      sink += b.store.denseSearch(q, 5, Filter.ALL).size();
      long s1 = System.nanoTime();
      sink += InMemorySearchBenchmark.scan(q, b.data, b.dims, b.n).size();
      long s2 = System.nanoTime();
      sink += InMemorySearchBenchmark.scanUnrolled8(q, b.data, b.dims, b.n).size();
      long s3 = System.nanoTime();
      sink += b.store.denseSearch(q, 5, platform).size();
      long s4 = System.nanoTime();
      sink += InMemorySearchBenchmark.scanRows(q, b.data, b.dims, b.platformRows).size();
      long s5 = System.nanoTime();
      ns[0] = s1 - s0;
      ns[1] = s2 - s1;
      ns[2] = s3 - s2;
      ns[3] = s4 - s3;
      ns[4] = s5 - s4;
      if (round >= 0) {
        for (int v = 0; v < NAMES.length; v++) {
          t[v][round] = ns[v];
        }
      }
    }
    System.out.printf("rounds %d (after %d warm-up rounds), sink %d%n", rounds, warmup, sink);
    for (int v = 0; v < NAMES.length; v++) {
      long[] s = t[v].clone();
      Arrays.sort(s);
      System.out.printf(
          "%-20s median %7.3f ms   p95 %7.3f ms%n",
          NAMES[v], ms(s[s.length / 2]), ms(s[(int) Math.ceil(s.length * 0.95) - 1]));
    }
    System.out.printf(
        "store / scan (same kernel)       median ratio %.3f%n", medianRatio(t[0], t[1]));
    System.out.printf(
        "store / scan unrolled x8         median ratio %.3f%n", medianRatio(t[0], t[2]));
    System.out.printf(
        "store / scan, 25%% filter         median ratio %.3f%n", medianRatio(t[3], t[4]));
  }

  private static double ms(long ns) {
    return ns / 1e6;
  }

  private static double medianRatio(long[] a, long[] b) {
    double[] r = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      r[i] = (double) a[i] / b[i];
    }
    Arrays.sort(r);
    return r[r.length / 2];
  }
}
