package dev.citerag.testkit.store;

import static dev.citerag.testkit.store.VectorStoreContract.D;
import static dev.citerag.testkit.store.VectorStoreContract.embedded;
import static dev.citerag.testkit.store.VectorStoreContract.ids;
import static dev.citerag.testkit.store.VectorStoreContract.mix;
import static dev.citerag.testkit.store.VectorStoreContract.negated;
import static dev.citerag.testkit.store.VectorStoreContract.unit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.citerag.embed.internal.Vectors;
import dev.citerag.store.Chunk;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import dev.citerag.store.VectorStore;
import dev.citerag.store.WriteResult;
import dev.citerag.store.internal.RankFusion;
import dev.citerag.text.internal.Hashing;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The round-trip and ranking part of {@link VectorStoreContract}: each method is the body of the
 * contract test of the same name, run on a fresh store.
 */
final class SearchChecks {

  /** Cosines are compared within this (stores compute in float). */
  private static final double EPS = 1e-5;

  private SearchChecks() {}

  static void written_chunks_come_back_intact_from_every_search(VectorStore store) {
    Chunk full =
        new Chunk(
            "doc-1#0",
            "doc-1",
            "handbook/keys.md",
            "Key rotation",
            List.of("Security", "Keys"),
            3,
            "Key rotation. Rotate signing keys every 90 days.",
            12,
            Hashing.sha256Hex("Key rotation. Rotate signing keys every 90 days."),
            MetadataValue.strings(Map.of("team", "platform", "lang", "en")));
    Chunk bare =
        new Chunk(
            "doc-1#1",
            "doc-1",
            "handbook/keys.md",
            null,
            List.of(),
            null,
            "Untitled fragment about quartz.",
            5,
            Hashing.sha256Hex("Untitled fragment about quartz."),
            Map.of());
    WriteResult r =
        store.write(
            List.of(
                new DocumentChunks(
                    "doc-1",
                    "h1",
                    List.of(new EmbeddedChunk(full, unit(0)), new EmbeddedChunk(bare, unit(1))))));
    assertEquals(new WriteResult(1, 0, 2, 0), r);
    assertEquals(2, store.chunkCount());

    List<SearchHit> dense = store.denseSearch(unit(0), 5, Filter.ALL);
    assertEquals(full, dense.get(0).chunk());
    assertEquals(bare, dense.get(1).chunk());
    assertEquals(full, only(store.lexicalSearch("signing", 5, Filter.ALL)).chunk());
    assertEquals(bare, only(store.lexicalSearch("quartz", 5, Filter.ALL)).chunk());
    List<SearchHit> hybrid = store.hybridSearch(unit(1), "quartz", 5, Filter.ALL);
    assertEquals(bare, hybrid.get(0).chunk());
    assertEquals(Map.of("doc-1", "h1"), store.documentHashes(List.of("doc-1", "doc-unknown")));
  }

  static void dense_search_orders_by_cosine_and_reports_it(VectorStore store) {
    double[] expected = {1.0, 0.8944272, 0.7071068, 0.0, -1.0};
    float[][] vectors = {
      unit(0), mix(1, 0.5), mix(1, 1), unit(1), negated(unit(0)),
    };
    List<EmbeddedChunk> chunks = new ArrayList<>();
    // written in scrambled order so that insertion order cannot pass for ranking
    int[] order = {3, 0, 4, 2, 1};
    for (int i : order) {
      chunks.add(embedded("rank", i, "Ranking chunk number " + i + ".", Map.of(), vectors[i]));
    }
    store.write(List.of(new DocumentChunks("rank", "h", chunks)));

    List<SearchHit> hits = store.denseSearch(unit(0), 5, Filter.ALL);
    assertEquals(5, hits.size());
    for (int i = 0; i < 5; i++) {
      SearchHit h = hits.get(i);
      assertEquals("rank#" + i, h.chunk().id(), "rank " + (i + 1));
      assertNotNull(h.cosine(), "dense hits carry their cosine");
      assertEquals(expected[i], h.cosine(), EPS, "cosine of " + h.chunk().id());
      assertEquals(i + 1, h.denseRank());
    }
    assertEquals(List.of("rank#0", "rank#1"), ids(store.denseSearch(unit(0), 2, Filter.ALL)));
  }

  static void lexical_search_finds_a_numeric_limit_and_an_identifier(VectorStore store) {
    store.write(
        List.of(
            new DocumentChunks(
                "water",
                "h",
                List.of(
                    embedded(
                        "water",
                        0,
                        "Drinking water: the lead limit is 0.010 mg/L at the tap.",
                        Map.of(),
                        unit(0)),
                    embedded(
                        "water",
                        1,
                        "Drinking water: the copper action level is 1.3 mg/L.",
                        Map.of(),
                        unit(1)),
                    embedded(
                        "water",
                        2,
                        "Error ERR4021 means the sampling port is blocked.",
                        Map.of(),
                        unit(2)),
                    embedded(
                        "water",
                        3,
                        "Sampling happens every quarter at two taps.",
                        Map.of(),
                        unit(3))))));

    List<SearchHit> numeric = store.lexicalSearch("0.010", 5, Filter.ALL);
    assertEquals(List.of("water#0"), ids(numeric));
    SearchHit h = numeric.get(0);
    assertEquals(1, h.lexicalRank());
    assertTrue(h.lexicalScore() > 0, "a lexical hit has a positive score");
    assertTrue(h.matchedLexically());

    assertEquals(
        "water#2",
        store.lexicalSearch("what does ERR4021 indicate", 5, Filter.ALL).get(0).chunk().id());
  }

