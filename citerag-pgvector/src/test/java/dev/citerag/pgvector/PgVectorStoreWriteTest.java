package dev.citerag.pgvector;

import static dev.citerag.pgvector.TestData.chunk;
import static dev.citerag.pgvector.TestData.doc;
import static dev.citerag.pgvector.TestData.ids;
import static dev.citerag.pgvector.TestData.rows;
import static dev.citerag.pgvector.TestData.scalar;
import static dev.citerag.pgvector.TestData.unit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.StoreException;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.WriteResult;
import dev.citerag.testkit.postgres.PostgresTest;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** Idempotent, atomic writes on a real PostgreSQL. */
@PostgresTest
class PgVectorStoreWriteTest {
  private static final int D = 8;

  private final DataSource ds;

  PgVectorStoreWriteTest(DataSource ds) {
    this.ds = ds;
  }

  private static DocumentChunks version(String docId, String version, int... chunkNumbers) {
    List<EmbeddedChunk> cs = new ArrayList<>();
    for (int n : chunkNumbers) {
      cs.add(
          chunk(
              docId,
              n,
              "Document " + docId + " paragraph " + n + " about turbines.",
              Map.of("doc", docId, "version", version),
              TestData.blend(D, n % D, 1, (n + 1) % D, 0.3)));
    }
    return new DocumentChunks(docId, docId + "-" + version, cs);
  }

  /** (id, xmin, ctid) per chunk row: a rewritten row gets a new xmin and ctid. */
  private List<List<String>> rowVersions(String collection) throws SQLException {
    return rows(
        ds,
        "SELECT id, xmin::text, ctid::text, updated_at::text FROM "
            + collection
            + "_chunks ORDER BY id");
  }

  @Test
  void writing_unchanged_documents_again_touches_no_row() throws SQLException {
    String col = TestData.uniqueCollection("rewrite");
    try (PgVectorStore store = TestData.store(ds, col, D)) {
      List<DocumentChunks> docs = List.of(version("a", "v1", 1, 2, 3), version("b", "v1", 1, 2));
      assertThat(store.write(docs)).isEqualTo(new WriteResult(2, 0, 5, 0));
      List<List<String>> chunks = rowVersions(col);
      List<List<String>> documents =
          rows(
              ds,
              "SELECT doc_id, xmin::text, updated_at::text FROM " + col + "_documents ORDER BY 1");

      assertThat(store.write(docs)).isEqualTo(new WriteResult(0, 2, 0, 0));
      assertThat(rowVersions(col)).isEqualTo(chunks);
      assertThat(
              rows(
                  ds,
                  "SELECT doc_id, xmin::text, updated_at::text FROM "
                      + col
                      + "_documents ORDER BY 1"))
          .isEqualTo(documents);
    }
  }

  @Test
  void a_changed_document_deletes_exactly_its_stale_chunks_and_keeps_the_rest_untouched()
      throws SQLException {
    String col = TestData.uniqueCollection("change");
    try (PgVectorStore store = TestData.store(ds, col, D)) {
      store.write(List.of(version("a", "v1", 1, 2, 3), version("b", "v1", 1, 2)));
      Map<String, List<String>> before = byId(rowVersions(col));

      WriteResult r = store.write(List.of(version("a", "v1", 1, 2, 3), version("b", "v2", 2, 4)));
      assertThat(r).isEqualTo(new WriteResult(1, 1, 2, 1));
      Map<String, List<String>> after = byId(rowVersions(col));
      assertThat(after.keySet()).containsExactlyInAnyOrder("a#1", "a#2", "a#3", "b#2", "b#4");
      for (String untouched : List.of("a#1", "a#2", "a#3")) {
        assertThat(after.get(untouched)).as(untouched).isEqualTo(before.get(untouched));
      }
      // b#2 kept its id but its metadata (version) changed: replaced; b#1 stale: deleted; b#4 new
      assertThat(after.get("b#2")).isNotEqualTo(before.get("b#2"));
      assertThat(
              scalar(
                  ds,
                  "SELECT chunk_count || ' ' || content_hash FROM "
                      + col
                      + "_documents WHERE doc_id = 'b'"))
          .isEqualTo("2 b-v2");
      assertThat(ids(store.denseSearch(unit(D, 0), 10, Filter.eq("version", "v1"))))
          .containsExactlyInAnyOrder("a#1", "a#2", "a#3");
    }
  }

