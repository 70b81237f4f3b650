package dev.citerag.pgvector;

import static dev.citerag.pgvector.TestData.chunk;
import static dev.citerag.pgvector.TestData.doc;
import static dev.citerag.pgvector.TestData.ids;
import static dev.citerag.pgvector.TestData.scalar;
import static dev.citerag.pgvector.TestData.uniqueCollection;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.pgvector.internal.BuildSizing;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import dev.citerag.store.ServedHits;
import dev.citerag.testkit.postgres.PostgresTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * What a large collection needs: an index build sized from the row count and the server, {@code
 * halfvec} storage, iterative index scans under selective filters, and the server named per search.
 */
@PostgresTest
class PgVectorStoreScaleTest {
  private static final int D = 8;
  private final DataSource ds;

  PgVectorStoreScaleTest(DataSource ds) {
    this.ds = ds;
  }

  /** {@code n} random unit vectors in documents of 10 chunks; bucket {@code b<i % 100>}. */
  private static List<DocumentChunks> corpus(int n, long seed) {
    return corpus(n, seed, D);
  }

  /** {@code n} random unit vectors of {@code dims} in documents of 10 chunks. */
  private static List<DocumentChunks> corpus(int n, long seed, int dims) {
    Random r = new Random(seed);
    List<DocumentChunks> docs = new ArrayList<>();
    List<EmbeddedChunk> current = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String docId = "d" + (i / 10);
      current.add(
          chunk(
              docId,
              i % 10,
              "chunk " + i + " about deploys",
              Map.of("bucket", "b" + (i % 100), "group", i % 7 == 0 ? "g0" : "g1"),
              TestData.random(r, dims)));
      if (current.size() == 10) {
        docs.add(new DocumentChunks(docId, docId + "-h", current));
        current = new ArrayList<>();
      }
    }
    return docs;
  }

  private static BuildSizing.Server server(DataSource ds) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT pg_size_bytes(current_setting('maintenance_work_mem')) / 1024,"
                    + " pg_size_bytes(current_setting('effective_cache_size')) / 1024,"
                    + " current_setting('max_worker_processes')::int,"
                    + " current_setting('max_parallel_workers')::int")) {
      rs.next();
      return new BuildSizing.Server(rs.getLong(1), rs.getLong(2), rs.getInt(3), rs.getInt(4));
    }
  }

  @Test
  void the_index_build_after_a_bulk_load_runs_with_the_memory_and_workers_sized_for_it()
      throws SQLException {
    String name = uniqueCollection("sized");
    long ceiling = 300L << 20;
    try (PgVectorStore store =
        PgVectorStore.builder()
            .dataSource(ds)
            .collection(name)
            .dimensions(D)
            .indexBuildMemoryCeiling(ceiling)
            .indexBuildMaxWorkers(0)
            .build()) {
      assertThat(store.lastIndexBuild()).isEmpty();

      store.write(corpus(1500, 1));

      PgVectorStore.IndexBuild b = store.lastIndexBuild().orElseThrow();
      BuildSizing.Plan expected =
          BuildSizing.plan(1500, D, 16, false, server(ds), ceiling / 1024, 0);
      assertThat(b.rows()).isEqualTo(1500);
      assertThat(b.estimatedGraphBytes()).isEqualTo(expected.estimatedGraphKb() * 1024);
      assertThat(b.memoryCeilingBytes()).isEqualTo(ceiling);
      // what the server reported back inside the build's transaction
      assertThat(b.maintenanceWorkMemBytes()).isEqualTo(expected.maintenanceWorkMemKb() * 1024);
      assertThat(b.workers()).isZero();
      assertThat(b.graphFits()).isTrue();
      assertThat(b.duration()).isPositive();
    }
    // the settings were local to the build's transaction
    assertThat(scalar(ds, "SELECT current_setting('max_parallel_maintenance_workers')"))
        .isEqualTo(
            scalar(
                ds,
                "SELECT boot_val FROM pg_settings WHERE name = 'max_parallel_maintenance_workers'"));
  }

  @Test
  void index_build_bounds_are_checked_naming_the_field() {
    PgVectorStore.Builder b = PgVectorStore.builder();
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.indexBuildMemoryCeiling(1024)))
        .hasMessageContaining("indexBuildMemoryCeiling");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.indexBuildMaxWorkers(-1)))
        .hasMessageContaining("indexBuildMaxWorkers");
  }

  @Test
  void a_halfvec_collection_stores_and_indexes_halfvec_and_finds_the_nearest_chunks()
      throws SQLException {
    String name = uniqueCollection("half");
    List<DocumentChunks> docs = corpus(1200, 2);
    try (PgVectorStore store =
        PgVectorStore.builder()
            .dataSource(ds)
            .collection(name)
            .dimensions(D)
            .halfvec(true)
            .build()) {
      store.write(docs);
      assertThat(
              scalar(
                  ds,
                  "SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '"
                      + name
                      + "_chunks'::regclass AND attname = 'embedding'"))
          .isEqualTo("halfvec(8)");
      assertThat(
              scalar(
                  ds,
                  "SELECT indexdef FROM pg_indexes WHERE indexname = '" + name + "_chunks_hnsw'"))
          .contains("halfvec_cosine_ops");

      EmbeddedChunk target = docs.get(17).chunks().get(3);
      List<SearchHit> dense = store.denseSearch(target.vector(), 5, Filter.ALL);
      assertThat(dense.get(0).chunk().id()).isEqualTo(target.chunk().id());
      assertThat(dense.get(0).cosine()).isCloseTo(1.0, within(1e-3));
      List<SearchHit> hybrid = store.hybridSearch(target.vector(), "deploys", 5, Filter.ALL);
      assertThat(ids(hybrid)).contains(target.chunk().id());
      // a stored component is the nearest half-precision value (1/3 -> 0.33325195)
      String stored =
          scalar(
              ds,
              "SELECT (embedding::vector)::text FROM "
                  + name
                  + "_chunks WHERE id = '"
                  + target.chunk().id()
                  + "'");
      float first = Float.parseFloat(stored.substring(1, stored.indexOf(',')));
      assertThat(first).isCloseTo(target.vector()[0], within(1e-3f));
    }
  }

  @Test
  void opening_a_collection_with_the_other_vector_type_fails_naming_the_setting() {
    String name = uniqueCollection("typed");
    PgVectorStore.builder().dataSource(ds).collection(name).dimensions(D).build().close();

    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                PgVectorStore.builder()
                    .dataSource(ds)
                    .collection(name)
                    .dimensions(D)
                    .halfvec(true)
                    .build());
    assertThat(e)
        .hasMessageContaining(name)
        .hasMessageContaining("vector")
        .hasMessageContaining("halfvec(true)");

    String half = uniqueCollection("typed_half");
    PgVectorStore.builder()
        .dataSource(ds)
        .collection(half)
        .dimensions(D)
        .halfvec(true)
        .build()
        .close();
    assertThat(
            assertThrows(
                IllegalStateException.class,
                () ->
                    PgVectorStore.builder().dataSource(ds).collection(half).dimensions(D).build()))
        .hasMessageContaining("halfvec(false)");
  }

  @Test
  void a_component_beyond_the_halfvec_range_is_rejected_naming_the_chunk() {
    try (PgVectorStore store =
        PgVectorStore.builder()
            .dataSource(ds)
            .collection(uniqueCollection("range"))
            .dimensions(D)
            .halfvec(true)
            .build()) {
      float[] v = TestData.unit(D, 0);
      v[1] = 70_000f;
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> store.write(List.of(doc("big", "h", chunk("big", 0, "t", Map.of(), v)))));
      assertThat(e).hasMessageContaining("big#0").hasMessageContaining("halfvec");
    }
  }

  @Test
  void a_one_percent_filter_returns_k_where_a_plain_index_walk_does_not() throws SQLException {
    String name = uniqueCollection("iterative");
    List<DocumentChunks> docs = corpus(20_000, 3);
    List<EmbeddedChunk> all = docs.stream().flatMap(d -> d.chunks().stream()).toList();
    float[] q = TestData.random(new Random(99), D);
    try (PgVectorStore store =
        PgVectorStore.builder()
            .dataSource(ds)
            .collection(name)
            .dimensions(D)
            .efSearch(40)
            .build()) {
      store.write(docs);
      int k = 10;

      // pgvector without iterative scans: ef_search 40 candidates, of which ~1 % pass
      assertThat(plainIndexWalk(name, q, k, "off")).hasSizeLessThan(k);
      assertThat(plainIndexWalk(name, q, k, "relaxed_order")).hasSize(k);

      List<SearchHit> onePercent = store.denseSearch(q, k, Filter.eq("bucket", "b7"));
      assertThat(ids(onePercent)).containsExactlyElementsOf(exact(all, q, k, "bucket", "b7"));

      // ~14 % (2,858 rows): above the exact-scan threshold, so the index is walked iteratively
      List<SearchHit> group = store.denseSearch(q, k, Filter.eq("group", "g0"));
      assertThat(group).hasSize(k);
      assertThat(group)
          .allMatch(h -> MetadataValue.of("g0").equals(h.chunk().metadata().get("group")));
    }
  }

  @Test
  void a_filtered_dense_search_returns_the_exact_top_k_where_the_relaxed_walk_stops_short()
      throws SQLException {
    // 32 dimensions: enough for pgvector's relaxed walk to miss (at 8 it finds the exact top k)
    int dims = 32;
    String name = uniqueCollection("walk");
    List<DocumentChunks> docs = corpus(20_000, 5, dims);
    List<EmbeddedChunk> all = docs.stream().flatMap(d -> d.chunks().stream()).toList();
    int k = 10;
    int ef = 100;
    try (PgVectorStore store =
        PgVectorStore.builder()
            .dataSource(ds)
            .collection(name)
            .dimensions(dims)
            .efSearch(ef)
            .build()) {
      store.write(docs);
      // group g0 passes 1 row in 7 (2,858 rows: above the exact-scan threshold, so the index is
      // walked with iterative scans)
      Random r = new Random(17);
      int walkMisses = 0;
      int storeMisses = 0;
      for (int i = 0; i < 30; i++) {
        float[] q = TestData.random(r, dims);
        List<String> truth = exact(all, q, k, "group", "g0");
        // what pgvector's relaxed walk returns when asked for k matching rows
        List<String> firstK = plainIndexWalk(name, q, k, "relaxed_order", "group", "g0", ef);
        assertThat(firstK).hasSize(k);
        if (!new java.util.HashSet<>(firstK).equals(new java.util.HashSet<>(truth))) {
          walkMisses++;
        }
        List<String> got = ids(store.denseSearch(q, k, Filter.eq("group", "g0")));
        assertThat(got).as("query %d", i).hasSize(k);
        if (!got.equals(truth)) {
          storeMisses++;
        }
        assertThat(ids(store.hybridSearch(q, "deploys", k, Filter.eq("group", "g0"))))
            .as("hybrid, query %d", i)
            .hasSize(k);
      }
      // the collection exercises the defect: the walk's first k are often not the best k (9 to 14
      // of 30 queries in trial builds). pgvector draws each element's graph level at random, so a
      // build is not reproducible and the store's over-fetching walk is exact with high
      // probability, not always (0 misses of 30 in every trial build): at most 2 are allowed.
      assertThat(walkMisses).as("queries where the plain relaxed walk missed").isGreaterThan(2);
      assertThat(storeMisses)
          .as("queries where the store's filtered search was not the exact top-k")
          .isLessThanOrEqualTo(2);
    }
  }

  /** The ids a bare index walk returns under the filter {@code bucket = b7}. */
  private List<String> plainIndexWalk(String table, float[] q, int k, String iterative)
      throws SQLException {
    return plainIndexWalk(table, q, k, iterative, "bucket", "b7", 40);
  }

  /**
   * The ids a bare index walk ({@code ef_search} 40) returns under the filter {@code key = value}.
   */
  private List<String> plainIndexWalk(
      String table, float[] q, int k, String iterative, String key, String value, int ef)
      throws SQLException {
    try (Connection c = ds.getConnection()) {
      c.setAutoCommit(false);
      try (Statement s = c.createStatement()) {
        s.execute("SET LOCAL hnsw.ef_search = " + ef);
        s.execute("SET LOCAL hnsw.iterative_scan = " + iterative);
        s.execute("SET LOCAL enable_seqscan = off");
        s.execute("SET LOCAL enable_bitmapscan = off");
      }
      List<String> out = new ArrayList<>();
      try (PreparedStatement ps =
          c.prepareStatement(
              "SELECT id FROM "
                  + table
                  + "_chunks WHERE metadata->>? = ?"
                  + " ORDER BY embedding <=> ?::vector LIMIT "
                  + k)) {
        ps.setString(1, key);
        ps.setString(2, value);
        ps.setString(3, java.util.Arrays.toString(q));
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            out.add(rs.getString(1));
          }
        }
      }
      c.rollback();
      return out;
    }
  }

  private static List<String> exact(
      List<EmbeddedChunk> all, float[] q, int k, String key, String value) {
    return all.stream()
        .filter(e -> MetadataValue.of(value).equals(e.chunk().metadata().get(key)))
        .sorted(Comparator.comparingDouble((EmbeddedChunk e) -> -dot(e.vector(), q)))
        .limit(k)
        .map(e -> e.chunk().id())
        .toList();
  }

  private static double dot(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += (double) a[i] * b[i];
    }
    return s;
  }

  @Test
  void a_search_names_the_server_that_answered_it_without_credentials() {
    try (PgVectorStore store = TestData.store(ds, uniqueCollection("served"), D)) {
      store.write(corpus(10, 4));
      ServedHits served = store.hybridSearchServed(TestData.unit(D, 0), "deploys", 3, Filter.ALL);
      assertThat(served.hits()).hasSize(3);
      assertThat(served.server()).matches("primary \\([^@/?]+:\\d+\\)");
      ServedHits after =
          store.afterWrites().hybridSearchServed(TestData.unit(D, 0), "deploys", 3, Filter.ALL);
      assertThat(after.server()).startsWith("primary");
    }
  }
}