  static void lexical_search_returns_only_chunks_matching_a_query_term(VectorStore store) {
    store.write(
        List.of(
            new DocumentChunks(
                "d",
                "h",
                List.of(
                    embedded("d", 0, "Backups run nightly to cold storage.", Map.of(), unit(0)),
                    embedded("d", 1, "Restores need two approvals.", Map.of(), unit(1)),
                    embedded("d", 2, "Tokens expire after one hour.", Map.of(), unit(2))))));
    List<SearchHit> hits = store.lexicalSearch("how often do backups run", 10, Filter.ALL);
    assertEquals(List.of("d#0"), ids(hits));
    assertTrue(store.lexicalSearch("xylophone", 10, Filter.ALL).isEmpty());
    for (int i = 0; i < hits.size(); i++) {
      assertEquals(i + 1, hits.get(i).lexicalRank());
    }
  }

  static void hybrid_search_gives_every_hit_its_cosine_including_lexical_only_hits(
      VectorStore store) {
    List<EmbeddedChunk> chunks = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      chunks.add(
          embedded(
              "h", i, "General note " + i + " about retention.", Map.of(), mix(i % D, 0.1 * i)));
    }
    // lexically the only match, densely the farthest
    chunks.add(
        embedded(
            "h",
            6,
            "The retention limit is 0.010 percent per quarter.",
            Map.of(),
            negated(unit(0))));
    store.write(List.of(new DocumentChunks("h", "h", chunks)));

    List<SearchHit> hits = store.hybridSearch(unit(0), "0.010", 3, Filter.ALL);
    assertEquals(3, hits.size());
    for (SearchHit h : hits) {
      assertNotNull(h.cosine(), "hybrid hit " + h.chunk().id() + " must carry its cosine");
    }
    SearchHit lexical =
        hits.stream()
            .filter(SearchHit::matchedLexically)
            .findFirst()
            .orElseThrow(
                () -> new AssertionError("the lexical match must survive fusion: " + ids(hits)));
    assertEquals("h#6", lexical.chunk().id());
    assertEquals(-1.0, Objects.requireNonNull(lexical.cosine()), EPS);
    for (int i = 1; i < hits.size(); i++) {
      assertTrue(hits.get(i - 1).fusedScore() >= hits.get(i).fusedScore(), "fused score descends");
    }
  }

  static void hybrid_search_equals_rank_fusion_of_the_two_searches(VectorStore store) {
    List<EmbeddedChunk> chunks = new ArrayList<>();
    String[] words = {"alpha", "bravo", "charlie", "delta"};
    for (int i = 0; i < 24; i++) {
      String text =
          "Entry "
              + i
              + " mentions "
              + words[i % 4]
              + (i % 3 == 0 ? " and bravo twice bravo" : "")
              + ".";
      chunks.add(
          embedded(
              "f", i, text, Map.of("team", i % 2 == 0 ? "even" : "odd"), mix(i % D, 0.05 * i)));
    }
    store.write(List.of(new DocumentChunks("f", "h", chunks)));
    float[] q = mix(2, 0.3);
    for (Filter filter : List.of(Filter.ALL, Filter.eq("team", "even"))) {
      for (int k : new int[] {1, 3, 10}) {
        int n = RankFusion.candidatesFor(k);
        List<SearchHit> expected =
            RankFusion.fuse(
                store.denseSearch(q, n, filter),
                withCosines(q, store.lexicalSearch("bravo delta", n, filter), chunks),
                k);
        List<SearchHit> actual = store.hybridSearch(q, "bravo delta", k, filter);
        assertEquals(ids(expected), ids(actual), "order for k=" + k + ", " + filter);
        for (int i = 0; i < actual.size(); i++) {
          SearchHit a = actual.get(i);
          SearchHit e = expected.get(i);
          assertEquals(e.denseRank(), a.denseRank(), "dense rank of " + a.chunk().id());
          assertEquals(e.lexicalRank(), a.lexicalRank(), "lexical rank of " + a.chunk().id());
          assertEquals(e.fusedScore(), a.fusedScore(), 1e-12, "fused score of " + a.chunk().id());
          assertCosine(e.cosine(), a.cosine(), "cosine of " + a.chunk().id());
        }
      }
    }
  }

  private static SearchHit only(List<SearchHit> hits) {
    assertEquals(1, hits.size(), "exactly one hit expected: " + ids(hits));
    return hits.get(0);
  }

  /** The hits with their cosine to {@code q}, computed from the vectors written. */
  private static List<SearchHit> withCosines(
      float[] q, List<SearchHit> hits, List<EmbeddedChunk> written) {
    Map<String, float[]> vectors = new LinkedHashMap<>();
    for (EmbeddedChunk c : written) {
      vectors.put(c.chunk().id(), c.vector());
    }
    List<SearchHit> out = new ArrayList<>();
    for (SearchHit h : hits) {
      float[] v = Objects.requireNonNull(vectors.get(h.chunk().id()), h.chunk().id());
      out.add(
          new SearchHit(
              h.chunk(),
              Vectors.cosine(q, v),
              h.denseRank(),
              h.lexicalRank(),
              h.lexicalScore(),
              h.fusedScore()));
    }
    return out;
  }

  /** Both absent, or both present and equal within {@link #EPS} (stores compute in float). */
  private static void assertCosine(
      @Nullable Double expected, @Nullable Double actual, String what) {
    if (expected == null || actual == null) {
      assertEquals(expected, actual, what);
    } else {
      assertEquals(expected, actual, EPS, what);
    }
  }
}
