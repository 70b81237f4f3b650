package dev.citerag.bench.pgvector;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.citerag.bench.pg.BareCopy;
import dev.citerag.pgvector.PgVectorStore;
import dev.citerag.store.Chunk;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.internal.RankFusion;
import dev.citerag.testkit.postgres.PostgresDatabase;
import dev.citerag.testkit.postgres.PostgresFixture;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.function.Function;
import javax.sql.DataSource;

/**
 * Ingest and search figures for {@link PgVectorStore} on this machine, printed as Markdown.
 *
 * <ul>
 *   <li>Ingest of N chunks (default 20,000, dimension 384, seeded Gaussian mixture around 1,000
 *       centres): a bare {@code COPY ... (FORMAT BINARY)} of the same rows into a table with only a
 *       primary key, then the HNSW build on it (what "searchable" costs at the floor), against
 *       {@code PgVectorStore.write} of all documents in one call into an empty collection (which
 *       ends with the primary key, HNSW, tsvector GIN, metadata GIN, doc_id btree and the documents
 *       table), and once in writes of ~1,000 chunks as {@code Ingestor} does.
 *   <li>Search over M chunks (default 100,000): top-5 dense and hybrid, unfiltered and under a 25 %
 *       and a 1 % filter; p50/p95 over 3 passes of 200 queries after 50 warm-up queries; recall@5
 *       against an exact double-precision scan (dense) or the fusion of exact dense candidates with
 *       the lexical candidates (hybrid).
 * </ul>
 *
 * Database: {@code CITERAG_BENCH_JDBC_URL} (with {@code CITERAG_BENCH_JDBC_USER} / {@code
 * CITERAG_BENCH_JDBC_PASSWORD}), else a fresh database from the testkit's PostgreSQL fixture.
 * Sizes: {@code -Dbench.ingest=20000 -Dbench.search=100000 -Dbench.queries=200}; {@code
 * -Dbench.reuse=true} searches an already loaded search corpus of the same size again.
 *
 * <pre>
 * java -cp benchmarks/target/citerag-benchmarks.jar dev.citerag.bench.pgvector.PgVectorBenchmark
 * </pre>
 */
public final class PgVectorBenchmark {
  private static final int DIMS = 384;
  private static final int K = 5;

  private final DataSource ds;
  private final Corpus corpus = new Corpus(DIMS, 1000, 42);
  private final List<String[]> table = new ArrayList<>();

  private PgVectorBenchmark(DataSource ds) {
    this.ds = ds;
  }

  public static void main(String[] args) throws Exception {
    int ingest = Integer.getInteger("bench.ingest", 20_000);
    int search = Integer.getInteger("bench.search", 100_000);
    int queries = Integer.getInteger("bench.queries", 200);
    String url = System.getenv("CITERAG_BENCH_JDBC_URL");
    PostgresDatabase fixtureDb = null;
    HikariConfig hc = new HikariConfig();
    if (url != null && !url.isBlank()) {
      hc.setJdbcUrl(url);
      if (System.getenv("CITERAG_BENCH_JDBC_USER") != null) {
        hc.setUsername(System.getenv("CITERAG_BENCH_JDBC_USER"));
      }
      if (System.getenv("CITERAG_BENCH_JDBC_PASSWORD") != null) {
        hc.setPassword(System.getenv("CITERAG_BENCH_JDBC_PASSWORD"));
      }
    } else {
      fixtureDb = PostgresFixture.shared().createDatabase();
      hc.setJdbcUrl(fixtureDb.jdbcUrl());
      hc.setUsername(fixtureDb.username());
      fixtureDb.password().ifPresent(hc::setPassword);
    }
    hc.setMaximumPoolSize(4);
    hc.setPoolName("bench");
    try (HikariDataSource pool = new HikariDataSource(hc)) {
      PgVectorBenchmark b = new PgVectorBenchmark(pool);
      b.printServer();
      if (ingest > 0) {
        b.ingest(ingest);
      }
      if (search > 0) {
        b.search(search, queries);
      }
      b.printTable();
    } finally {
      if (fixtureDb != null) {
        fixtureDb.close();
      }
    }
  }

  // ------------------------------------------------------------------ ingest