  @Test
  void an_identical_chunk_kept_by_a_changed_document_is_not_rewritten() throws SQLException {
    String col = TestData.uniqueCollection("keep");
    try (PgVectorStore store = TestData.store(ds, col, D)) {
      EmbeddedChunk same = chunk("a", 1, "Unchanged paragraph.", Map.of("k", "v"), unit(D, 1));
      store.write(
          List.of(
              doc("a", "v1", same, chunk("a", 2, "Old paragraph.", Map.of("k", "v"), unit(D, 2)))));
      Map<String, List<String>> before = byId(rowVersions(col));
      WriteResult r =
          store.write(
              List.of(
                  doc(
                      "a",
                      "v2",
                      same,
                      chunk("a", 3, "New paragraph.", Map.of("k", "v"), unit(D, 3)))));
      assertThat(r).isEqualTo(new WriteResult(1, 0, 1, 1));
      assertThat(byId(rowVersions(col)).get("a#1")).isEqualTo(before.get("a#1"));
    }
  }

  @Test
  void a_batch_failing_on_its_second_document_leaves_the_previous_state() throws SQLException {
    String col = TestData.uniqueCollection("fail");
    try (PgVectorStore store = TestData.store(ds, col, D)) {
      store.write(List.of(version("a", "v1", 1, 2), version("b", "v1", 1)));
      List<List<String>> before = rowVersions(col);
      // "c" claims the chunk id "b#1", which belongs to document b: the COPY violates the primary
      // key
      EmbeddedChunk stolen =
          new EmbeddedChunk(
              new dev.citerag.store.Chunk(
                  "b#1",
                  "c",
                  "src/c.md",
                  null,
                  List.of(),
                  null,
                  "Thief.",
                  1,
                  dev.citerag.text.internal.Hashing.sha256Hex("Thief."),
                  Map.of()),
              unit(D, 5));
      StoreException e =
          assertThrows(
              StoreException.class,
              () ->
                  store.write(
                      List.of(
                          version("a", "v2", 3, 4),
                          new DocumentChunks("c", "c-v1", List.of(stolen)))));
      assertThat(e.getMessage()).contains("b#1").contains("23505");

      assertThat(rowVersions(col)).isEqualTo(before);
      assertThat(store.documentHashes(List.of("a", "b", "c")))
          .isEqualTo(Map.of("a", "a-v1", "b", "b-v1"));
    }
  }

  @Test
  void a_connection_killed_mid_write_leaves_no_half_written_document() throws SQLException {
    String col = TestData.uniqueCollection("killed");
    try (PgVectorStore store = TestData.store(ds, col, D);
        PgVectorStore doomed =
            PgVectorStore.builder()
                .dataSource(killingBeforeDocumentsUpsert(ds))
                .collection(col)
                .dimensions(D)
                .build()) {
      store.write(List.of(version("a", "v1", 1, 2), version("b", "v1", 1)));
      List<List<String>> before = rowVersions(col);

      StoreException e =
          assertThrows(
              StoreException.class,
              () -> doomed.write(List.of(version("a", "v2", 5, 6, 7), version("z", "v1", 1, 2))));
      assertThat(e.getMessage()).contains("writing 2 documents").containsIgnoringCase("terminat");

      assertThat(rowVersions(col)).isEqualTo(before);
      assertThat(store.documentHashes(List.of("a", "b", "z")))
          .isEqualTo(Map.of("a", "a-v1", "b", "b-v1"));
      assertThat(store.chunkCount()).isEqualTo(3);
      // and the collection is writable afterwards
      assertThat(store.write(List.of(version("a", "v2", 5))).documentsWritten()).isEqualTo(1);
    }
  }

  /**
   * Connections whose backend is terminated (from another connection) just before the final upsert.
   */
  private static DataSource killingBeforeDocumentsUpsert(DataSource real) {
    return (DataSource)
        Proxy.newProxyInstance(
            DataSource.class.getClassLoader(),
            new Class<?>[] {DataSource.class},
            (proxy, method, args) -> {
              Object result = invoke(method, real, args);
              if (!method.getName().equals("getConnection")) {
                return result;
              }
              Connection c = (Connection) result;
              return Proxy.newProxyInstance(
                  Connection.class.getClassLoader(),
                  new Class<?>[] {Connection.class},
                  (p, m, a) -> {
                    if (m.getName().equals("prepareStatement")
                        && a != null
                        && a[0] instanceof String sql
                        && sql.contains("ON CONFLICT (doc_id)")) {
                      int pid;
                      try (Statement s = c.createStatement();
                          ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
                        rs.next();
                        pid = rs.getInt(1);
                      }
                      try (Connection killer = real.getConnection();
                          Statement s = killer.createStatement()) {
                        s.execute("SELECT pg_terminate_backend(" + pid + ")");
                        for (int i = 0; i < 100; i++) { // termination is asynchronous: wait for it
                          try (ResultSet gone =
                              s.executeQuery(
                                  "SELECT count(*) FROM pg_stat_activity WHERE pid = " + pid)) {
                            gone.next();
                            if (gone.getInt(1) == 0) {
                              break;
                            }
                          }
                          Thread.sleep(20);
                        }
                      }
                    }
                    return invoke(m, c, a);
                  });
            });
  }

