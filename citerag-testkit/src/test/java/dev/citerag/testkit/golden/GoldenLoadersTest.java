package dev.citerag.testkit.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.ingest.Document;
import dev.citerag.store.MetadataValue;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GoldenLoadersTest {

  private static final String OK_ANSWERABLE =
      "{\"id\":\"a\",\"question\":\"Q?\",\"answerable\":true,"
          + "\"doc_ids\":[\"d\"],\"evidence\":\"e e\",\"must_contain\":\"m\",\"kind\":\"direct\"}";
  private static final String OK_UNANSWERABLE =
      "{\"id\":\"u\",\"question\":\"Q2?\",\"answerable\":false,\"kind\":\"near_miss\",\"filter\":{\"team\":\"x\"}}";

  private static List<GoldenCase> parse(String text) {
    return GoldenCases.parse(new StringReader(text), "cases.jsonl");
  }

  private static GoldenFormatException error(String text) {
    return assertThrows(GoldenFormatException.class, () -> parse(text));
  }

  @Test
  void parses_answerable_and_unanswerable_cases_skipping_blank_lines() {
    List<GoldenCase> cases = parse(OK_ANSWERABLE + "\n\n" + OK_UNANSWERABLE + "\n");

    assertThat(cases).hasSize(2);
    assertThat(cases.get(0))
        .isEqualTo(new GoldenCase("a", "Q?", true, List.of("d"), "e e", "m", Map.of(), "direct"));
    assertThat(cases.get(1).filter()).containsEntry("team", "x");
    assertThat(cases.get(1).docIds()).isEmpty();
  }

  @Test
  void reports_the_line_and_field_of_each_mistake() {
    assertThat(
            error(
                    OK_ANSWERABLE
                        + "\n{\"id\":\"b\",\"question\":\" \",\"answerable\":false,\"kind\":\"x\"}")
                .getMessage())
        .isEqualTo("cases.jsonl:2: field \"question\" must not be blank");
    assertThat(
            error("{\"id\":\"b\",\"question\":\"q\",\"answerable\":\"yes\",\"kind\":\"x\"}")
                .getMessage())
        .isEqualTo("cases.jsonl:1: field \"answerable\" must be true or false");
    assertThat(
            error("{\"id\":\"b\",\"question\":\"q\",\"anwerable\":true,\"kind\":\"x\"}")
                .getMessage())
        .startsWith(
            "cases.jsonl:1: field \"anwerable\" is not a known field; known fields are [answerable,");
    assertThat(
            error(
                    "{\"id\":\"b\",\"question\":\"q\",\"answerable\":true,\"kind\":\"x\",\"doc_ids\":[\"d\"],"
                        + "\"must_contain\":\"m\"}")
                .getMessage())
        .isEqualTo("cases.jsonl:1: field \"evidence\" is required when answerable is true");
    assertThat(
            error(
                    "{\"id\":\"b\",\"question\":\"q\",\"answerable\":true,\"kind\":\"x\",\"evidence\":\"e\","
                        + "\"must_contain\":\"m\"}")
                .getMessage())
        .isEqualTo(
            "cases.jsonl:1: field \"doc_ids\" must name at least one document when answerable is true");
    assertThat(
            error(
                    "{\"id\":\"b\",\"question\":\"q\",\"answerable\":false,\"kind\":\"x\",\"evidence\":\"e\"}")
                .getMessage())
        .isEqualTo("cases.jsonl:1: field \"evidence\" must be absent when answerable is false");
    assertThat(
            error("{\"id\":\"b\",\"question\":\"q\",\"answerable\":false,\"kind\":\"Near Miss\"}")
                .getMessage())
        .isEqualTo("cases.jsonl:1: kind must match [a-z][a-z0-9_]*, was \"Near Miss\"");
    assertThat(
            error(
                    "{\"id\":\"b\",\"question\":\"q\",\"answerable\":false,\"kind\":\"x\",\"filter\":{\"team\":1}}")
                .getMessage())
        .isEqualTo("cases.jsonl:1: field \"filter\" value of \"team\" must be a string");
    assertThat(error("{\"id\":\"b\",\"question\":\"q\"").getMessage())
        .startsWith("cases.jsonl:1: is not valid JSON");
    assertThat(error("[1,2]").getMessage()).isEqualTo("cases.jsonl:1: must be a JSON object");
  }

  @Test
  void a_repeated_id_names_both_lines() {
    GoldenFormatException e = error(OK_ANSWERABLE + "\n" + OK_UNANSWERABLE + "\n" + OK_ANSWERABLE);

    assertThat(e.getMessage())
        .isEqualTo("cases.jsonl:3: field \"id\" \"a\" repeats (first on line 1)");
    assertThat(e.line()).isEqualTo(3);
    assertThat(e.field()).contains("id");
  }

  @Test
  void parses_front_matter_into_metadata_and_takes_the_first_heading_as_title() {
    Document d =
        GoldenCorpus.parse(
            "ops",
            "ops.md",
            "---\nteam: platform\nowner: \"sre team\"\n\n---\n```\n# not a title\n```\n# Operations guide\n\nText.\n");

    assertThat(d.metadata())
        .isEqualTo(MetadataValue.strings(Map.of("team", "platform", "owner", "sre team")));
    assertThat(d.title()).isEqualTo("Operations guide");
    assertThat(d.content()).startsWith("```").endsWith("Text.\n");
    assertThat(GoldenCorpus.parse("plain", "plain.md", "No front matter, no heading.").title())
        .isNull();
  }

  @Test
  void reports_malformed_front_matter_with_line_and_key() {
    assertThat(
            assertThrows(
                    GoldenFormatException.class,
                    () ->
                        GoldenCorpus.parse("x", "x.md", "---\nteam: a\nteam platform\n---\n# T\n"))
                .getMessage())
        .isEqualTo("x.md:3: front matter line must be \"key: value\", was \"team platform\"");
    assertThat(
            assertThrows(
                    GoldenFormatException.class,
                    () -> GoldenCorpus.parse("x", "x.md", "---\nteam: a\nteam: b\n---\n"))
                .getMessage())
        .isEqualTo("x.md:3: front matter key \"team\" repeats");
    assertThat(
            assertThrows(
                    GoldenFormatException.class,
                    () -> GoldenCorpus.parse("x", "x.md", "---\nbad key: a\n---\n"))
                .getMessage())
        .startsWith("x.md:2: front matter key \"bad key\" must match");
    assertThat(
            assertThrows(
                    GoldenFormatException.class,
                    () -> GoldenCorpus.parse("x", "x.md", "---\nteam: a\ndesc: |\n  x\n---\n"))
                .getMessage())
        .startsWith("x.md:3: ")
        .contains("block scalars");
  }

  @Test
  void a_leading_rule_that_is_not_front_matter_is_body() {
    assertThat(GoldenCorpus.parse("x", "x.md", "---\nteam: a\n# T\n").metadata()).isEmpty();
    assertThat(GoldenCorpus.parse("x", "x.md", "---\n\nIntro.\n\n---\n# T\n").title())
        .isEqualTo("T");
  }
}
