package dev.citerag.testkit.golden;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.ingest.Document;
import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import dev.citerag.text.internal.Whitespace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The bundled corpus and cases are consistent with each other and meet the brief's minimums. */
class GoldenCorpusAndCasesTest {

  private final List<Document> corpus = GoldenCorpus.load();
  private final Map<String, Document> byId =
      corpus.stream().collect(Collectors.toMap(Document::id, Function.identity()));
  private final List<GoldenCase> cases = GoldenCases.load();

  @Test
  void the_corpus_has_at_least_ten_titled_documents_with_team_metadata() {
    assertThat(corpus).hasSizeGreaterThanOrEqualTo(10);
    assertThat(corpus)
        .allSatisfy(
            d -> {
              assertThat(d.title()).as(d.id()).isNotBlank();
              assertThat(d.metadata()).as(d.id()).containsKey("team");
              assertThat(d.content()).as(d.id()).doesNotStartWith("---").contains("## ");
              assertThat(Whitespace.wordCount(d.content())).as(d.id()).isGreaterThan(200);
            });
    assertThat(corpus)
        .extracting(d -> d.metadata().get("team"))
        .contains(
            MetadataValue.of("platform"), MetadataValue.of("security"), MetadataValue.of("search"));
    assertThat(byId.get("deploys").title()).isEqualTo("Deploying services with deployctl");
    assertThat(byId.get("deploys").source()).isEqualTo("golden/corpus/deploys.md");
  }

  @Test
  void the_corpus_holds_the_identifiers_numbers_and_tables_the_brief_asks_for() {
    String all = corpus.stream().map(Document::content).collect(Collectors.joining("\n"));

    assertThat(all)
        .contains(
            "deployctl rollback --service <name> --to <sha>",
            "SVC_ROTATE_KEY",
            "0.015",
            "141.80",
            "3 hours 40 minutes");
    assertThat(corpus.stream().filter(d -> d.content().contains("\n|---|")).count())
        .isGreaterThanOrEqualTo(5);
  }

  @Test
  void the_index_lists_every_corpus_file() throws IOException {
    Path dir = Path.of("src/main/resources", GoldenCorpus.RESOURCE_DIR);
    try (Stream<Path> files = Files.list(dir)) {
      Set<String> onDisk =
          files
              .map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".md"))
              .map(n -> n.substring(0, n.length() - 3))
              .collect(Collectors.toSet());
      assertThat(byId.keySet()).isEqualTo(onDisk);
    }
    assertThat(GoldenCorpus.fromDirectory(dir))
        .isEqualTo(
            corpus.stream()
                .map(
                    d ->
                        new Document(
                            d.id(),
                            dir.resolve(d.id() + ".md").toString(),
                            d.title(),
                            d.content(),
                            d.format(),
                            d.metadata()))
                .toList());
  }

  @Test
  void there_are_enough_cases_of_each_sort() {
    assertThat(cases.stream().filter(GoldenCase::answerable).count()).isGreaterThanOrEqualTo(30);
    assertThat(cases.stream().filter(c -> !c.answerable()).count()).isGreaterThanOrEqualTo(12);
    Map<String, Long> kinds =
        cases.stream().collect(Collectors.groupingBy(GoldenCase::kind, Collectors.counting()));
    assertThat(kinds)
        .containsKeys(
            "direct", "numeric_identifier", "table", "near_miss", "out_of_scope", "filtered_out");
    assertThat(kinds.get("near_miss")).isGreaterThanOrEqualTo(5);
    assertThat(cases).filteredOn(c -> !c.filter().isEmpty()).hasSizeGreaterThanOrEqualTo(4);
  }

  @Test
  void every_answerable_case_is_answered_by_its_documents_under_its_filter() {
    for (GoldenCase c : cases.stream().filter(GoldenCase::answerable).toList()) {
      Filter f = c.toFilter();
      assertThat(c.docIds()).as(c.id()).allSatisfy(id -> assertThat(byId).containsKey(id));
      Document d = byId.get(c.docIds().get(0));
      String content = Whitespace.collapse(d.content());
      assertThat(content).as(c.id() + " evidence").contains(Whitespace.collapse(c.evidence()));
      assertThat(content.toLowerCase(Locale.ROOT))
          .as(c.id() + " must_contain")
          .contains(c.mustContain().toLowerCase(Locale.ROOT));
      assertThat(f.test(d.metadata())).as(c.id() + " filter admits its document").isTrue();
    }
  }

  @Test
  void filtered_out_cases_ask_about_documents_their_filter_excludes() {
    for (GoldenCase c : cases.stream().filter(x -> x.kind().equals("filtered_out")).toList()) {
      GoldenCase twin =
          cases.stream()
              .filter(x -> x.answerable() && x.question().equals(c.question()))
              .findFirst()
              .orElseThrow(() -> new AssertionError(c.id() + " has no answerable twin"));
      assertThat(c.toFilter().test(byId.get(twin.docIds().get(0)).metadata())).as(c.id()).isFalse();
    }
  }

  @Test
  void a_case_filter_becomes_a_store_filter() {
    GoldenCase c =
        cases.stream().filter(x -> x.id().equals("reindex-duration")).findFirst().orElseThrow();

    assertThat(c.toFilter()).isEqualTo(Filter.eq("team", "search"));
    assertThat(cases.get(0).toFilter()).isEqualTo(Filter.ALL);
  }
}