  private static Object invoke(java.lang.reflect.Method m, Object target, Object[] args)
      throws Throwable {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  @Test
  void concurrent_writers_and_readers_never_see_half_a_document() throws Exception {
    String col = TestData.uniqueCollection("concurrent");
    try (PgVectorStore store = TestData.store(ds, col, D)) {
      List<String> docIds = List.of("d0", "d1", "d2", "d3", "d4", "d5");
      // version vN of a doc has N + 2 chunks (numbers N .. 2N+1), so every version has its own
      // chunk set
      store.write(docIds.stream().map(d -> versionN(d, 0)).toList());
      AtomicBoolean stop = new AtomicBoolean();
      ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
      AtomicInteger writes = new AtomicInteger();
      AtomicInteger reads = new AtomicInteger();
      ExecutorService pool = Executors.newFixedThreadPool(8);
      CountDownLatch go = new CountDownLatch(1);
      List<Future<?>> futures = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        int writer = w;
        futures.add(
            pool.submit(
                () -> {
                  Random r = new Random(writer);
                  await(go);
                  while (!stop.get()) {
                    // two docs per write, overlapping between writers: contention on the same
                    // documents
                    String x = docIds.get(r.nextInt(docIds.size()));
                    String y = docIds.get(r.nextInt(docIds.size()));
                    List<DocumentChunks> batch = new ArrayList<>();
                    batch.add(versionN(x, r.nextInt(5)));
                    if (!y.equals(x)) {
                      batch.add(versionN(y, r.nextInt(5)));
                    }
                    try {
                      store.write(batch);
                      writes.incrementAndGet();
                    } catch (Throwable t) {
                      failures.add(t);
                    }
                  }
                }));
      }
      for (int rd = 0; rd < 4; rd++) {
        int reader = rd;
        futures.add(
            pool.submit(
                () -> {
                  Random r = new Random(100 + reader);
                  await(go);
                  while (!stop.get()) {
                    String d = docIds.get(r.nextInt(docIds.size()));
                    try {
                      List<SearchHit> hits =
                          reader % 2 == 0
                              ? store.denseSearch(unit(D, r.nextInt(D)), 50, Filter.eq("doc", d))
                              : store.hybridSearch(
                                  unit(D, r.nextInt(D)),
                                  "turbines paragraph",
                                  50,
                                  Filter.eq("doc", d));
                      checkWholeVersion(d, hits);
                      reads.incrementAndGet();
                    } catch (Throwable t) {
                      failures.add(t);
                    }
                  }
                }));
      }
      go.countDown();
      Thread.sleep(2500);
      stop.set(true);
      for (Future<?> f : futures) {
        f.get(30, TimeUnit.SECONDS);
      }
      pool.shutdown();
      assertThat(failures).isEmpty();
      assertThat(writes.get()).isGreaterThan(10);
      assertThat(reads.get()).isGreaterThan(10);
      // the final state: each document holds exactly the chunks of its recorded version
      Map<String, String> hashes = store.documentHashes(docIds);
      long expected = 0;
      for (String d : docIds) {
        int n = Integer.parseInt(hashes.get(d).substring(hashes.get(d).lastIndexOf('v') + 1));
        checkWholeVersion(d, store.denseSearch(unit(D, 0), 50, Filter.eq("doc", d)));
        assertThat(store.denseSearch(unit(D, 0), 50, Filter.eq("doc", d))).hasSize(n + 2);
        expected += n + 2;
      }
      assertThat(store.chunkCount()).isEqualTo(expected);
    }
  }

  private static DocumentChunks versionN(String docId, int n) {
    int[] numbers = new int[n + 2];
    for (int i = 0; i < numbers.length; i++) {
      numbers[i] = n + i;
    }
    return version(docId, "v" + n, numbers);
  }

