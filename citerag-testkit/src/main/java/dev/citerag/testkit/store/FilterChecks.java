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
import dev.citerag.store.SearchHit;
import dev.citerag.store.VectorStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
}