  private void ingest(int n) throws Exception {
    List<DocumentChunks> docs = corpus.documents("i", n, 1);
    List<EmbeddedChunk> rows = docs.stream().flatMap(d -> d.chunks().stream()).toList();
    log("ingest: %d chunks in %d documents", rows.size(), docs.size());

    // warm-up (untimed): both paths once on a tenth of the data
    List<DocumentChunks> small = docs.subList(0, Math.max(1, docs.size() / 10));
    bareCopy(small.stream().flatMap(d -> d.chunks().stream()).toList(), true);
    storeWrite("warm", small, false);

    double[] copyMs = new double[3];
    double[] hnswMs = new double[3];
    double[] storeMs = new double[3];
    for (int run = 0; run < 3; run++) {
      double[] t = bareCopy(rows, true);
      copyMs[run] = t[0];
      hnswMs[run] = t[1];
      storeMs[run] = storeWrite("ingest" + run, docs, false)[0];
      log(
          "run %d: copy %.0f ms, hnsw %.0f ms, store.write %.0f ms",
          run + 1, copyMs[run], hnswMs[run], storeMs[run]);
    }
    double reindex = reindexMs("ingest2");
    double[] batched = storeWrite("batched", docs, true);

    double copy = median(copyMs);
    double copyHnsw = median(sum(copyMs, hnswMs));
    double store = median(storeMs);
    row(
        "bare `COPY ... (FORMAT BINARY)`, PGvector.toBytes; ends with: PK only (no vector index)",
        "load",
        n,
        copy,
        max(copyMs),
        rate(n, copy) + " rows/s");
    row(
        "`CREATE INDEX ... USING hnsw` (m 16, ef_construction 64) on that table",
        "index build",
        n,
        median(hnswMs),
        max(hnswMs),
        "");
    row(
        "bare COPY + HNSW build (the floor for \"searchable\"); ends with: PK, HNSW",
        "load + build",
        n,
        copyHnsw,
        max(sum(copyMs, hnswMs)),
        rate(n, copyHnsw) + " rows/s");
    row(
        "`PgVectorStore.write`, one call, empty collection; ends with: PK, HNSW, tsvector GIN, metadata GIN,"
            + " doc_id btree, documents rows",
        "write",
        n,
        store,
        max(storeMs),
        rate(n, store)
            + " rows/s = "
            + pct(copyHnsw / store)
            + " of COPY+HNSW, "
            + pct(copy / store)
            + " of bare COPY");
    row(
        "  of which (estimate) load without HNSW: write − `REINDEX` of its HNSW ("
            + fmt(reindex)
            + " ms)",
        "write",
        n,
        store - reindex,
        Double.NaN,
        rate(n, store - reindex) + " rows/s = " + pct(copy / (store - reindex)) + " of bare COPY");
    row(
        "`PgVectorStore.write` in writes of ~1,000 chunks (as `Ingestor`), empty collection; HNSW"
            + " built after the first write, then maintained row by row",
        "write",
        n,
        batched[0],
        Double.NaN,
        "1 run; " + rate(n, batched[0]) + " rows/s");
  }

