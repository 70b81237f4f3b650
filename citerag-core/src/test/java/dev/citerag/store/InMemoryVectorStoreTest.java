package dev.citerag.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.citerag.IdentityMismatchException;
import dev.citerag.store.internal.RankFusion;
import dev.citerag.text.internal.Hashing;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class InMemoryVectorStoreTest {

  // ------------------------------------------------------------------ helpers

  static Chunk chunk(String id, String docId, String text, Map<String, String> metadata) {
    return new Chunk(
        id,
        docId,
        docId,
        null,
        List.of(),
        null,
        text,
        text.length() / 4,
        Hashing.sha256Hex(text),
        MetadataValue.strings(metadata));
  }

  static Chunk titled(String id, String docId, String title, String text) {
    return new Chunk(
        id,
        docId,
        docId,
        title,
        List.of(),
        null,
        text,
        text.length() / 4,
        Hashing.sha256Hex(text),
        Map.of());
  }

  static EmbeddedChunk ec(Chunk c, float... v) {
    return new EmbeddedChunk(c, v);
  }

  static DocumentChunks doc(String docId, String hash, EmbeddedChunk... chunks) {
    return new DocumentChunks(docId, hash, List.of(chunks));
  }

  /** One document per chunk, vector (1, 0, 0) unless given. */
  static InMemoryVectorStore storeOfTexts(String... texts) {
    InMemoryVectorStore s = new InMemoryVectorStore(3);
    List<DocumentChunks> docs = new ArrayList<>();
    for (int i = 0; i < texts.length; i++) {
      docs.add(doc("d" + i, "h" + i, ec(chunk("c" + i, "d" + i, texts[i], Map.of()), 1, 0, 0)));
    }
    s.write(docs);
    return s;
  }

  static List<String> ids(List<SearchHit> hits) {
    return hits.stream().map(h -> h.chunk().id()).collect(Collectors.toList());
  }

  @Test
  void any_positive_k_returns_at_most_every_chunk_without_allocating_for_k() {
    InMemoryVectorStore s = storeOfTexts("alpha beta", "alpha gamma", "delta");
    for (int k : new int[] {Integer.MAX_VALUE, Integer.MAX_VALUE - 8, 1 << 30}) {
      assertEquals(3, s.denseSearch(new float[] {1, 0, 0}, k, Filter.ALL).size());
      assertEquals(2, s.lexicalSearch("alpha", k, Filter.ALL).size());
      assertEquals(3, s.hybridSearch(new float[] {1, 0, 0}, "alpha", k, Filter.ALL).size());
    }
  }

  // ------------------------------------------------------------------ lexical (BM25)

  @Test
  void bm25_scores_match_hand_computed_values() {
    // c0 "alpha beta" (|d| = 2), c1 "alpha alpha gamma" (|d| = 3), c2 "delta" (|d| = 1)
    // N = 3, avgdl = 6 / 3 = 2, k1 = 1.2, b = 0.75
    InMemoryVectorStore s = storeOfTexts("alpha beta", "alpha alpha gamma", "delta");

    List<SearchHit> hits = s.lexicalSearch("alpha", 10, Filter.ALL);
    // idf(alpha) = ln(1 + (3 - 2 + 0.5) / (2 + 0.5)) = ln(1.6)
    // c1: tf 2, |d| 3: 2 * 2.2 / (2 + 1.2 * (0.25 + 0.75 * 1.5)) = 4.4 / 3.65
    // c0: tf 1, |d| 2: 1 * 2.2 / (1 + 1.2 * (0.25 + 0.75 * 1.0)) = 2.2 / 2.2 = 1
    assertEquals(List.of("c1", "c0"), ids(hits));
    assertEquals(Math.log(1.6) * 4.4 / 3.65, hits.get(0).lexicalScore(), 1e-12);
    assertEquals(Math.log(1.6), hits.get(1).lexicalScore(), 1e-12);
    assertEquals(1, hits.get(0).lexicalRank());
    assertEquals(2, hits.get(1).lexicalRank());
    assertNull(hits.get(0).cosine());
    assertNull(hits.get(0).denseRank());

    List<SearchHit> two = s.lexicalSearch("delta alpha", 10, Filter.ALL);
    // idf(delta) = ln(1 + (3 - 1 + 0.5) / (1 + 0.5)) = ln(1 + 2.5 / 1.5)
    // c2: tf 1, |d| 1: 2.2 / (1 + 1.2 * (0.25 + 0.75 * 0.5)) = 2.2 / 1.75
    double c2 = Math.log(1 + 2.5 / 1.5) * 2.2 / 1.75;
    assertEquals(List.of("c2", "c1", "c0"), ids(two));
    assertEquals(c2, two.get(0).lexicalScore(), 1e-12);
  }

  @Test
  void lexical_search_returns_only_chunks_matching_a_query_term() {
    InMemoryVectorStore s = storeOfTexts("alpha beta", "gamma", "delta");
    assertEquals(List.of("c0"), ids(s.lexicalSearch("beta omega", 10, Filter.ALL)));
    assertTrue(s.lexicalSearch("omega", 10, Filter.ALL).isEmpty());
    assertTrue(s.lexicalSearch("", 10, Filter.ALL).isEmpty());
    assertTrue(s.lexicalSearch("the of and", 10, Filter.ALL).isEmpty());
    assertEquals(1, s.lexicalSearch("alpha beta gamma delta", 1, Filter.ALL).size());
  }

  @Test
  void lexical_index_covers_the_title() {
    InMemoryVectorStore s = new InMemoryVectorStore(3);
    s.write(
        List.of(doc("d", "h", ec(titled("c", "d", "Zeppelin handbook", "How to land."), 1, 0, 0))));
    assertEquals(List.of("c"), ids(s.lexicalSearch("zeppelin", 5, Filter.ALL)));
  }

  @Test
  void numbers_and_identifiers_match_lexically_as_whole_terms() {
    InMemoryVectorStore s =
        storeOfTexts(
            "The refund limit is 141.80 EUR per order.",
            "The fee is 0.015 per call.",
            "Rollbacks are run by deploy-bot.",
            "Limits: 141 orders, 80 refunds, fee 0.025, bot deploys nightly.");
    assertEquals(List.of("c0"), ids(s.lexicalSearch("what is the limit 141.80?", 1, Filter.ALL)));
    assertEquals(List.of("c0"), ids(s.lexicalSearch("141.80", 10, Filter.ALL)));
    assertEquals(List.of("c1"), ids(s.lexicalSearch("0.015", 10, Filter.ALL)));
    assertEquals("c2", s.lexicalSearch("who runs deploy-bot", 10, Filter.ALL).get(0).chunk().id());
  }

  // ------------------------------------------------------------------ dense

  @Test
  void cosine_ranking_matches_hand_checked_values() {
    InMemoryVectorStore s = new InMemoryVectorStore(3);
    s.write(
        List.of(
            doc(
                "d",
                "h",
                ec(chunk("same", "d", "x", Map.of()), 5, 0, 0),
                ec(chunk("diag", "d", "x", Map.of()), 3, 3, 0),
                ec(chunk("orth", "d", "x", Map.of()), 0, 0, 2),
                ec(chunk("opp", "d", "x", Map.of()), -1, 0, 0),
                ec(chunk("mix", "d", "x", Map.of()), 1, 2, 2))));
    List<SearchHit> hits = s.denseSearch(new float[] {2, 0, 0}, 5, Filter.ALL);
    // cosines with (1,0,0): 1, 1/sqrt(2), 1/3 (for (1,2,2), norm 3), 0, -1
    assertEquals(List.of("same", "diag", "mix", "orth", "opp"), ids(hits));
    assertEquals(1.0, hits.get(0).cosine(), 1e-6);
    assertEquals(Math.sqrt(0.5), hits.get(1).cosine(), 1e-6);
    assertEquals(1.0 / 3, hits.get(2).cosine(), 1e-6);
    assertEquals(0.0, hits.get(3).cosine(), 1e-6);
    assertEquals(-1.0, hits.get(4).cosine(), 1e-6);
    for (int i = 0; i < hits.size(); i++) {
      assertEquals(i + 1, hits.get(i).denseRank());
      assertNull(hits.get(i).lexicalRank());
    }
    assertEquals(List.of("same", "diag"), ids(s.denseSearch(new float[] {1, 0, 0}, 2, Filter.ALL)));
  }

  @Test
  void dense_search_is_exact_against_brute_force() {
    Random r = new Random(7);
    int d = 16;
    InMemoryVectorStore s = new InMemoryVectorStore(d);
    Map<String, float[]> vectors = new HashMap<>();
    List<DocumentChunks> docs = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      float[] v = randomVector(r, d);
      vectors.put("c" + i, v);
      docs.add(doc("d" + i, "h", ec(chunk("c" + i, "d" + i, "t", Map.of()), v)));
    }
    s.write(docs);
    for (int q = 0; q < 20; q++) {
      float[] query = randomVector(r, d);
      List<String> expected =
          vectors.entrySet().stream()
              .sorted((a, b) -> Double.compare(cos(query, b.getValue()), cos(query, a.getValue())))
              .limit(10)
              .map(Map.Entry::getKey)
              .collect(Collectors.toList());
      assertEquals(expected, ids(s.denseSearch(query, 10, Filter.ALL)));
    }
  }

  // ------------------------------------------------------------------ filters

  @Test
  void filters_restrict_dense_lexical_and_hybrid_results_exactly() {
    Random r = new Random(11);
    String[] teams = {"platform", "payments", "search", "infra"};
    String[] envs = {"prod", "staging"};
    InMemoryVectorStore s = new InMemoryVectorStore(8);
    List<Chunk> all = new ArrayList<>();
    List<DocumentChunks> docs = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      Map<String, String> meta = new HashMap<>();
      meta.put("team", teams[r.nextInt(teams.length)]);
      if (r.nextInt(5) > 0) {
        meta.put("env", envs[r.nextInt(envs.length)]);
      }
      Chunk c = chunk("c" + i, "d" + i, "common word " + i, meta);
      all.add(c);
      docs.add(doc("d" + i, "h", ec(c, randomVector(r, 8))));
    }
    s.write(docs);
    // delete a few, so the filter must also respect tombstones
    for (int i = 0; i < 200; i += 17) {
      s.deleteDocument("d" + i);
    }
    Set<String> deleted = new HashSet<>();
    for (int i = 0; i < 200; i += 17) {
      deleted.add("c" + i);
    }
    List<Filter> filters =
        List.of(
            Filter.ALL,
            Filter.eq("team", "platform"),
            Filter.eq("team", "nobody"),
            Filter.eq("missing", "x"),
            Filter.in("team", "platform", "search"),
            Filter.and(Filter.eq("team", "payments"), Filter.eq("env", "prod")),
            Filter.or(Filter.eq("team", "infra"), Filter.eq("env", "staging")),
            Filter.or(Filter.eq("team", "infra"), Filter.ALL),
            Filter.and(Filter.ALL, Filter.in("env", Set.of("prod"))),
            Filter.and(
                Filter.or(Filter.eq("team", "platform"), Filter.eq("team", "search")),
                Filter.in("env", "staging")));
    float[] q = randomVector(r, 8);
    for (Filter f : filters) {
      Set<String> expected =
          all.stream()
              .filter(c -> f.test(c.metadata()) && !deleted.contains(c.id()))
              .map(Chunk::id)
              .collect(Collectors.toSet());
      assertEquals(expected, new HashSet<>(ids(s.denseSearch(q, 1000, f))), "dense " + f);
      assertEquals(
          expected, new HashSet<>(ids(s.lexicalSearch("common", 1000, f))), "lexical " + f);
      assertEquals(
          expected, new HashSet<>(ids(s.hybridSearch(q, "common", 1000, f))), "hybrid " + f);
    }
  }

  // ------------------------------------------------------------------ hybrid

  @Test
  void hybrid_equals_rank_fusion_of_both_lists_with_cosines_filled() {
    Random r = new Random(3);
    InMemoryVectorStore s = new InMemoryVectorStore(8);
    List<DocumentChunks> docs = new ArrayList<>();
    String[] words = {"deploy", "rollback", "fee", "refund", "limit", "window", "bot", "alert"};
    for (int i = 0; i < 120; i++) {
      String text =
          words[r.nextInt(words.length)] + " " + words[r.nextInt(words.length)] + " n" + i;
      docs.add(
          doc(
              "d" + i,
              "h",
              ec(
                  chunk("c" + i, "d" + i, text, Map.of("p", i % 2 == 0 ? "even" : "odd")),
                  randomVector(r, 8))));
    }
    s.write(docs);
    float[] q = randomVector(r, 8);
    for (Filter f : List.of(Filter.ALL, Filter.eq("p", "even"))) {
      for (int k : new int[] {1, 5, 12}) {
        int n = RankFusion.candidatesFor(k);
        List<SearchHit> dense = s.denseSearch(q, n, f);
        List<SearchHit> lexical = s.lexicalSearch("rollback fee", n, f);
        List<SearchHit> lexicalWithCosines = s.withCosines(q, lexical);
        List<SearchHit> expected = RankFusion.fuse(dense, lexicalWithCosines, k);
        List<SearchHit> hybrid = s.hybridSearch(q, "rollback fee", k, f);
        assertEquals(expected, hybrid);
        for (SearchHit h : hybrid) {
          assertNotNull(h.cosine(), "every hybrid hit carries its cosine: " + h.chunk().id());
        }
      }
    }
    // a hit found only lexically gets its true cosine
    List<SearchHit> lexical = s.lexicalSearch("n77", 5, Filter.ALL);
    assertEquals(List.of("c77"), ids(lexical));
    double cosine = s.withCosines(q, lexical).get(0).cosine();
    SearchHit denseOf77 =
        s.denseSearch(q, 1000, Filter.ALL).stream()
            .filter(h -> h.chunk().id().equals("c77"))
            .findFirst()
            .orElseThrow();
    assertEquals(denseOf77.cosine(), cosine, 0.0);
  }

  // ------------------------------------------------------------------ identity

  @Test
  void records_the_first_identity_and_rejects_a_different_one() {
    InMemoryVectorStore s = new InMemoryVectorStore(384);
    assertTrue(s.identity().isEmpty());
    CollectionIdentity a =
        new CollectionIdentity("local", "hashing-v1", null, 384, null, "markdown-v1:max=300");
    s.ensureIdentity(a);
    s.ensureIdentity(a);
    assertEquals(a, s.identity().orElseThrow());
    CollectionIdentity b =
        new CollectionIdentity(
            "ollama", "nomic-embed-text", "sha256:ab", 384, null, "markdown-v1:max=300");
    IdentityMismatchException e =
        assertThrows(IdentityMismatchException.class, () -> s.ensureIdentity(b));
    assertThat(e.getMessage())
        .contains("embeddingProvider: stored local vs requested ollama")
        .contains("embeddingModel")
        .contains("modelDigest")
        .contains("create a new collection and re-embed");
    assertEquals(a, s.identity().orElseThrow());
  }

  @Test
  void rejects_an_identity_of_other_dimensions() {
    InMemoryVectorStore s = new InMemoryVectorStore(384);
    CollectionIdentity wide =
        new CollectionIdentity("gemini", "gemini-embedding-001", null, 768, null, "x");
    assertThat(assertThrows(IllegalArgumentException.class, () -> s.ensureIdentity(wide)))
        .hasMessageContaining("identity.dimensions");
  }

  // ------------------------------------------------------------------ writes

  @Test
  void write_replaces_a_document_and_skips_an_unchanged_one() {
    InMemoryVectorStore s = new InMemoryVectorStore(3);
    WriteResult first =
        s.write(
            List.of(
                doc(
                    "a",
                    "h1",
                    ec(chunk("a1", "a", "old alpha", Map.of()), 1, 0, 0),
                    ec(chunk("a2", "a", "kept", Map.of()), 0, 1, 0)),
                doc("b", "hb", ec(chunk("b1", "b", "beta", Map.of()), 0, 0, 1))));
    assertEquals(new WriteResult(2, 0, 3, 0), first);
    assertEquals(3, s.chunkCount());
    assertEquals(Map.of("a", "h1", "b", "hb"), s.documentHashes(List.of("a", "b", "zzz")));

    assertEquals(
        new WriteResult(0, 1, 0, 0),
        s.write(List.of(doc("a", "h1", ec(chunk("a9", "a", "ignored", Map.of()), 1, 0, 0)))));
    assertEquals(3, s.chunkCount());

    WriteResult replace =
        s.write(
            List.of(
                doc(
                    "a",
                    "h2",
                    ec(chunk("a2", "a", "kept", Map.of()), 0, 1, 0),
                    ec(chunk("a3", "a", "new gamma", Map.of()), 1, 0, 0))));
    assertEquals(new WriteResult(1, 0, 2, 1), replace);
    assertEquals(3, s.chunkCount());
    assertEquals(Map.of("a", "h2"), s.documentHashes(List.of("a")));
    assertTrue(s.lexicalSearch("alpha", 10, Filter.ALL).isEmpty());
    assertEquals(List.of("a3"), ids(s.lexicalSearch("gamma", 10, Filter.ALL)));
    assertEquals(
        Set.of("a2", "a3", "b1"),
        new HashSet<>(ids(s.denseSearch(new float[] {1, 1, 1}, 10, Filter.ALL))));
  }

  @Test
  void delete_removes_a_document_and_all_its_chunks() {
    InMemoryVectorStore s = new InMemoryVectorStore(3);
    s.write(
        List.of(
            doc(
                "a",
                "h",
                ec(chunk("a1", "a", "alpha", Map.of()), 1, 0, 0),
                ec(chunk("a2", "a", "alpha two", Map.of()), 1, 1, 0)),
            doc("b", "h", ec(chunk("b1", "b", "alpha beta", Map.of()), 0, 1, 0))));
    assertTrue(s.deleteDocument("a"));
    assertFalse(s.deleteDocument("a"));
    assertEquals(1, s.chunkCount());
    assertEquals(List.of("b1"), ids(s.lexicalSearch("alpha", 10, Filter.ALL)));
    assertEquals(List.of("b1"), ids(s.denseSearch(new float[] {1, 0, 0}, 10, Filter.ALL)));
    assertEquals(Map.of(), s.documentHashes(List.of("a")));
    // written again after a delete, the same hash is not skipped
    assertEquals(
        1,
        s.write(List.of(doc("a", "h", ec(chunk("a1", "a", "alpha", Map.of()), 1, 0, 0))))
            .documentsWritten());
  }

  @Test
  void a_document_with_no_chunks_records_its_hash() {
    InMemoryVectorStore s = new InMemoryVectorStore(3);
    assertEquals(
        new WriteResult(1, 0, 0, 0), s.write(List.of(new DocumentChunks("empty", "h", List.of()))));
    assertEquals(Map.of("empty", "h"), s.documentHashes(List.of("empty")));
    assertEquals(0, s.chunkCount());
  }

  @Test
  void dead_slots_are_compacted_and_do_not_leak() {
    InMemoryVectorStore s = new InMemoryVectorStore(4);
    s.write(
        List.of(
            doc(
                "stable",
                "h",
                ec(chunk("s1", "stable", "steady text", Map.of("k", "v")), 0, 0, 0, 1))));
    for (int v = 0; v < 1000; v++) {
      s.write(
          List.of(
              doc(
                  "hot",
                  "h" + v,
                  ec(
                      chunk("x" + v, "hot", "version " + v + " alpha", Map.of("k", "v")),
                      1,
                      v % 7,
                      0,
                      0),
                  ec(
                      chunk("y" + v, "hot", "version " + v + " beta", Map.of("k", "w")),
                      0,
                      1,
                      v % 5,
                      0))));
      assertThat(s.slotsInUse()).isLessThanOrEqualTo(3 + InMemoryVectorStore.COMPACT_MIN_DEAD * 2);
    }
    assertEquals(3, s.chunkCount());
    assertEquals(
        Set.of("x999", "y999", "s1"),
        new HashSet<>(ids(s.denseSearch(new float[] {1, 1, 1, 1}, 10, Filter.ALL))));
    assertEquals(List.of("x999"), ids(s.lexicalSearch("alpha", 10, Filter.eq("k", "v"))));
    assertEquals(List.of("y999"), ids(s.lexicalSearch("beta version", 10, Filter.eq("k", "w"))));
    assertTrue(s.deleteDocument("hot"));
    assertTrue(s.deleteDocument("stable"));
    assertEquals(0, s.slotsInUse());
    assertEquals(0, s.chunkCount());
  }

  @Test
  void results_after_compaction_equal_a_freshly_built_store() {
    Random r = new Random(5);
    int d = 8;
    InMemoryVectorStore churned = new InMemoryVectorStore(d);
    Map<String, DocumentChunks> current = new java.util.LinkedHashMap<>();
    for (int step = 0; step < 2000; step++) {
      String docId = "d" + r.nextInt(60);
      if (r.nextInt(4) == 0) {
        churned.deleteDocument(docId);
        current.remove(docId);
        continue;
      }
      int n = 1 + r.nextInt(3);
      List<EmbeddedChunk> cs = new ArrayList<>();
      for (int j = 0; j < n; j++) {
        String text = "w" + r.nextInt(30) + " w" + r.nextInt(30) + " s" + step + "j" + j;
        cs.add(
            ec(
                chunk(docId + "-" + step + "-" + j, docId, text, Map.of("g", "g" + r.nextInt(3))),
                randomVector(r, d)));
      }
      DocumentChunks dc = new DocumentChunks(docId, "h" + step, cs);
      churned.write(List.of(dc));
      current.remove(docId);
      current.put(docId, dc); // re-inserted documents go last, as in the store
    }
    InMemoryVectorStore fresh = new InMemoryVectorStore(d);
    fresh.write(new ArrayList<>(current.values()));
    assertEquals(fresh.chunkCount(), churned.chunkCount());
    assertThat(churned.slotsInUse())
        .isLessThan((int) churned.chunkCount() * 2 + InMemoryVectorStore.COMPACT_MIN_DEAD);
    for (int q = 0; q < 20; q++) {
      float[] query = randomVector(r, d);
      String text = "w" + r.nextInt(30) + " w" + r.nextInt(30);
      Filter f = q % 2 == 0 ? Filter.ALL : Filter.eq("g", "g1");
      assertEquals(fresh.denseSearch(query, 15, f), churned.denseSearch(query, 15, f));
      assertEquals(fresh.lexicalSearch(text, 15, f), churned.lexicalSearch(text, 15, f));
      assertEquals(
          fresh.hybridSearch(query, text, 15, f), churned.hybridSearch(query, text, 15, f));
    }
  }

  // ------------------------------------------------------------------ bad input

  @Test
  void rejects_bad_vectors_and_arguments_naming_the_field() {
    InMemoryVectorStore s = new InMemoryVectorStore(3);
    assertThat(assertThrows(IllegalArgumentException.class, () -> new InMemoryVectorStore(0)))
        .hasMessageContaining("dimensions");
    assertThat(
            assertThrows(
                IllegalArgumentException.class,
                () -> s.write(List.of(doc("a", "h", ec(chunk("a1", "a", "t", Map.of()), 1, 0))))))
        .hasMessageContaining("documents[0].chunks[0].vector must have 3 dimensions, was 2");
    assertThat(
            assertThrows(
                IllegalArgumentException.class,
                () -> s.denseSearch(new float[] {1, 0}, 5, Filter.ALL)))
        .hasMessageContaining("queryVector must have 3 dimensions, was 2");
    assertThat(
            assertThrows(
                IllegalArgumentException.class,
                () -> s.denseSearch(new float[] {1, Float.NaN, 0}, 5, Filter.ALL)))
        .hasMessageContaining("queryVector[1] must be a finite number");
    assertThat(
            assertThrows(
                IllegalArgumentException.class,
                () ->
                    s.hybridSearch(
                        new float[] {Float.POSITIVE_INFINITY, 0, 0}, "x", 5, Filter.ALL)))
        .hasMessageContaining("queryVector[0]");
    assertThat(
            assertThrows(IllegalArgumentException.class, () -> s.denseSearch(null, 5, Filter.ALL)))
        .hasMessageContaining("queryVector");
    assertThat(
            assertThrows(
                IllegalArgumentException.class,
                () -> s.denseSearch(new float[] {1, 0, 0}, 0, Filter.ALL)))
        .hasMessageContaining("k must be > 0");
    assertThat(assertThrows(IllegalArgumentException.class, () -> s.lexicalSearch("x", 5, null)))
        .hasMessageContaining("filter");
    assertThat(
            assertThrows(
                IllegalArgumentException.class, () -> s.lexicalSearch(null, 5, Filter.ALL)))
        .hasMessageContaining("queryText");
    // a non-finite stored vector cannot even be built
    assertThrows(
        IllegalArgumentException.class, () -> ec(chunk("a1", "a", "t", Map.of()), 1, Float.NaN, 0));
  }

  @Test
  void rejects_duplicate_documents_and_chunk_ids_owned_by_another_document() {
    InMemoryVectorStore s = new InMemoryVectorStore(3);
    s.write(List.of(doc("a", "h", ec(chunk("shared", "a", "t", Map.of()), 1, 0, 0))));
    assertThat(
            assertThrows(
                IllegalArgumentException.class,
                () ->
                    s.write(
                        List.of(doc("b", "h", ec(chunk("shared", "b", "t", Map.of()), 1, 0, 0))))))
        .hasMessageContaining("chunk id \"shared\"")
        .hasMessageContaining("already belongs to document \"a\"");
    assertThat(
            assertThrows(
                IllegalArgumentException.class,
                () ->
                    s.write(
                        List.of(
                            doc("c", "h", ec(chunk("c1", "c", "t", Map.of()), 1, 0, 0)),
                            doc("c", "h2", ec(chunk("c2", "c", "t", Map.of()), 1, 0, 0))))))
        .hasMessageContaining("documents[].docId must be unique");
    assertEquals(1, s.chunkCount(), "a rejected write changes nothing");
    // moving a chunk id from a to b is fine when a is rewritten in the same batch
    s.write(
        List.of(
            doc("a", "h2", ec(chunk("a-new", "a", "t", Map.of()), 1, 0, 0)),
            doc("b", "h", ec(chunk("shared", "b", "t", Map.of()), 1, 0, 0))));
    assertEquals(Map.of("a", "h2", "b", "h"), s.documentHashes(List.of("a", "b")));
  }

  @Test
  void stores_a_zero_vector_whose_cosine_is_zero() {
    InMemoryVectorStore s = new InMemoryVectorStore(3);
    s.write(List.of(doc("a", "h", ec(chunk("z", "a", "nothing", Map.of()), 0, 0, 0))));
    assertEquals(0.0, s.denseSearch(new float[] {1, 0, 0}, 1, Filter.ALL).get(0).cosine());
  }

  // ------------------------------------------------------------------ utilities

  static float[] randomVector(Random r, int d) {
    float[] v = new float[d];
    for (int i = 0; i < d; i++) {
      v[i] = (float) r.nextGaussian();
    }
    return v;
  }

  static double cos(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += (double) a[i] * b[i];
      na += (double) a[i] * a[i];
      nb += (double) b[i] * b[i];
    }
    return dot / Math.sqrt(na * nb);
  }
}
