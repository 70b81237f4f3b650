package dev.citerag.testkit.store;

import static dev.citerag.testkit.store.VectorStoreContract.D;
import static dev.citerag.testkit.store.VectorStoreContract.embedded;
import static dev.citerag.testkit.store.VectorStoreContract.ids;
import static dev.citerag.testkit.store.VectorStoreContract.mix;
import static dev.citerag.testkit.store.VectorStoreContract.unit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import dev.citerag.store.VectorStore;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The metadata-filter part of {@link VectorStoreContract}: each method is the body of the contract
 * test of the same name, run on a fresh store.
 */
final class FilterChecks {

  private FilterChecks() {}

  static void filters_eq_in_and_or_are_enforced_by_every_search(VectorStore store) {
    String[] teams = {"platform", "search", "billing"};
    String[] envs = {"prod", "staging"};
    List<EmbeddedChunk> chunks = new ArrayList<>();
    int i = 0;
    for (String team : teams) {
      for (String env : envs) {
        for (int j = 0; j < 3; j++, i++) {
          chunks.add(
              embedded(
                  "m",
                  i,
                  "Deploy checklist " + i + " for " + team + ".",
                  Map.of("team", team, "env", env),
                  mix(i % D, 0.2 * j)));
        }
      }
    }
    chunks.add(embedded("m", i, "Deploy checklist without labels.", Map.of(), unit(0)));
    store.write(List.of(new DocumentChunks("m", "h", chunks)));

    List<Filter> filters =
        List.of(
            Filter.eq("team", "search"),
            Filter.in("team", "platform", "billing"),
            Filter.and(Filter.eq("team", "platform"), Filter.eq("env", "prod")),
            Filter.or(Filter.eq("team", "billing"), Filter.eq("env", "staging")),
            Filter.and(
                Filter.in("env", "prod"),
                Filter.or(Filter.eq("team", "search"), Filter.eq("team", "billing"))),
            Filter.eq("team", "nobody"));
    for (Filter f : filters) {
      Set<String> expected =
          chunks.stream()
              .filter(c -> f.test(c.chunk().metadata()))
              .map(c -> c.chunk().id())
              .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(expected, new TreeSet<>(ids(store.denseSearch(unit(0), 50, f))), "dense, " + f);
      assertEquals(
          expected,
          new TreeSet<>(ids(store.lexicalSearch("deploy checklist", 50, f))),
          "lexical, " + f);
      assertEquals(
          expected,
          new TreeSet<>(ids(store.hybridSearch(unit(0), "deploy checklist", 50, f))),
          "hybrid, " + f);
      for (SearchHit h : store.hybridSearch(unit(3), "deploy", 3, f)) {
        assertTrue(f.test(h.chunk().metadata()), h.chunk().id() + " is outside " + f);
      }
    }
  }

  static void a_lexical_match_outside_the_filter_is_never_returned(VectorStore store) {
    store.write(
        List.of(
            new DocumentChunks(
                "x",
                "h",
                List.of(
                    embedded(
                        "x",
                        0,
                        "Quarterly budget for the search team.",
                        Map.of("team", "search"),
                        unit(0)),
                    embedded(
                        "x",
                        1,
                        "Quarterly budget for the platform team.",
                        Map.of("team", "platform"),
                        unit(1)),
                    embedded(
                        "x",
                        2,
                        "The secret code word is zebra42.",
                        Map.of("team", "secret"),
                        unit(0))))));
    Filter f = Filter.in("team", "search", "platform");
    assertTrue(store.lexicalSearch("zebra42", 10, f).isEmpty());
    List<SearchHit> hybrid = store.hybridSearch(unit(0), "zebra42", 10, f);
    assertFalse(ids(hybrid).contains("x#2"), "out-of-filter chunk returned: " + ids(hybrid));
    assertEquals(Set.of("x#0", "x#1"), Set.copyOf(ids(hybrid)));
    assertFalse(ids(store.denseSearch(unit(0), 10, f)).contains("x#2"));
    assertEquals(List.of("x#2"), ids(store.lexicalSearch("zebra42", 10, Filter.ALL)));
  }

