package dev.citerag.bench.pgvector;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.citerag.bench.data.Corpus;
import dev.citerag.bench.data.Dataset;
import dev.citerag.pgvector.PgVectorStore;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.internal.RankFusion;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import javax.sql.DataSource;

/**
 * A million chunks in {@link PgVectorStore}: load until searchable, then top-5 dense, filtered and
 * hybrid search latency and recall@5 at {@code ef_search} 40, 100 and 200, for vectors stored as
 * {@code vector} and as {@code halfvec}. Printed as Markdown on stdout, progress on stderr.
 *
 * <p>Data ({@link Dataset}, seeded): synthetic unit vectors of 384 dimensions drawn from a Gaussian
 * mixture around 1,000 random centres, so that neighbourhoods exist and approximate-search recall
 * means something (these are not embeddings of the texts); texts of about 400 characters made of
 * Zipf-distributed pseudo-words with a share of per-cluster topic words (not English); metadata
 * {@code team} (4 values, the filter {@code team = platform} passes 25 %) and {@code shard} (100
 * values, {@code shard = s07} passes 1 %). Queries: 200 (seed 43) from the same mixture, each with
 * a question of two topic and two common words; 50 warm-up queries (seed 44).
 *
 * <p>Load: one {@code PgVectorStore.write} of every document into an empty collection (binary COPY,
 * then the full-text, metadata and doc_id indexes and the HNSW index, sized by the store from the
 * row count and the server), then {@code VACUUM ANALYZE}. Search: per {@code ef_search}, 50 warm-up
 * queries, then 3 passes of the queries; p50/p95 over all passes; recall@5 of the first pass
 * against an exact double-precision scan (dense) or the reciprocal rank fusion of the exact dense
 * top-40 with the store's lexical top-40 (hybrid).
 *
 * <p>Database: {@code CITERAG_BENCH_JDBC_URL} (with {@code CITERAG_BENCH_JDBC_USER} / {@code
 * CITERAG_BENCH_JDBC_PASSWORD}); required, since a million rows need a server of their own.
 * Options: {@code -Dbench.rows=1000000 -Dbench.types=vector,halfvec -Dbench.queries=200
 * -Dbench.passes=3 -Dbench.reuse=false} ({@code reuse} searches collections already loaded with the
 * same row count).
 */
public final class ScaleBenchmark {
  private static final int DIMS = 384;
  private static final int K = 5;
  private static final int[] EF = {40, 100, 200};

  private final DataSource ds;
  private final Dataset data;
  private final int passes;
  private final List<String> rows = new ArrayList<>();
  private final Filter team = Filter.eq("team", Dataset.FILTER_TEAM);
  private final Filter shard = Filter.eq("shard", Dataset.FILTER_SHARD);
  private int[][][] exact = new int[0][][];

  private ScaleBenchmark(DataSource ds, Dataset data, int passes) {
    this.ds = ds;
    this.data = data;
    this.passes = passes;
  }

  public static void main(String[] args) throws Exception {
    int n = Integer.getInteger("bench.rows", 1_000_000);
    int queries = Integer.getInteger("bench.queries", 200);
    int passes = Integer.getInteger("bench.passes", 3);
    boolean reuse = Boolean.getBoolean("bench.reuse");
    List<String> types = List.of(System.getProperty("bench.types", "vector,halfvec").split(","));
    String url = System.getenv("CITERAG_BENCH_JDBC_URL");
    if (url == null || url.isBlank()) {
      throw new IllegalStateException(
          "CITERAG_BENCH_JDBC_URL must name a PostgreSQL server with pgvector 0.8 of its own");
    }
    HikariConfig hc = new HikariConfig();
    hc.setJdbcUrl(url);
    if (System.getenv("CITERAG_BENCH_JDBC_USER") != null) {
      hc.setUsername(System.getenv("CITERAG_BENCH_JDBC_USER"));
    }
    if (System.getenv("CITERAG_BENCH_JDBC_PASSWORD") != null) {
      hc.setPassword(System.getenv("CITERAG_BENCH_JDBC_PASSWORD"));
    }
    hc.setMaximumPoolSize(3);
    hc.setPoolName("scale");
    long g0 = System.nanoTime();
    Dataset data = Dataset.generate(n, DIMS, queries, 50);
    log("generated %,d rows and %d queries in %.0f s", n, queries, secs(g0));
    try (HikariDataSource pool = new HikariDataSource(hc)) {
      ScaleBenchmark b = new ScaleBenchmark(pool, data, passes);
      System.out.println(
          "Server: " + dev.citerag.bench.pg.PgEnv.serverFacts(pool) + ", " + extraFacts(pool));
      System.out.println(
          "JVM: "
              + System.getProperty("java.version")
              + ", "
              + Runtime.getRuntime().availableProcessors()
              + " CPUs, max heap "
              + Runtime.getRuntime().maxMemory() / (1 << 20)
              + " MB");
      for (String type : types) {
        b.run(type.strip(), reuse);
      }
      b.print();
    }
  }