  /**
   * Bare COPY into a fresh table with a primary key ({@link BareCopy}); returns {copy ms, hnsw
   * build ms}.
   */
  private double[] bareCopy(List<EmbeddedChunk> rows, boolean buildIndex) throws Exception {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      BareCopy.createTable(c, "bare_copy", DIMS);
      s.execute("CHECKPOINT");
      long t0 = System.nanoTime();
      BareCopy.copy(c, "bare_copy", rows);
      double copyMs = (System.nanoTime() - t0) / 1e6;
      double hnswMs = 0;
      if (buildIndex) {
        long t1 = System.nanoTime();
        BareCopy.buildHnsw(c, "bare_copy", BareCopy.maintenanceWorkMemKb(rows.size(), DIMS, 16));
        hnswMs = (System.nanoTime() - t1) / 1e6;
      }
      return new double[] {copyMs, hnswMs};
    }
  }

  /** Writes into a fresh collection; returns {ms}. */
  private double[] storeWrite(String collection, List<DocumentChunks> docs, boolean batched)
      throws SQLException {
    dropCollection(collection);
    try (PgVectorStore store =
        PgVectorStore.builder().dataSource(ds).collection(collection).dimensions(DIMS).build()) {
      checkpoint();
      long t0 = System.nanoTime();
      if (batched) {
        List<DocumentChunks> batch = new ArrayList<>();
        int chunks = 0;
        for (DocumentChunks d : docs) {
          batch.add(d);
          chunks += d.chunks().size();
          if (chunks >= 1000) {
            store.write(batch);
            batch = new ArrayList<>();
            chunks = 0;
          }
        }
        if (!batch.isEmpty()) {
          store.write(batch);
        }
      } else {
        store.write(docs);
      }
      return new double[] {(System.nanoTime() - t0) / 1e6};
    }
  }

  private double reindexMs(String collection) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute("SET maintenance_work_mem = '256MB'");
      long t0 = System.nanoTime();
      s.execute("REINDEX INDEX " + collection + "_chunks_hnsw");
      return (System.nanoTime() - t0) / 1e6;
    }
  }

  private void dropCollection(String collection) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + collection + "_chunks, " + collection + "_documents");
      s.execute("CREATE TABLE IF NOT EXISTS citerag_collections (collection text PRIMARY KEY)");
      s.execute("DELETE FROM citerag_collections WHERE collection = '" + collection + "'");
    }
  }

  private void checkpoint() throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CHECKPOINT");
    }
  }

  // ------------------------------------------------------------------ search

  private void search(int n, int queryCount) throws Exception {
    List<DocumentChunks> docs = corpus.documents("s", n, 2);
    List<EmbeddedChunk> rows = docs.stream().flatMap(d -> d.chunks().stream()).toList();
    boolean reuse = Boolean.getBoolean("bench.reuse");
    if (!reuse) {
      dropCollection("search");
    }
    PgVectorStore store =
        PgVectorStore.builder().dataSource(ds).collection("search").dimensions(DIMS).build();
    if (reuse && store.chunkCount() == n) {
      log("search corpus: reusing the %d chunks already stored", n);
    } else {
      long t0 = System.nanoTime();
      store.write(docs);
      double loadMs = (System.nanoTime() - t0) / 1e6;
      log("search corpus: %d chunks written in %.0f ms", rows.size(), loadMs);
      row(
          "`PgVectorStore.write` of the search corpus, one call, empty collection",
          "write",
          n,
          loadMs,
          Double.NaN,
          "1 run; " + rate(n, loadMs) + " rows/s");
    }
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute("VACUUM ANALYZE search_chunks");
      try (ResultSet rs =
          s.executeQuery(
              "SELECT pg_size_pretty(pg_table_size('search_chunks')),"
                  + " pg_size_pretty(pg_relation_size('search_chunks')),"
                  + " pg_size_pretty(pg_relation_size('search_chunks_hnsw'))")) {
        rs.next();
        log("table %s (heap %s), hnsw %s", rs.getString(1), rs.getString(2), rs.getString(3));
      }
    }
    float[][] vectors = new float[rows.size()][];
    for (int i = 0; i < vectors.length; i++) {
      vectors[i] = rows.get(i).vector();
    }
    Random qr = new Random(43);
    List<Corpus.Query> queries = new ArrayList<>();
    for (int i = 0; i < queryCount; i++) {
      queries.add(corpus.query(qr));
    }
    Random wr = new Random(44);
    List<Corpus.Query> warm = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      warm.add(corpus.query(wr));
    }
    Filter quarter = Filter.eq("team", "search");
    Filter percent = Filter.eq("bucket", "b7");
    for (int ef : new int[] {40, 100}) {
      try (PgVectorStore tuned =
          PgVectorStore.builder()
              .dataSource(ds)
              .collection("search")
              .dimensions(DIMS)
              .efSearch(ef)
              .build()) {
        searchCases(tuned, ef, n, rows, vectors, queries, warm, quarter, percent);
      }
    }
    store.close();
  }

  private void searchCases(
      PgVectorStore store,
      int ef,
      int n,
      List<EmbeddedChunk> rows,
      float[][] vectors,
      List<Corpus.Query> queries,
      List<Corpus.Query> warm,
      Filter quarter,
      Filter percent) {
    Object[][] cases = {
      {"dense top-5", Filter.ALL, false},
      {"dense top-5, 25 % filter", quarter, false},
      {"dense top-5, 1 % filter", percent, false},
      {"hybrid top-5", Filter.ALL, true},
      {"hybrid top-5, 25 % filter", quarter, true},
      {"hybrid top-5, 1 % filter", percent, true},
    };
    for (Object[] cs : cases) {
      String name = (String) cs[0];
      Filter f = (Filter) cs[1];
      boolean hybrid = (Boolean) cs[2];
      Function<Corpus.Query, List<SearchHit>> run =
          hybrid
              ? q -> store.hybridSearch(q.vector(), q.text(), K, f)
              : q -> store.denseSearch(q.vector(), K, f);
      int warmHits = 0;
      for (Corpus.Query q : warm) {
        warmHits += run.apply(q).size();
      }
      if (warmHits == 0 && !warm.isEmpty()) {
        throw new IllegalStateException("warm-up searches found nothing: the corpus did not load");
      }
      double[] samples = new double[3 * queries.size()];
      double recall = 0;
      int short5 = 0;
      for (int pass = 0; pass < 3; pass++) {
        for (int i = 0; i < queries.size(); i++) {
          Corpus.Query q = queries.get(i);
          long s0 = System.nanoTime();
          List<SearchHit> hits = run.apply(q);
          samples[pass * queries.size() + i] = (System.nanoTime() - s0) / 1e6;
          if (pass == 0) {
            if (hits.size() < K) {
              short5++;
            }
            List<String> exact =
                hybrid
                    ? exactHybrid(store, q, f, rows, vectors)
                    : exactDense(q.vector(), f, rows, vectors, K);
            recall += overlap(hits, exact) / (double) K;
          }
        }
      }
      Arrays.sort(samples);
      double p50 = percentile(samples, 50);
      double p95 = percentile(samples, 95);
      String note =
          String.format(
              Locale.ROOT,
              "recall@5 %.3f%s",
              recall / queries.size(),
              short5 > 0 ? "; " + short5 + " queries returned fewer than 5" : "");
      log("%s, ef_search %d: p50 %.2f ms, p95 %.2f ms, %s", name, ef, p50, p95, note);
      row("`PgVectorStore` " + name + ", efSearch(" + ef + ")", "search", n, p50, p95, note);
    }
  }

  private static List<String> exactDense(
      float[] q, Filter f, List<EmbeddedChunk> rows, float[][] vectors, int k) {
    PriorityQueue<double[]> heap = new PriorityQueue<>(Comparator.comparingDouble(a -> a[0]));
    for (int i = 0; i < vectors.length; i++) {
      if (!f.test(rows.get(i).chunk().metadata())) {
        continue;
      }
      double dot = 0;
      float[] v = vectors[i];
      for (int j = 0; j < v.length; j++) {
        dot += (double) q[j] * v[j];
      }
      heap.add(new double[] {dot, i});
      if (heap.size() > k) {
        heap.poll();
      }
    }
    List<double[]> best = new ArrayList<>(heap);
    best.sort(Comparator.comparingDouble((double[] a) -> -a[0]));
    List<String> out = new ArrayList<>();
    best.forEach(a -> out.add(rows.get((int) a[1]).chunk().id()));
    return out;
  }

  /** Exact dense candidates fused with the (exact) lexical candidates. */
  private static List<String> exactHybrid(
      PgVectorStore store, Corpus.Query q, Filter f, List<EmbeddedChunk> rows, float[][] vectors) {
    int n = RankFusion.candidatesFor(K);
    List<String> denseIds = exactDense(q.vector(), f, rows, vectors, n);
    List<SearchHit> dense =
        denseIds.stream()
            .map(
                id ->
                    withCosine(
                        new SearchHit(chunkOf(rows, id), null, null, null, 0, 0), q, vectors))
            .toList();
    List<SearchHit> lexical =
        store.lexicalSearch(q.text(), n, f).stream().map(h -> withCosine(h, q, vectors)).toList();
    List<SearchHit> fused = RankFusion.fuse(dense, lexical, K);
    return fused.stream().map(h -> h.chunk().id()).toList();
  }

  /** The hit with its cosine to the query, computed from the corpus vectors. */
  private static SearchHit withCosine(SearchHit h, Corpus.Query q, float[][] vectors) {
    float[] v = vectors[rowIndex(h.chunk().id())];
    double dot = 0;
    double nq = 0;
    double nv = 0;
    for (int j = 0; j < v.length; j++) {
      dot += (double) q.vector()[j] * v[j];
      nq += (double) q.vector()[j] * q.vector()[j];
      nv += (double) v[j] * v[j];
    }
    double cos = dot / Math.sqrt(nq * nv);
    return new SearchHit(
        h.chunk(), cos, h.denseRank(), h.lexicalRank(), h.lexicalScore(), h.fusedScore());
  }

  /** The row of a chunk id: ids are "s<doc>#<i>" in row order, doc * 10 + i. */
  private static int rowIndex(String id) {
    int hash = id.indexOf('#');
    int doc = Integer.parseInt(id.substring(1, hash));
    int i = Integer.parseInt(id.substring(hash + 1));
    return doc * Corpus.CHUNKS_PER_DOC + i;
  }

  private static Chunk chunkOf(List<EmbeddedChunk> rows, String id) {
    return rows.get(rowIndex(id)).chunk();
  }

  private static int overlap(List<SearchHit> hits, List<String> exact) {
    int n = 0;
    for (SearchHit h : hits) {
      if (exact.contains(h.chunk().id())) {
        n++;
      }
    }
    return n;
  }

  // ------------------------------------------------------------------ output

  private void printServer() throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE EXTENSION IF NOT EXISTS vector");
      StringBuilder sb = new StringBuilder();
      try (ResultSet rs =
          s.executeQuery(
              "SELECT current_setting('server_version'),"
                  + " (SELECT extversion FROM pg_extension WHERE extname = 'vector')")) {
        rs.next();
        sb.append("PostgreSQL ")
            .append(rs.getString(1))
            .append(", pgvector ")
            .append(rs.getString(2));
      }
      for (String name :
          List.of(
              "shared_buffers",
              "work_mem",
              "maintenance_work_mem",
              "fsync",
              "synchronous_commit",
              "full_page_writes",
              "max_parallel_maintenance_workers",
              "jit")) {
        try (ResultSet rs = s.executeQuery("SHOW " + name)) {
          rs.next();
          sb.append(", ").append(name).append(' ').append(rs.getString(1));
        }
      }
      System.out.println("Server: " + sb);
      System.out.println(
          "JVM: "
              + System.getProperty("java.vm.name")
              + " "
              + System.getProperty("java.version")
              + ", "
              + Runtime.getRuntime().availableProcessors()
              + " CPUs, max heap "
              + Runtime.getRuntime().maxMemory() / (1 << 20)
              + " MB");
    }
  }

  private void row(String method, String op, int n, double median, double p95, String notes) {
    table.add(
        new String[] {
          method,
          op,
          String.format(Locale.ROOT, "%,d", n),
          fmt(median),
          Double.isNaN(p95) ? "–" : fmt(p95),
          notes
        });
  }

  private void printTable() {
    System.out.println();
    System.out.println(
        "| method | operation | N | median / p50 (ms) | slowest / p95 (ms) | notes |");
    System.out.println("|---|---|---:|---:|---:|---|");
    for (String[] r : table) {
      System.out.println("| " + String.join(" | ", r) + " |");
    }
  }

  private static void log(String format, Object... args) {
    System.err.println("[bench] " + String.format(Locale.ROOT, format, args));
  }

  private static String fmt(double ms) {
    return String.format(Locale.ROOT, ms < 100 ? "%.2f" : "%,.0f", ms);
  }

  private static String rate(int n, double ms) {
    return String.format(Locale.ROOT, "%,.0f", n / (ms / 1000.0));
  }

  private static String pct(double ratio) {
    return String.format(Locale.ROOT, "%.0f %%", 100 * ratio);
  }

  private static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static double max(double[] xs) {
    return Arrays.stream(xs).max().orElse(Double.NaN);
  }

  private static double[] sum(double[] a, double[] b) {
    double[] out = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = a[i] + b[i];
    }
    return out;
  }

  /** Nearest-rank percentile of sorted samples. */
  private static double percentile(double[] sorted, int p) {
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }
}