  /** The typed corpus of the typed-filter checks: every type, lists, a missing key, look-alikes. */
  private static List<EmbeddedChunk> typedCorpus() {
    List<Map<String, MetadataValue>> metas =
        List.of(
            Map.of(
                "year", MetadataValue.of(2019),
                "reviewed", MetadataValue.of(LocalDate.of(2019, 12, 31)),
                "draft", MetadataValue.of(false),
                "tags", MetadataValue.list(MetadataValue.of("ops"), MetadataValue.of("k8s")),
                "team", MetadataValue.of("platform")),
            Map.of(
                "year", MetadataValue.of(2020),
                "reviewed", MetadataValue.of(LocalDate.of(2020, 1, 1)),
                "draft", MetadataValue.of(true),
                "tags", MetadataValue.list(MetadataValue.of("ops")),
                "team", MetadataValue.of("search")),
            Map.of(
                // 2020.0 is the number 2020; a list holding 2021 is not a number
                "year", MetadataValue.of(new BigDecimal("2020.0")),
                "reviewed", MetadataValue.of(LocalDate.of(2024, 5, 1)),
                "tags",
                    MetadataValue.list(
                        MetadataValue.of(7), MetadataValue.of(LocalDate.of(2024, 5, 1))),
                "owner", MetadataValue.of("ann")),
            Map.of(
                // look-alikes: text that reads as a number, a date and a boolean
                "year", MetadataValue.of("2021"),
                "reviewed", MetadataValue.of("2024-05-01"),
                "draft", MetadataValue.of("true"),
                "tags", MetadataValue.of("ops"),
                "team", MetadataValue.of("platform")),
            Map.of(
                "year", MetadataValue.list(MetadataValue.of(2021), MetadataValue.of(2022)),
                "tags", MetadataValue.list(),
                "owner", MetadataValue.of("bob"),
                "score", MetadataValue.of(-0.5)),
            Map.of("score", MetadataValue.of(1e-3)),
            Map.of());
    List<EmbeddedChunk> chunks = new ArrayList<>();
    for (int i = 0; i < metas.size(); i++) {
      chunks.add(
          VectorStoreContract.embeddedTyped(
              "t", i, "Release notes part " + i + ".", metas.get(i), mix(i % D, 0.1)));
    }
    return chunks;
  }

