package dev.citerag.bench.memory;

import static dev.citerag.bench.harness.Report.f;
import static dev.citerag.bench.harness.Report.ms;
import static dev.citerag.bench.harness.Report.pass;
import static dev.citerag.bench.harness.Report.x;

import dev.citerag.bench.data.Corpus;
import dev.citerag.bench.data.Dataset;
import dev.citerag.bench.harness.Heap;
import dev.citerag.bench.harness.Machine;
import dev.citerag.bench.harness.PairedRun;
import dev.citerag.bench.harness.PairedRun.Result;
import dev.citerag.bench.harness.PairedRun.Variant;
import dev.citerag.bench.harness.Report;
import dev.citerag.bench.harness.Stats;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.internal.TopK;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.EmbeddingSearchResult;
import dev.langchain4j.store.embedding.filter.MetadataFilterBuilder;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Section 1: exact in-memory top-5 over {@code n × d}, with and without the 25 % team filter:
 * citerag's {@link InMemoryVectorStore} against LangChain4j's {@link InMemoryEmbeddingStore} and a
 * bare row-major {@code float[]} scan with eight scalar accumulators (the scalar floor), in paired
 * rounds; then retained heap bytes per chunk of both stores.
 */
public final class InMemoryComparison {
  private static final int K = 5;

  private InMemoryComparison() {}

  public static void run(Dataset data, int[][][] exact, int passes, Report report)
      throws Exception {
    int n = data.n;
    int d = data.dims;
    System.out.printf(
        "[memory] loading %,d chunks into each store (load %s)%n", n, Machine.loadAverage());
    InMemoryVectorStore citerag = new InMemoryVectorStore(d);
    List<DocumentChunks> docs = Corpus.citerag(data, 0, n);
    long t0 = System.nanoTime();
    citerag.write(docs);
    long citeragLoad = System.nanoTime() - t0;
    docs = null;
    Corpus.Lc4j lc = Corpus.lc4j(data, 0, n);
    InMemoryEmbeddingStore<TextSegment> lc4j = new InMemoryEmbeddingStore<>();
    t0 = System.nanoTime();
    lc4j.addAll(lc.ids(), lc.embeddings(), lc.segments());
    long lc4jLoad = System.nanoTime() - t0;
    lc = null;
    float[] flat = new float[n * d];
    List<Integer> platform = new ArrayList<>();
    for (int row = 0; row < n; row++) {
      System.arraycopy(data.vectors[row], 0, flat, row * d, d);
      if (data.passesTeam(row)) {
        platform.add(row);
      }
    }
    int[] platformRows = platform.stream().mapToInt(Integer::intValue).toArray();
    Filter team = Filter.eq("team", Dataset.FILTER_TEAM);
    dev.langchain4j.store.embedding.filter.Filter lcTeam =
        MetadataFilterBuilder.metadataKey("team").isEqualTo(Dataset.FILTER_TEAM);

    PairedRun.Rows citeragRows = r -> Dataset.rowsOf((List<?>) r);
    PairedRun.Rows lcRows = r -> lcRowsOf(r);
    PairedRun.Rows topRows = r -> InMemorySearchBenchmark.slots((TopK) r);
    List<Variant> variants =
        List.of(
            new Variant(
                "citerag",
                (q, t) -> citerag.denseSearch(q, K, Filter.ALL),
                citeragRows,
                exact[0],
                K),
            new Variant("lc4j", (q, t) -> lc4j.search(request(q, null)), lcRows, exact[0], K),
            new Variant(
                "floor",
                (q, t) -> InMemorySearchBenchmark.scanUnrolled8(q, flat, d, n),
                topRows,
                exact[0],
                K),
            new Variant(
                "citerag-f", (q, t) -> citerag.denseSearch(q, K, team), citeragRows, exact[1], K),
            new Variant("lc4j-f", (q, t) -> lc4j.search(request(q, lcTeam)), lcRows, exact[1], K),
            new Variant(
                "floor-f",
                (q, t) -> InMemorySearchBenchmark.scanRowsUnrolled8(q, flat, d, platformRows),
                topRows,
                exact[1],
                K));
    Heap.usedAfterGc(); // the loads' garbage is collected before timing starts
    String loadBefore = Machine.loadAverage();
    System.out.printf(
        "[memory] searching: %d warm-up + %d × %d queries per variant%n",
        data.warmupQueries.length, passes, data.queries.length);
    PairedRun.Results r =
        PairedRun.run(
            variants,
            data.warmupQueries,
            data.warmupQuestions,
            data.queries,
            data.questions,
            passes);
    String loadAfter = Machine.loadAverage();

    report.heading(
        f("1. In-memory exact top-5 over %,d × %d (load %s → %s)", n, d, loadBefore, loadAfter));
    report.header(
        "filter",
        "implementation",
        ">median ms",
        ">p95 ms",
        ">recall@5",
        ">÷ LangChain4j (paired)",
        ">÷ scalar floor (paired)",
        "targets: ≥ 4× faster than LC4j, ≤ 1.3× floor");
    for (String suffix : new String[] {"", "-f"}) {
      String filter = suffix.isEmpty() ? "none" : "team = platform (25 %)";
      Result c = r.get("citerag" + suffix);
      Result l = r.get("lc4j" + suffix);
      Result fl = r.get("floor" + suffix);
      double speedup = Stats.medianRatio(l.nanos(), c.nanos());
      double vsFloor = Stats.medianRatio(c.nanos(), fl.nanos());
      report.target(
          f("in-memory exact top-5, %,d × %d, filter: %s", n, d, filter),
          "≥ 4× faster than LangChain4j",
          f("%s vs %s ms: %s", ms(c.median()), ms(l.median()), Report.speed(speedup)),
          speedup >= 4);
      report.target(
          f("in-memory exact top-5, %,d × %d, filter: %s", n, d, filter),
          "≤ 1.3× the scalar floor",
          f("%s vs %s ms: %s", ms(c.median()), ms(fl.median()), x(vsFloor)),
          vsFloor <= 1.3);
      report.row(
          filter,
          "citerag `InMemoryVectorStore`",
          ms(c.median()),
          ms(c.p95()),
          f("%.3f", c.recall()),
          Report.speed(speedup),
          x(vsFloor),
          pass(speedup >= 4) + " / " + pass(vsFloor <= 1.3));
      report.row(
          filter,
          "LangChain4j `InMemoryEmbeddingStore`",
          ms(l.median()),
          ms(l.p95()),
          f("%.3f", l.recall()),
          "1×",
          x(Stats.medianRatio(l.nanos(), fl.nanos())),
          "");
      report.row(
          filter,
          "bare `float[]` scan, 8 scalar accumulators (floor)",
          ms(fl.median()),
          ms(fl.p95()),
          f("%.3f", fl.recall()),
          "",
          "1×",
          "");
    }
    report.blank();
    report.line(
        f(
            "Load (one call, untimed setup for the search rows): citerag `write` %s ms, LangChain4j `addAll` %s ms.",
            ms(citeragLoad), ms(lc4jLoad)));
    // no reachability fence needed: the variants' lambdas hold both stores until the timing ends
  }

