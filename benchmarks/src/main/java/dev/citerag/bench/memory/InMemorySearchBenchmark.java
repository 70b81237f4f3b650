package dev.citerag.bench.memory;

import dev.citerag.embed.internal.Vectors;
import dev.citerag.store.Chunk;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import dev.citerag.store.internal.TopK;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Exact top-5 over 100,000 × 384 seeded, clustered unit vectors, with and without a metadata filter
 * passing about 25 % of the rows ({@code team == platform}, one of four teams uniformly): {@link
 * InMemoryVectorStore#denseSearch} against bare scans of the same data in one flat {@code float[]}
 * with the same bounded heap ({@link TopK}), measured in the same run.
 *
 * <ul>
 *   <li>{@code scanTop5} / {@code scanTop5Filtered}: the same dot-product kernel as the store
 *       ({@link Vectors#dotUnchecked}); the filtered scan walks a precomputed {@code int[]} of the
 *       matching rows, the cheapest possible filter. The store/scan ratio is the store's overhead
 *       (lock, filter evaluation, hit objects).
 *   <li>{@code scanTop5Naive}: one accumulator, the textbook loop.
 *   <li>{@code scanTop5Unrolled8}: eight accumulators, the best scalar loop measured on this
 *       machine before (the "scalar floor").
 * </ul>
 *
 * <p>{@code java -jar benchmarks/target/citerag-benchmarks.jar 'memory.*'}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+UseG1GC", "-XX:+AlwaysPreTouch"})
public class InMemorySearchBenchmark {

  private static final int K = 5;
  private static final int QUERIES = 64;
  private static final int CLUSTERS = 256;
  private static final int CHUNKS_PER_DOCUMENT = 100;
  private static final String[] TEAMS = {"platform", "payments", "search", "infra"};

  @Param("100000")
  int n;

  @Param("384")
  int dims;

  float[] data;
  int[] platformRows;
  InMemoryVectorStore store;
  float[][] queries;
  int next;
  final Filter platform = Filter.eq("team", "platform");

  @Setup(Level.Trial)
  public void setup() {
    Random r = new Random(42);
    float[][] centres = new float[CLUSTERS][];
    for (int c = 0; c < CLUSTERS; c++) {
      centres[c] = gaussianUnit(r, dims, null, 0);
    }
    // each vector: its cluster's centre plus noise of norm about 0.6, normalised
    double noise = 0.6 / Math.sqrt(dims);
    data = new float[n * dims];
    int[] rows = new int[n];
    int platformCount = 0;
    List<DocumentChunks> docs = new ArrayList<>();
    List<EmbeddedChunk> pending = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      float[] v = gaussianUnit(r, dims, centres[r.nextInt(CLUSTERS)], noise);
      System.arraycopy(v, 0, data, i * dims, dims);
      String team = TEAMS[r.nextInt(TEAMS.length)];
      if (team.equals("platform")) {
        rows[platformCount++] = i;
      }
      String docId = "doc-" + (i / CHUNKS_PER_DOCUMENT);
      String text = "chunk " + i + " of " + docId + " for team " + team;
      Chunk chunk =
          new Chunk(
              "c" + i,
              docId,
              docId,
              null,
              List.of(),
              null,
              text,
              10,
              "h" + i,
              MetadataValue.strings(Map.of("team", team, "doc", docId)));
      pending.add(new EmbeddedChunk(chunk, v));
      if (pending.size() == CHUNKS_PER_DOCUMENT || i == n - 1) {
        docs.add(new DocumentChunks(docId, "hash-" + docId, pending));
        pending = new ArrayList<>();
      }
    }
    platformRows = Arrays.copyOf(rows, platformCount);
    store = new InMemoryVectorStore(dims);
    store.write(docs);
    Random qr = new Random(43);
    queries = new float[QUERIES][];
    for (int q = 0; q < QUERIES; q++) {
      queries[q] = gaussianUnit(qr, dims, centres[qr.nextInt(CLUSTERS)], noise);
    }
    verify();
  }

  /** The store and the bare scans must agree, or the comparison means nothing. */
  private void verify() {
    for (float[] q : queries) {
      int[] bare = slots(scan(q, data, dims, n));
      int[] bareFiltered = slots(scanRows(q, data, dims, platformRows));
      int[] naive = slots(scanNaive(q, data, dims, n));
      List<SearchHit> hits = store.denseSearch(q, K, Filter.ALL);
      List<SearchHit> filtered = store.denseSearch(q, K, platform);
      for (int i = 0; i < K; i++) {
        check("c" + bare[i], hits.get(i).chunk().id());
        check("c" + bareFiltered[i], filtered.get(i).chunk().id());
        MetadataValue team = filtered.get(i).chunk().metadata().get("team");
        check("platform", team == null ? null : team.asText());
      }
      // a different summation order may swap near-ties; the best hit must agree
      check("c" + bare[0], "c" + naive[0]);
    }
  }

  private static void check(String expected, @Nullable String actual) {
    if (!expected.equals(actual)) {
      throw new IllegalStateException("benchmark setup: expected " + expected + ", was " + actual);
    }
  }

  private float[] nextQuery() {
    return queries[next++ & (QUERIES - 1)];
  }

  @Benchmark
  public List<SearchHit> storeTop5() {
    return store.denseSearch(nextQuery(), K, Filter.ALL);
  }

  @Benchmark
  public List<SearchHit> storeTop5Filtered() {
    return store.denseSearch(nextQuery(), K, platform);
  }

  @Benchmark
  public TopK scanTop5() {
    return scan(nextQuery(), data, dims, n);
  }

  @Benchmark
  public TopK scanTop5Filtered() {
    return scanRows(nextQuery(), data, dims, platformRows);
  }

  @Benchmark
  public TopK scanTop5Naive() {
    return scanNaive(nextQuery(), data, dims, n);
  }

  @Benchmark
  public TopK scanTop5Unrolled8() {
    return scanUnrolled8(nextQuery(), data, dims, n);
  }

  // ------------------------------------------------------------------ bare scans

  static TopK scan(float[] q, float[] data, int d, int n) {
    TopK top = new TopK(K);
    double threshold = Double.NEGATIVE_INFINITY;
    for (int row = 0, off = 0; row < n; row++, off += d) {
      float s = Vectors.dotUnchecked(data, off, q, d);
      if (s > threshold) {
        top.offer(s, row);
        threshold = top.threshold();
      }
    }
    return top;
  }

  static TopK scanRows(float[] q, float[] data, int d, int[] rows) {
    TopK top = new TopK(K);
    double threshold = Double.NEGATIVE_INFINITY;
    for (int row : rows) {
      float s = Vectors.dotUnchecked(data, row * d, q, d);
      if (s > threshold) {
        top.offer(s, row);
        threshold = top.threshold();
      }
    }
    return top;
  }

  static TopK scanNaive(float[] q, float[] data, int d, int n) {
    TopK top = new TopK(K);
    double threshold = Double.NEGATIVE_INFINITY;
    for (int row = 0, off = 0; row < n; row++, off += d) {
      float s = 0;
      for (int i = 0; i < d; i++) {
        s += data[off + i] * q[i];
      }
      if (s > threshold) {
        top.offer(s, row);
        threshold = top.threshold();
      }
    }
    return top;
  }

  public static TopK scanUnrolled8(float[] q, float[] data, int d, int n) {
    TopK top = new TopK(K);
    double threshold = Double.NEGATIVE_INFINITY;
    int bound = d - (d % 8);
    for (int row = 0, off = 0; row < n; row++, off += d) {
      float s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
      int i = 0;
      for (; i < bound; i += 8) {
        s0 += data[off + i] * q[i];
        s1 += data[off + i + 1] * q[i + 1];
        s2 += data[off + i + 2] * q[i + 2];
        s3 += data[off + i + 3] * q[i + 3];
        s4 += data[off + i + 4] * q[i + 4];
        s5 += data[off + i + 5] * q[i + 5];
        s6 += data[off + i + 6] * q[i + 6];
        s7 += data[off + i + 7] * q[i + 7];
      }
      for (; i < d; i++) {
        s0 += data[off + i] * q[i];
      }
      float s = ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
      if (s > threshold) {
        top.offer(s, row);
        threshold = top.threshold();
      }
    }
    return top;
  }

  /** {@link #scanUnrolled8} over the listed rows only (the filtered scalar floor). */
  public static TopK scanRowsUnrolled8(float[] q, float[] data, int d, int[] rows) {
    TopK top = new TopK(K);
    double threshold = Double.NEGATIVE_INFINITY;
    int bound = d - (d % 8);
    for (int row : rows) {
      int off = row * d;
      float s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
      int i = 0;
      for (; i < bound; i += 8) {
        s0 += data[off + i] * q[i];
        s1 += data[off + i + 1] * q[i + 1];
        s2 += data[off + i + 2] * q[i + 2];
        s3 += data[off + i + 3] * q[i + 3];
        s4 += data[off + i + 4] * q[i + 4];
        s5 += data[off + i + 5] * q[i + 5];
        s6 += data[off + i + 6] * q[i + 6];
        s7 += data[off + i + 7] * q[i + 7];
      }
      for (; i < d; i++) {
        s0 += data[off + i] * q[i];
      }
      float s = ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
      if (s > threshold) {
        top.offer(s, row);
        threshold = top.threshold();
      }
    }
    return top;
  }

  /** The slots held by {@code top}, best first (empties it). */
  public static int[] slots(TopK top) {
    double[] scores = new double[top.size()];
    int[] slots = new int[top.size()];
    top.drainBestFirst(scores, slots);
    return slots;
  }

  /** A unit vector: {@code centre + noise * gaussian} (or a pure gaussian), normalised. */
  static float[] gaussianUnit(Random r, int d, float @Nullable [] centre, double noise) {
    float[] v = new float[d];
    for (int i = 0; i < d; i++) {
      v[i] =
          centre == null
              ? (float) r.nextGaussian()
              : (float) (centre[i] + noise * r.nextGaussian());
    }
    return Vectors.normalize(v);
  }
}