  static void typed_filters_give_the_same_chunks_in_every_search(VectorStore store) {
    List<EmbeddedChunk> chunks = typedCorpus();
    store.write(List.of(new DocumentChunks("t", "h", chunks)));
    MetadataValue y2020 = MetadataValue.of(2020);
    MetadataValue may = MetadataValue.of(LocalDate.of(2024, 5, 1));
    Map<Filter, Set<String>> cases = new LinkedHashMap<>();
    cases.put(Filter.eq("year", y2020), Set.of("t#1", "t#2"));
    cases.put(Filter.eq("year", "2021"), Set.of("t#3"));
    cases.put(Filter.eq("year", MetadataValue.of(2021)), Set.of());
    cases.put(Filter.eq("draft", MetadataValue.of(true)), Set.of("t#1"));
    cases.put(Filter.eq("draft", "true"), Set.of("t#3"));
    cases.put(Filter.eq("reviewed", may), Set.of("t#2"));
    cases.put(Filter.eq("reviewed", "2024-05-01"), Set.of("t#3"));
    cases.put(Filter.eq("tags", "ops"), Set.of("t#3"));
    cases.put(Filter.in("year", MetadataValue.of(2019), MetadataValue.of(2021)), Set.of("t#0"));
    cases.put(Filter.gt("year", MetadataValue.of(2019)), Set.of("t#1", "t#2"));
    cases.put(Filter.gte("year", MetadataValue.of(2019)), Set.of("t#0", "t#1", "t#2"));
    cases.put(Filter.lt("year", MetadataValue.of(2020)), Set.of("t#0"));
    cases.put(Filter.lte("year", MetadataValue.of(2020.5)), Set.of("t#0", "t#1", "t#2"));
    cases.put(Filter.gt("score", MetadataValue.of(0)), Set.of("t#5"));
    cases.put(Filter.lt("score", MetadataValue.of(0)), Set.of("t#4"));
    cases.put(
        Filter.gte("reviewed", MetadataValue.of(LocalDate.of(2020, 1, 1))), Set.of("t#1", "t#2"));
    cases.put(Filter.lt("reviewed", MetadataValue.of(LocalDate.of(2020, 1, 1))), Set.of("t#0"));
    cases.put(Filter.gt("team", MetadataValue.of(0)), Set.of());
    cases.put(Filter.gt("year", MetadataValue.of(LocalDate.of(2000, 1, 1))), Set.of());
    cases.put(Filter.contains("tags", MetadataValue.of("ops")), Set.of("t#0", "t#1"));
    cases.put(Filter.contains("tags", MetadataValue.of(7)), Set.of("t#2"));
    cases.put(Filter.contains("tags", may), Set.of("t#2"));
    cases.put(Filter.contains("tags", MetadataValue.of("7")), Set.of());
    cases.put(Filter.contains("year", MetadataValue.of(2022)), Set.of("t#4"));
    cases.put(Filter.contains("team", MetadataValue.of("platform")), Set.of());
    cases.put(Filter.exists("owner"), Set.of("t#2", "t#4"));
    cases.put(Filter.exists("tags"), Set.of("t#0", "t#1", "t#2", "t#3", "t#4"));
    cases.put(Filter.exists("nobody"), Set.of());
    cases.put(Filter.not(Filter.eq("team", "platform")), Set.of("t#1", "t#2", "t#4", "t#5", "t#6"));
    cases.put(
        Filter.and(Filter.exists("team"), Filter.not(Filter.eq("team", "platform"))),
        Set.of("t#1"));
    cases.put(
        Filter.not(Filter.gt("year", MetadataValue.of(2019))),
        Set.of("t#0", "t#3", "t#4", "t#5", "t#6"));
    cases.put(Filter.not(Filter.ALL), Set.of());
    cases.put(Filter.not(Filter.not(Filter.exists("owner"))), Set.of("t#2", "t#4"));
    cases.put(
        Filter.or(
            Filter.contains("tags", MetadataValue.of("k8s")),
            Filter.and(Filter.exists("score"), Filter.not(Filter.exists("owner")))),
        Set.of("t#0", "t#5"));
    for (Map.Entry<Filter, Set<String>> e : cases.entrySet()) {
      Filter f = e.getKey();
      Set<String> expected = new TreeSet<>(e.getValue());
      Set<String> inMemory =
          chunks.stream()
              .filter(c -> f.test(c.chunk().metadata()))
              .map(c -> c.chunk().id())
              .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(expected, inMemory, "Filter.test, " + f);
      assertEquals(expected, new TreeSet<>(ids(store.denseSearch(unit(0), 50, f))), "dense, " + f);
      assertEquals(
          expected,
          new TreeSet<>(ids(store.lexicalSearch("release notes", 50, f))),
          "lexical, " + f);
      assertEquals(
          expected,
          new TreeSet<>(ids(store.hybridSearch(unit(0), "release notes", 50, f))),
          "hybrid, " + f);
    }
  }

  static void typed_metadata_comes_back_typed(VectorStore store) {
    List<EmbeddedChunk> chunks = typedCorpus();
    store.write(List.of(new DocumentChunks("t", "h", chunks)));
    Map<String, Map<String, MetadataValue>> back = new TreeMap<>();
    for (SearchHit h : store.denseSearch(unit(0), 50, Filter.ALL)) {
      back.put(h.chunk().id(), h.chunk().metadata());
    }
    Map<String, Map<String, MetadataValue>> written = new TreeMap<>();
    for (EmbeddedChunk c : chunks) {
      written.put(c.chunk().id(), c.chunk().metadata());
    }
    assertEquals(written, back);
  }

  static void metadata_keys_are_listed_and_follow_writes(VectorStore store) {
    assertEquals(Set.of(), store.metadataKeys().orElseThrow());
    store.write(List.of(new DocumentChunks("t", "h", typedCorpus())));
    assertEquals(
        new TreeSet<>(Set.of("year", "reviewed", "draft", "tags", "team", "owner", "score")),
        store.metadataKeys().orElseThrow());
    store.write(
        List.of(
            new DocumentChunks(
                "u",
                "h",
                List.of(
                    VectorStoreContract.embedded(
                        "u", 0, "Audience notes.", Map.of("audience", "ops"), unit(1))))));
    assertTrue(store.metadataKeys().orElseThrow().contains("audience"));
    assertTrue(store.deleteDocument("u"));
    assertFalse(store.metadataKeys().orElseThrow().contains("audience"));
  }
}