  /** Retained heap per chunk of both stores, measured {@code repeats} times, interleaved. */
  public static void heap(Dataset data, int repeats, Report report) {
    int n = data.n;
    long[] citerag = new long[repeats];
    long[] lc4j = new long[repeats];
    for (int i = 0; i < repeats; i++) {
      long before = Heap.usedAfterGc();
      InMemoryVectorStore s = new InMemoryVectorStore(data.dims);
      try {
        List<DocumentChunks> docs = Corpus.citerag(data, 0, n);
        s.write(docs);
        docs = null;
        citerag[i] = (Heap.usedAfterGc() - before) / n;
      } finally {
        Reference.reachabilityFence(s); // the store is alive while its heap is measured
      }
      s = null;
      before = Heap.usedAfterGc();
      InMemoryEmbeddingStore<TextSegment> l = new InMemoryEmbeddingStore<>();
      try {
        Corpus.Lc4j lc = Corpus.lc4j(data, 0, n);
        l.addAll(lc.ids(), lc.embeddings(), lc.segments());
        lc = null;
        lc4j[i] = (Heap.usedAfterGc() - before) / n;
      } finally {
        Reference.reachabilityFence(l);
      }
      System.out.printf(
          "[memory] heap per chunk, round %d: citerag %d B, LangChain4j %d B%n",
          i + 1, citerag[i], lc4j[i]);
    }
    long c = Stats.median(citerag);
    long l = Stats.median(lc4j);
    report.blank();
    report.header(
        "retained heap per stored chunk ("
            + data.dims
            + "-d vector, ~400-char text, 3 metadata keys)",
        ">citerag",
        ">LangChain4j",
        ">ratio",
        ">runs (citerag / LC4j)");
    report.row(
        f("median of %d loads of %,d chunks; used heap after full GCs, minus before", repeats, n),
        f("%,d B", c),
        f("%,d B", l),
        x((double) c / l),
        Arrays.toString(citerag) + " / " + Arrays.toString(lc4j));
    report.blank();
    report.line(
        f(
            "The raw payload is %,d B per chunk (vector %,d B + text ~%d B as Latin-1); citerag also keeps a"
                + " BM25 index and a metadata index, LangChain4j has no lexical search.",
            data.dims * 4 + 400, data.dims * 4, 400));
  }

  static EmbeddingSearchRequest request(
      float[] q,
      dev.langchain4j.store.embedding.filter.@org.jspecify.annotations.Nullable Filter filter) {
    EmbeddingSearchRequest.EmbeddingSearchRequestBuilder b =
        EmbeddingSearchRequest.builder()
            .queryEmbedding(Embedding.from(q))
            .maxResults(K)
            .minScore(0.0);
    if (filter != null) {
      b.filter(filter);
    }
    return b.build();
  }

  @SuppressWarnings("unchecked")
  static int[] lcRowsOf(Object result) {
    List<EmbeddingMatch<TextSegment>> m = ((EmbeddingSearchResult<TextSegment>) result).matches();
    int[] rows = new int[m.size()];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = Dataset.row(m.get(i).embeddingId());
    }
    return rows;
  }
}
