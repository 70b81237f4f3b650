package dev.citerag.pgvector;

import static dev.citerag.pgvector.TestData.blend;
import static dev.citerag.pgvector.TestData.chunk;
import static dev.citerag.pgvector.TestData.ids;
import static dev.citerag.pgvector.TestData.unit;
import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import dev.citerag.store.internal.RankFusion;
import dev.citerag.testkit.postgres.PostgresTest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Searches on a real PostgreSQL: hybrid fusion in SQL, OR-semantics lexical search, selective
 * filters.
 */
@PostgresTest
class PgVectorStoreSearchTest {
  private static final int D = 16;
  private static PgVectorStore store;
  private static PgVectorStore selective;
  private static List<EmbeddedChunk> selectiveChunks;

  @BeforeAll
  static void load(DataSource ds) {
    store = TestData.store(ds, "search", D);
    List<EmbeddedChunk> limits = new ArrayList<>();
    // dense neighbours of the query (axis 0) that talk about lead without the number
    for (int i = 0; i < 8; i++) {
      limits.add(
          chunk(
              "water",
              i,
              "Drinking water guidance, part " + i + ". Flush the pipes before sampling.",
              Map.of("team", i % 2 == 0 ? "water" : "pipes"),
              blend(D, 0, 1, 1 + i, 0.1 + 0.05 * i)));
    }
    // the chunk that holds the limit: lexically exact, densely far from the question
    limits.add(
        chunk(
            "water",
            8,
            "Table 3: lead action level 0.010 mg/L; copper 1.3 mg/L.",
            Map.of("team", "water"),
            blend(D, 0, -0.2, 12, 1)));
    // lexically matching, outside the filter used below
    limits.add(
        chunk(
            "water",
            9,
            "Archived memo: the old lead level was 0.015 mg/L.",
            Map.of("team", "archive"),
            blend(D, 0, 0.3, 13, 1)));
    store.write(List.of(new DocumentChunks("water", "v1", limits)));

    // 5,000 rows of which 50 carry the rare label: a 1 % filter
    selective = TestData.store(ds, "selective", D);
    Random r = new Random(7);
    selectiveChunks = new ArrayList<>();
    List<DocumentChunks> docs = new ArrayList<>();
    for (int d = 0; d < 250; d++) {
      List<EmbeddedChunk> cs = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        int n = d * 20 + i;
        String bucket = n % 100 == 0 ? "rare" : "common";
        EmbeddedChunk c =
            chunk(
                "s" + d,
                i,
                "Selective row " + n + " in bucket " + bucket + ".",
                Map.of("bucket", bucket, "group", "g" + (n % 2)),
                TestData.random(r, D));
        cs.add(c);
        selectiveChunks.add(c);
      }
      docs.add(new DocumentChunks("s" + d, "v1", cs));
    }
    selective.write(docs);
  }

  @AfterAll
  static void close() {
    store.close();
    selective.close();
  }

  @Test
  void hybrid_brings_up_the_chunk_with_the_number_that_dense_ranks_low() {
    float[] question = unit(D, 0);
    String text = "What is the lead action level in mg/L? 0.010";
    List<SearchHit> dense = store.denseSearch(question, 10, Filter.ALL);
    assertThat(ids(dense).indexOf("water#8"))
        .as("dense alone ranks the limit low")
        .isGreaterThanOrEqualTo(8);

    List<SearchHit> hybrid = store.hybridSearch(question, text, 3, Filter.ALL);
    assertThat(ids(hybrid).get(0)).isEqualTo("water#8");
    SearchHit limit =
        hybrid.stream().filter(h -> h.chunk().id().equals("water#8")).findFirst().orElseThrow();
    assertThat(limit.lexicalRank()).isEqualTo(1);
    assertThat(limit.denseRank()).isNotNull();
    assertThat(limit.cosine()).isLessThan(0.0);
    assertThat(hybrid).isSortedAccordingTo(RankFusion.ORDER);
  }

  @Test
  void hybrid_in_one_statement_equals_rank_fusion_of_the_separate_searches() {
    Random r = new Random(11);
    List<Filter> filters =
        List.of(Filter.ALL, Filter.eq("team", "water"), Filter.in("team", "water", "archive"));
    List<String> texts =
        List.of(
            "lead action level 0.010 mg/L",
            "copper",
            "flush pipes sampling guidance",
            "the of and",
            "");
    for (int trial = 0; trial < 6; trial++) {
      float[] q = TestData.random(r, D);
      for (Filter f : filters) {
        for (String text : texts) {
          for (int k : new int[] {1, 4, 20}) {
            int n = RankFusion.candidatesFor(k);
            List<SearchHit> expected =
                RankFusion.fuse(
                    store.denseSearch(q, n, f),
                    store.withCosines(q, store.lexicalSearch(text, n, f)),
                    k);
            assertThat(store.hybridSearch(q, text, k, f))
                .as("k=%d, filter=%s, text=%s", k, f, text)
                .isEqualTo(expected);
          }
        }
      }
    }
  }

  @Test
  void lexical_search_matches_any_query_term_and_ranks_chunks_with_more_of_them_first() {
    List<SearchHit> hits = store.lexicalSearch("copper flush", 20, Filter.ALL);
    // "copper" is only in lead#8; "flush" in the eight guidance chunks: OR semantics finds all nine
    assertThat(ids(hits)).hasSize(9).contains("water#8");
    assertThat(hits).allSatisfy(h -> assertThat(h.lexicalScore()).isPositive());
    assertThat(hits).extracting(SearchHit::lexicalRank).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9);
    assertThat(hits).extracting(SearchHit::cosine).containsOnlyNulls();
    List<Double> scores = hits.stream().map(SearchHit::lexicalScore).collect(Collectors.toList());
    assertThat(scores).isSortedAccordingTo(Comparator.reverseOrder());
  }

  @Test
  void punctuation_quotes_and_tsquery_operators_in_the_question_are_only_words() {
    List<String> nasty =
        List.of(
            "lead' | copper",
            "0.010 & !copper",
            "'''' \\\\ \"lead\" (copper) <-> :* !",
            "lead'); DROP TABLE search_chunks; --",
            "O'Brien's lead-free pipes? http://x.example/a?b&c=d",
            "&&&|||!!!",
            "\u00e9t\u00e9 \u6c34 lead");
    for (String q : nasty) {
      List<SearchHit> lexical = store.lexicalSearch(q, 20, Filter.ALL);
      assertThat(lexical).as(q).allSatisfy(h -> assertThat(h.lexicalRank()).isNotNull());
      store.hybridSearch(unit(D, 0), q, 5, Filter.ALL);
    }
    assertThat(ids(store.lexicalSearch("lead' | copper", 20, Filter.ALL)))
        .containsExactly("water#8", "water#9");
    assertThat(store.lexicalSearch("&&&|||!!!", 20, Filter.ALL)).isEmpty();
    assertThat(store.chunkCount()).isEqualTo(10);
  }

  @Test
  void filter_values_and_keys_are_data_never_sql() {
    List<Filter> attacks =
        List.of(
            Filter.eq("team", "water' OR '1'='1"),
            Filter.eq("team", "x\"}' ; DROP TABLE search_chunks; --"),
            Filter.in("team", "water\\", "\"water\"", "archive'--"),
            Filter.eq("team.x", "water"),
            Filter.eq("x-y", "\u0000".replace('\u0000', ' ') + "water"));
    for (Filter f : attacks) {
      assertThat(store.denseSearch(unit(D, 0), 20, f)).as(f.toString()).isEmpty();
      assertThat(store.lexicalSearch("lead", 20, f)).as(f.toString()).isEmpty();
      assertThat(store.hybridSearch(unit(D, 0), "lead", 20, f)).as(f.toString()).isEmpty();
    }
    assertThat(store.chunkCount()).isEqualTo(10);
    assertThat(ids(store.denseSearch(unit(D, 0), 20, Filter.eq("team", "water")))).hasSize(5);
  }

  @Test
  void a_one_percent_filter_still_returns_k_rows_and_they_are_the_nearest() {
    Random r = new Random(5);
    Filter rare = Filter.eq("bucket", "rare");
    for (int trial = 0; trial < 10; trial++) {
      float[] q = TestData.random(r, D);
      List<String> exact = exactNearest(q, rare, 10);
      List<SearchHit> dense = selective.denseSearch(q, 10, rare);
      assertThat(ids(dense)).isEqualTo(exact);
      List<SearchHit> hybrid = selective.hybridSearch(q, "selective row", 10, rare);
      assertThat(hybrid)
          .hasSize(10)
          .allSatisfy(
              h ->
                  assertThat(h.chunk().metadata())
                      .containsEntry("bucket", MetadataValue.of("rare")));
      assertThat(selective.lexicalSearch("selective", 60, rare)).hasSize(50);
    }
  }

  @Test
  void a_broad_filter_walks_the_hnsw_index_and_still_returns_k_rows_inside_the_filter(DataSource ds)
      throws Exception {
    Random r = new Random(9);
    Filter half = Filter.eq("group", "g1"); // 2,500 of 5,000 rows: too many for the exact path
    long scansBefore = hnswScans(ds);
    int agree = 0;
    for (int trial = 0; trial < 10; trial++) {
      float[] q = TestData.random(r, D);
      List<SearchHit> dense = selective.denseSearch(q, 10, half);
      assertThat(dense)
          .hasSize(10)
          .allSatisfy(
              h -> assertThat(h.chunk().metadata()).containsEntry("group", MetadataValue.of("g1")));
      List<String> exact = exactNearest(q, half, 10);
      agree += (int) ids(dense).stream().filter(exact::contains).count();
      assertThat(selective.hybridSearch(q, "selective", 10, half))
          .hasSize(10)
          .allSatisfy(
              h -> assertThat(h.chunk().metadata()).containsEntry("group", MetadataValue.of("g1")));
    }
    assertThat(agree).as("recall@10 over 10 queries, in 100 slots").isGreaterThanOrEqualTo(90);
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (hnswScans(ds) < scansBefore + 20 && System.nanoTime() < deadline) {
      Thread.sleep(100); // index statistics are flushed by the server within a second or so
    }
    assertThat(hnswScans(ds)).as("HNSW index scans").isGreaterThanOrEqualTo(scansBefore + 20);
  }

  private static long hnswScans(DataSource ds) throws java.sql.SQLException {
    String n =
        TestData.scalar(
            ds,
            "SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = 'selective_chunks_hnsw'");
    return n == null ? 0 : Long.parseLong(n);
  }

  @Test
  void a_lexeme_found_in_most_chunks_does_not_make_every_chunk_a_candidate(DataSource ds)
      throws Exception {
    try (PgVectorStore common = TestData.store(ds, "common", 4)) {
      Random r = new Random(13);
      List<DocumentChunks> docs = new ArrayList<>();
      for (int d = 0; d < 100; d++) {
        List<EmbeddedChunk> cs = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
          String extra = d < 3 && i == 0 ? " A rarity worth finding." : "";
          cs.add(
              chunk(
                  "c" + d,
                  i,
                  "Ubiquitous filler sentence " + i + "." + extra,
                  Map.of(),
                  TestData.random(r, 4)));
        }
        docs.add(new DocumentChunks("c" + d, "v1", cs));
      }
      common.write(docs);
      // before statistics exist every lexeme selects candidates: any chunk matches "ubiquitous"
      assertThat(common.lexicalSearch("ubiquitous rarity", 50, Filter.ALL)).hasSize(50);
      TestData.execute(ds, "ANALYZE common_chunks");
      // with statistics, "ubiquitous" (in every chunk) only ranks the chunks "rarity" finds
      assertThat(ids(common.lexicalSearch("ubiquitous rarity", 50, Filter.ALL)))
          .containsExactlyInAnyOrder("c0#0", "c1#0", "c2#0");
      // alone, the common lexeme still finds chunks
      assertThat(common.lexicalSearch("ubiquitous", 50, Filter.ALL)).hasSize(50);
      assertThat(
              common
                  .hybridSearch(TestData.random(r, 4), "ubiquitous rarity", 3, Filter.ALL)
                  .stream()
                  .filter(SearchHit::matchedLexically)
                  .map(h -> h.chunk().id()))
          .allSatisfy(id -> assertThat(id).endsWith("#0"));
    }
  }

  private static List<String> exactNearest(float[] q, Filter f, int k) {
    return selectiveChunks.stream()
        .filter(c -> f.test(c.chunk().metadata()))
        .sorted(
            Comparator.comparingDouble((EmbeddedChunk c) -> -dot(q, c.vector()))
                .thenComparing(c -> c.chunk().id()))
        .limit(k)
        .map(c -> c.chunk().id())
        .collect(Collectors.toList());
  }

  private static double dot(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += (double) a[i] * b[i];
    }
    return s;
  }
}
