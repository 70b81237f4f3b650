package dev.citerag.bench.pg;

import com.zaxxer.hikari.HikariDataSource;
import dev.citerag.bench.data.Corpus;
import dev.citerag.bench.data.Dataset;
import dev.citerag.pgvector.PgVectorStore;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.langchain4j.store.embedding.pgvector.PgVectorEmbeddingStore;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

/**
 * One timed load through each path of section 2 (bare COPY + HNSW, citerag's write, LangChain4j's
 * {@code addAll} + HNSW by hand), each from an empty table after {@code CHECKPOINT}, and the
 * untimed warm-up.
 */
final class LoadPaths {
  private LoadPaths() {}

  static void warmUp(
      HikariDataSource citeragPool,
      HikariDataSource lcPool,
      HikariDataSource barePool,
      Dataset data)
      throws Exception {
    int n = Math.min(2_000, data.n);
    List<DocumentChunks> docs = Corpus.citerag(data, 0, n);
    List<EmbeddedChunk> rows = docs.stream().flatMap(x -> x.chunks().stream()).toList();
    bare(
        barePool,
        barePool,
        "bare_warm",
        rows,
        data.dims,
        BareCopy.maintenanceWorkMemKb(n, data.dims, 16));
    citeragWrite(citeragPool, citeragPool, "cr_warm", docs, data.dims);
    lc4jAddAll(lcPool, lcPool, "lc_warm", Corpus.lc4j(data, 0, n, true), data.dims, 0);
    PgEnv.exec(
        barePool, "DROP TABLE IF EXISTS bare_warm, lc_warm, cr_warm_chunks, cr_warm_documents");
  }

  /** Seconds for {COPY, HNSW build}. */
  static double[] bare(
      HikariDataSource pool,
      HikariDataSource admin,
      String table,
      List<EmbeddedChunk> rows,
      int d,
      long mwm)
      throws Exception {
    try (Connection c = pool.getConnection()) {
      BareCopy.createTable(c, table, d);
      PgEnv.exec(admin, "CHECKPOINT");
      long t0 = System.nanoTime();
      BareCopy.copy(c, table, rows);
      long t1 = System.nanoTime();
      BareCopy.buildHnsw(c, table, mwm);
      long t2 = System.nanoTime();
      return new double[] {(t1 - t0) / 1e9, (t2 - t1) / 1e9};
    }
  }

  static double citeragWrite(
      HikariDataSource pool,
      HikariDataSource admin,
      String collection,
      List<DocumentChunks> docs,
      int d)
      throws Exception {
    PgEnv.exec(
        admin, "DROP TABLE IF EXISTS " + collection + "_chunks, " + collection + "_documents");
    PgEnv.exec(
        admin, "CREATE TABLE IF NOT EXISTS citerag_collections (collection text PRIMARY KEY)");
    PgEnv.exec(admin, "DELETE FROM citerag_collections WHERE collection = '" + collection + "'");
    try (PgVectorStore store =
        PgVectorStore.builder().dataSource(pool).collection(collection).dimensions(d).build()) {
      PgEnv.exec(admin, "CHECKPOINT");
      long t0 = System.nanoTime();
      store.write(docs);
      return (System.nanoTime() - t0) / 1e9;
    }
  }

  /** Seconds for {addAll, HNSW by hand}; no index when {@code mwm} is 0. */
  static double[] lc4jAddAll(
      HikariDataSource pool, HikariDataSource admin, String table, Corpus.Lc4j lc, int d, long mwm)
      throws Exception {
    PgVectorEmbeddingStore store =
        PgVectorEmbeddingStore.datasourceBuilder()
            .datasource(pool)
            .table(table)
            .dimension(d)
            .dropTableFirst(true)
            .createTable(true)
            .build();
    PgEnv.exec(admin, "CHECKPOINT");
    long t0 = System.nanoTime();
    store.addAll(lc.ids(), lc.embeddings(), lc.segments());
    long t1 = System.nanoTime();
    if (mwm > 0) {
      try (Connection c = pool.getConnection()) {
        BareCopy.buildHnsw(c, table, mwm);
      }
    }
    return new double[] {(t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9};
  }

  static double reindexSeconds(HikariDataSource admin, String index, long mwm) throws Exception {
    try (Connection c = admin.getConnection();
        Statement s = c.createStatement()) {
      s.execute("SET maintenance_work_mem = '" + mwm + "kB'");
      long t0 = System.nanoTime();
      s.execute("REINDEX INDEX " + index);
      double sec = (System.nanoTime() - t0) / 1e9;
      s.execute("RESET maintenance_work_mem");
      return sec;
    }
  }
}