  private static String extraFacts(DataSource ds) throws SQLException {
    StringBuilder sb = new StringBuilder();
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      for (String name :
          List.of("effective_cache_size", "max_worker_processes", "max_parallel_workers")) {
        try (ResultSet rs = s.executeQuery("SHOW " + name)) {
          rs.next();
          sb.append(sb.length() == 0 ? "" : ", ").append(name).append(' ').append(rs.getString(1));
        }
      }
    }
    return sb.toString();
  }

  private void run(String type, boolean reuse) throws Exception {
    boolean half =
        switch (type) {
          case "vector" -> false;
          case "halfvec" -> true;
          default ->
              throw new IllegalArgumentException(
                  "bench.types must list vector and/or halfvec, had " + type);
        };
    String collection = "scale_" + type;
    int n = data.n;
    if (!reuse) {
      drop(collection);
    }
    try (PgVectorStore store = open(collection, half, 100)) {
      if (reuse && store.chunkCount() == n) {
        log("%s: reusing the %,d chunks already stored", type, n);
      } else {
        load(store, type, n);
      }
      sizes(collection, type, n);
      if (exact.length == 0) {
        long t0 = System.nanoTime();
        exact = data.exactTopK(RankFusion.candidatesFor(K));
        log(
            "exact top-%d of %d queries in %.0f s",
            exact[0][0].length, data.queries.length, secs(t0));
      }
      int[][][] hybridTruth = hybridTruth(store);
      for (int ef : EF) {
        try (PgVectorStore tuned = open(collection, half, ef)) {
          cases(tuned, type, ef, hybridTruth);
        }
      }
    }
  }

  private PgVectorStore open(String collection, boolean half, int ef) {
    return PgVectorStore.builder()
        .dataSource(ds)
        .collection(collection)
        .dimensions(DIMS)
        .halfvec(half)
        .efSearch(ef)
        .build();
  }

  private void load(PgVectorStore store, String type, int n) throws Exception {
    double write = timedWrite(store, Corpus.citerag(data, 0, n));
    long t1 = System.nanoTime();
    exec("VACUUM ANALYZE " + store.collection() + "_chunks");
    double analyze = secs(t1);
    PgVectorStore.IndexBuild b =
        store
            .lastIndexBuild()
            .orElseThrow(() -> new IllegalStateException("the write built no HNSW index"));
    String build =
        String.format(
            Locale.ROOT,
            "HNSW build %.0f s with maintenance_work_mem %,d MB (graph estimated %,d MB, ceiling"
                + " %,d MB), max_parallel_maintenance_workers %d",
            b.duration().toMillis() / 1000.0,
            b.maintenanceWorkMemBytes() >> 20,
            b.estimatedGraphBytes() >> 20,
            b.memoryCeilingBytes() >> 20,
            b.workers());
    log("%s: write %.0f s (%s), VACUUM ANALYZE %.0f s", type, write, build, analyze);
    row(
        type,
        "load: one `write` into an empty collection, until searchable",
        n,
        fmtS(write),
        "",
        "",
        String.format(Locale.ROOT, "%,.0f rows/s; of which %s", n / write, build));
    row(type, "`VACUUM ANALYZE` after the load", n, fmtS(analyze), "", "", "");
  }

  /** Seconds for one write of {@code docs}, after a checkpoint; the list is garbage after it. */
  private double timedWrite(PgVectorStore store, List<DocumentChunks> docs) throws SQLException {
    checkpoint();
    long t0 = System.nanoTime();
    store.write(docs);
    return secs(t0);
  }

  private void sizes(String collection, String type, int n) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT pg_size_pretty(pg_table_size('"
                    + collection
                    + "_chunks')), pg_size_pretty(pg_relation_size('"
                    + collection
                    + "_chunks_hnsw')), pg_size_pretty(pg_indexes_size('"
                    + collection
                    + "_chunks'))")) {
      rs.next();
      String sizes =
          "table "
              + rs.getString(1)
              + ", HNSW index "
              + rs.getString(2)
              + ", all indexes "
              + rs.getString(3);
      log("%s: %s", type, sizes);
      row(type, "sizes", n, "", "", "", sizes);
    }
  }

  /** Exact dense top-40 (with cosines) fused with the store's lexical top-40, per filter. */
  private int[][][] hybridTruth(PgVectorStore store) {
    Filter[] filters = {Filter.ALL, team, shard};
    int[][][] truth = new int[3][data.queries.length][];
    int c = RankFusion.candidatesFor(K);
    for (int f = 0; f < 3; f++) {
      for (int q = 0; q < data.queries.length; q++) {
        float[] qv = data.queries[q];
        List<SearchHit> dense = new ArrayList<>();
        int[] ex = exact[f][q];
        for (int i = 0; i < Math.min(c, ex.length); i++) {
          dense.add(new SearchHit(stub(ex[i]), cosine(ex[i], qv), i + 1, null, 0, 0));
        }
        List<SearchHit> lexical = new ArrayList<>();
        for (SearchHit h : store.lexicalSearch(data.questions[q], c, filters[f])) {
          double cos = cosine(Dataset.row(h.chunk().id()), qv);
          lexical.add(
              new SearchHit(
                  h.chunk(), cos, null, h.lexicalRank(), h.lexicalScore(), h.fusedScore()));
        }
        truth[f][q] = Dataset.rowsOf(RankFusion.fuse(dense, lexical, K));
      }
    }
    return truth;
  }

  private void cases(PgVectorStore store, String type, int ef, int[][][] hybridTruth) {
    Filter[] filters = {Filter.ALL, team, shard};
    String[] names = {"", ", 25 % filter", ", 1 % filter"};
    for (int hybrid = 0; hybrid < 2; hybrid++) {
      for (int f = 0; f < 3; f++) {
        Filter filter = filters[f];
        int fi = f;
        boolean h = hybrid == 1;
        Function<Integer, List<SearchHit>> search =
            h
                ? q -> store.hybridSearch(data.queries[q], data.questions[q], K, filter)
                : q -> store.denseSearch(data.queries[q], K, filter);
        for (int w = 0; w < data.warmupQueries.length; w++) {
          if (h) {
            store.hybridSearch(data.warmupQueries[w], data.warmupQuestions[w], K, filter);
          } else {
            store.denseSearch(data.warmupQueries[w], K, filter);
          }
        }
        int qn = data.queries.length;
        double[] samples = new double[passes * qn];
        double recall = 0;
        int shortResults = 0;
        for (int pass = 0; pass < passes; pass++) {
          for (int q = 0; q < qn; q++) {
            long s0 = System.nanoTime();
            List<SearchHit> hits = search.apply(q);
            samples[pass * qn + q] = (System.nanoTime() - s0) / 1e6;
            if (pass == 0) {
              if (hits.size() < K) {
                shortResults++;
              }
              int[] truth = h ? hybridTruth[fi][q] : Arrays.copyOf(exact[fi][q], K);
              recall += overlap(Dataset.rowsOf(hits), truth);
            }
          }
        }
        Arrays.sort(samples);
        String name = (h ? "hybrid" : "dense") + " top-5" + names[f] + ", efSearch(" + ef + ")";
        double r = recall / qn;
        log(
            "%s: %s: p50 %.2f ms, p95 %.2f ms, recall@5 %.3f, short %d",
            type, name, percentile(samples, 50), percentile(samples, 95), r, shortResults);
        row(
            type,
            name,
            data.n,
            fmtMs(percentile(samples, 50)),
            fmtMs(percentile(samples, 95)),
            String.format(Locale.ROOT, "%.3f", r),
            shortResults == 0 ? "" : shortResults + " queries returned fewer than 5");
      }
    }
  }

  private static double overlap(int[] got, int[] truth) {
    int hit = 0;
    for (int g : got) {
      for (int t : truth) {
        if (g == t) {
          hit++;
          break;
        }
      }
    }
    return truth.length == 0 ? 1.0 : hit / (double) Math.min(K, truth.length);
  }

  private double cosine(int row, float[] q) {
    double cos = 0;
    float[] v = data.vectors[row];
    for (int j = 0; j < v.length; j++) {
      cos += (double) v[j] * q[j];
    }
    return cos;
  }

  private dev.citerag.store.Chunk stub(int row) {
    return new dev.citerag.store.Chunk(
        data.chunkId(row), data.docId(row), "-", null, List.of(), null, "-", 1, "-", Map.of());
  }

  private void drop(String collection) throws SQLException {
    exec(
        "DROP TABLE IF EXISTS " + collection + "_chunks, " + collection + "_documents",
        "CREATE TABLE IF NOT EXISTS citerag_collections (collection text PRIMARY KEY)",
        "DELETE FROM citerag_collections WHERE collection = '" + collection + "'");
  }

  private void checkpoint() throws SQLException {
    exec("CHECKPOINT");
  }

  private void exec(String... sql) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }

  private void row(
      String type, String what, int n, String p50, String p95, String recall, String notes) {
    rows.add(
        "| `"
            + type
            + "` | "
            + what
            + " | "
            + String.format(Locale.ROOT, "%,d", n)
            + " | "
            + p50
            + " | "
            + p95
            + " | "
            + recall
            + " | "
            + notes
            + " |");
    // the table so far, so that an interrupted run still leaves its figures
    System.out.println(rows.get(rows.size() - 1));
  }

  private void print() {
    System.out.println();
    System.out.println("| type | operation | N | p50 / time | p95 | recall@5 | notes |");
    System.out.println("|---|---|---:|---:|---:|---:|---|");
    rows.forEach(System.out::println);
  }

  private static void log(String format, Object... args) {
    System.err.println(
        "[scale "
            + java.time.LocalTime.now(java.time.ZoneOffset.UTC).withNano(0)
            + "] "
            + String.format(Locale.ROOT, format, args));
  }

  private static double secs(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }

  private static String fmtS(double s) {
    return String.format(Locale.ROOT, "%,.0f s", s);
  }

  private static String fmtMs(double ms) {
    return String.format(Locale.ROOT, ms < 100 ? "%.2f ms" : "%,.0f ms", ms);
  }

  /** Nearest-rank percentile of sorted samples. */
  private static double percentile(double[] sorted, int p) {
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }
}