  private static void checkWholeVersion(String docId, List<SearchHit> hits) {
    Set<String> versions = new HashSet<>();
    hits.forEach(h -> versions.add(String.valueOf(h.chunk().metadata().get("version").asText())));
    assertThat(versions).as("versions of %s seen at once", docId).hasSize(1);
    int n = Integer.parseInt(versions.iterator().next().substring(1));
    assertThat(hits).as("chunks of %s v%d", docId, n).hasSize(n + 2);
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void a_bulk_load_into_an_empty_collection_builds_its_indexes_after_the_load()
      throws SQLException {
    String col = TestData.uniqueCollection("bulk");
    try (PgVectorStore store = TestData.store(ds, col, D)) {
      String indexOid = "SELECT to_regclass('" + col + "_chunks_hnsw')::oid::text";
      String created = scalar(ds, indexOid);
      Map<String, String> otherCreated = new java.util.HashMap<>();
      for (String suffix : List.of("_chunks_tsv", "_chunks_meta", "_chunks_doc")) {
        otherCreated.put(
            suffix, scalar(ds, "SELECT to_regclass('" + col + suffix + "')::oid::text"));
      }
      Random r = new Random(3);
      List<DocumentChunks> docs = new ArrayList<>();
      for (int d = 0; d < 60; d++) {
        List<EmbeddedChunk> cs = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
          cs.add(
              chunk(
                  "b" + d,
                  i,
                  "Bulk row " + d + "/" + i + ".",
                  Map.of("d", "b" + d),
                  TestData.random(r, D)));
        }
        docs.add(new DocumentChunks("b" + d, "v1", cs));
      }
      assertThat(store.write(docs)).isEqualTo(new WriteResult(60, 0, 1200, 0));
      String rebuilt = scalar(ds, indexOid);
      assertThat(rebuilt)
          .as("the index was dropped and built after the load")
          .isNotNull()
          .isNotEqualTo(created);
      assertThat(scalar(ds, "SELECT indisvalid::text FROM pg_index WHERE indexrelid = " + rebuilt))
          .isEqualTo("true");
      assertThat(scalar(ds, "SELECT pg_get_indexdef(" + rebuilt + ")"))
          .contains("USING hnsw (embedding vector_cosine_ops) WITH (m='16', ef_construction='64')");
      for (String[] other :
          new String[][] {
            {"_chunks_tsv", "USING gin (tsv)"},
            {"_chunks_meta", "USING gin (metadata jsonb_path_ops)"},
            {"_chunks_doc", "(doc_id)"}
          }) {
        String oid = scalar(ds, "SELECT to_regclass('" + col + other[0] + "')::oid::text");
        assertThat(oid)
            .as(other[0] + " was dropped and built after the load")
            .isNotNull()
            .isNotEqualTo(otherCreated.get(other[0]));
        assertThat(scalar(ds, "SELECT indisvalid::text FROM pg_index WHERE indexrelid = " + oid))
            .isEqualTo("true");
        assertThat(scalar(ds, "SELECT pg_get_indexdef(" + oid + ")")).contains(other[1]);
      }
      // the rebuilt full-text and metadata indexes serve searches
      assertThat(ids(store.lexicalSearch("row 7/3", 3, Filter.eq("d", "b7")))).contains("b7#3");

      // a later large write into the now non-empty collection maintains the same index
      List<DocumentChunks> more = new ArrayList<>();
      for (int d = 60; d < 112; d++) {
        List<EmbeddedChunk> cs = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
          cs.add(
              chunk(
                  "b" + d,
                  i,
                  "Bulk row " + d + "/" + i + ".",
                  Map.of("d", "b" + d),
                  TestData.random(r, D)));
        }
        more.add(new DocumentChunks("b" + d, "v1", cs));
      }
      store.write(more);
      assertThat(scalar(ds, indexOid)).isEqualTo(rebuilt);
      assertThat(store.chunkCount()).isEqualTo(2240);
      assertThat(
              store
                  .denseSearch(docs.get(7).chunks().get(3).vector(), 1, Filter.ALL)
                  .get(0)
                  .chunk()
                  .id())
          .isEqualTo("b7#3");
    }
  }

  @Test
  void a_document_that_now_has_no_chunks_keeps_its_hash_and_loses_its_chunks() throws SQLException {
    String col = TestData.uniqueCollection("emptied");
    try (PgVectorStore store = TestData.store(ds, col, D)) {
      store.write(List.of(version("a", "v1", 1, 2), version("b", "v1", 1)));
      assertThat(store.write(List.of(new DocumentChunks("a", "a-empty", List.of()))))
          .isEqualTo(new WriteResult(1, 0, 0, 2));
      assertThat(store.documentHashes(List.of("a"))).isEqualTo(Map.of("a", "a-empty"));
      assertThat(
              scalar(ds, "SELECT chunk_count::text FROM " + col + "_documents WHERE doc_id = 'a'"))
          .isEqualTo("0");
      assertThat(store.chunkCount()).isEqualTo(1);
      assertThat(store.write(List.of(new DocumentChunks("a", "a-empty", List.of()))))
          .isEqualTo(new WriteResult(0, 1, 0, 0));
    }
  }

  @Test
  void two_bulk_writers_racing_into_an_empty_collection_both_succeed() throws Exception {
    String col = TestData.uniqueCollection("race");
    try (PgVectorStore store = TestData.store(ds, col, D)) {
      ExecutorService pool = Executors.newFixedThreadPool(3);
      CountDownLatch go = new CountDownLatch(1);
      List<Future<WriteResult>> results = new ArrayList<>();
      for (int w = 0; w < 3; w++) {
        int writer = w;
        results.add(
            pool.submit(
                () -> {
                  Random r = new Random(writer);
                  List<DocumentChunks> docs = new ArrayList<>();
                  for (int d = 0; d < 55; d++) {
                    List<EmbeddedChunk> cs = new ArrayList<>();
                    for (int i = 0; i < 20; i++) {
                      cs.add(
                          chunk(
                              "w" + writer + "d" + d,
                              i,
                              "Race " + writer + "/" + d + "/" + i + ".",
                              Map.of(),
                              TestData.random(r, D)));
                    }
                    docs.add(new DocumentChunks("w" + writer + "d" + d, "v1", cs));
                  }
                  go.await();
                  return store.write(docs);
                }));
      }
      go.countDown();
      for (Future<WriteResult> f : results) {
        assertThat(f.get(60, TimeUnit.SECONDS)).isEqualTo(new WriteResult(55, 0, 1100, 0));
      }
      pool.shutdown();
      assertThat(store.chunkCount()).isEqualTo(3300);
      assertThat(
              scalar(
                  ds,
                  "SELECT count(*)::text FROM pg_index WHERE indexrelid = to_regclass('"
                      + col
                      + "_chunks_hnsw') AND indisvalid"))
          .isEqualTo("1");
    }
  }

  @Test
  void a_host_data_source_without_auto_commit_still_gets_every_write_committed()
      throws SQLException {
    String col = TestData.uniqueCollection("manual");
    DataSource manual =
        (DataSource)
            Proxy.newProxyInstance(
                DataSource.class.getClassLoader(),
                new Class<?>[] {DataSource.class},
                (proxy, method, args) -> {
                  Object result = invoke(method, ds, args);
                  if (result instanceof Connection c) {
                    c.setAutoCommit(false);
                  }
                  return result;
                });
    try (PgVectorStore store =
        PgVectorStore.builder().dataSource(manual).collection(col).dimensions(D).build()) {
      store.ensureIdentity(new dev.citerag.store.CollectionIdentity("p", "m", null, D, null, "s"));
      store.write(List.of(version("a", "v1", 1, 2)));
      assertThat(store.deleteDocument("a")).isTrue();
      store.write(List.of(version("b", "v1", 1)));
      assertThat(store.hybridSearch(unit(D, 1), "turbines", 5, Filter.ALL)).hasSize(1);
    }
    // seen from an ordinary connection: everything was committed
    assertThat(scalar(ds, "SELECT model FROM citerag_collections WHERE collection = '" + col + "'"))
        .isEqualTo("m");
    assertThat(scalar(ds, "SELECT string_agg(id, ',' ORDER BY id) FROM " + col + "_chunks"))
        .isEqualTo("b#1");
  }

  @Test
  void text_with_a_nul_character_and_all_zero_vectors_are_rejected_before_writing() {
    String col = TestData.uniqueCollection("reject");
    try (PgVectorStore store = TestData.store(ds, col, D)) {
      IllegalArgumentException nul =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  store.write(
                      List.of(
                          doc("a", "v1", chunk("a", 1, "bad \u0000 byte", Map.of(), unit(D, 0))))));
      assertThat(nul.getMessage()).contains("text of chunk \"a#1\"").contains("NUL");
      IllegalArgumentException zero =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  store.write(
                      List.of(
                          doc("a", "v1", chunk("a", 1, "zero vector", Map.of(), new float[D])))));
      assertThat(zero.getMessage()).contains("all zeros");
      assertThrows(
          IllegalArgumentException.class, () -> store.denseSearch(new float[D], 3, Filter.ALL));
      assertThrows(
          IllegalArgumentException.class,
          () -> store.write(List.of(version("a", "v1", 1), version("a", "v2", 2))));
      assertThat(store.chunkCount()).isZero();
    }
  }

  private static Map<String, List<String>> byId(List<List<String>> rows) {
    Map<String, List<String>> out = new java.util.HashMap<>();
    rows.forEach(r -> out.put(r.get(0), r));
    return out;
  }
}
