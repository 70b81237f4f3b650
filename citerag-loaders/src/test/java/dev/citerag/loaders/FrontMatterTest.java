package dev.citerag.loaders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.store.MetadataValue;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FrontMatterTest {

  @Test
  void reads_yaml_lists_nested_maps_dates_numbers_booleans_and_quoted_strings_typed() {
    FrontMatter fm =
        FrontMatter.parse(
            """
            ---
            title: "Rollbacks: the \\"fast\\" way"
            tags: [deploy, ops]
            owners:
              - alice
              - bob
            owner:
              team: platform
              oncall: { primary: carol }
            published: 2024-05-01
            reviewed: 2024-05-02T10:15:00Z
            version: 3
            ratio: 0.75
            draft: false
            note: 'it''s # not a comment'
            empty:
            ---
            # Body
            Text.""",
            "a.md");
    assertThat(fm.values())
        .containsExactly(
            Map.entry("title", "Rollbacks: the \"fast\" way"),
            Map.entry("tags", List.of("deploy", "ops")),
            Map.entry("owners", List.of("alice", "bob")),
            Map.entry("owner.team", "platform"),
            Map.entry("owner.oncall.primary", "carol"),
            Map.entry("published", LocalDate.of(2024, 5, 1)),
            Map.entry("reviewed", OffsetDateTime.parse("2024-05-02T10:15:00Z")),
            Map.entry("version", 3L),
            Map.entry("ratio", new BigDecimal("0.75")),
            Map.entry("draft", false),
            Map.entry("note", "it's # not a comment"));
    assertThat(fm.metadata())
        .containsEntry(
            "tags", MetadataValue.list(MetadataValue.of("deploy"), MetadataValue.of("ops")))
        .containsEntry("published", MetadataValue.of(LocalDate.of(2024, 5, 1)))
        .containsEntry("reviewed", MetadataValue.of("2024-05-02T10:15Z"))
        .containsEntry("version", MetadataValue.of(3))
        .containsEntry("ratio", MetadataValue.of(new BigDecimal("0.750")))
        .containsEntry("draft", MetadataValue.of(false))
        .containsEntry("owner.team", MetadataValue.of("platform"))
        .doesNotContainKey("empty");
    assertThat(fm.body()).isEqualTo("# Body\nText.");
    assertThat(fm.bodyLine()).isEqualTo(18);
  }

  @Test
  void a_leading_horizontal_rule_is_body_not_front_matter() {
    String ruleThenText = "---\n\nSome text after a rule.\n\n---\n\nMore.";
    assertThat(FrontMatter.parse(ruleThenText, "a.md").values()).isEmpty();
    assertThat(FrontMatter.parse(ruleThenText, "a.md").body()).isEqualTo(ruleThenText);
    String ruleThenHeading = "---\n# Title\ntext\n---\n";
    assertThat(FrontMatter.parse(ruleThenHeading, "a.md").body()).isEqualTo(ruleThenHeading);
    String neverClosed = "---\nteam: a\n# Title";
    assertThat(FrontMatter.parse(neverClosed, "a.md").body()).isEqualTo(neverClosed);
    assertThat(FrontMatter.parse("# Title\n---\nteam: x\n---", "a.md").values()).isEmpty();
  }

  @Test
  void invalid_yaml_and_repeated_keys_are_refused_naming_file_and_line() {
    assertThat(fail("---\nteam: a\nteam: b\n---\n")).startsWith("a.md:3: ");
    assertThat(fail("---\nx: \"open\ny: 1\n---\n")).startsWith("a.md:").contains("not valid YAML");
    assertThat(fail("---\nmy team: a\n---\n")).contains("\"my team\" must match");
    assertThat(fail("---\nrows: [[1, 2]]\n---\n")).contains("plain values only");
    assertThat(fail("---\nx: !!python/object:os.system ls\n---\n")).contains("tag");
    assertThat(fail("---\nx: !custom y\n---\n")).contains("the tag !custom is not read");
  }

  @Test
  void an_alias_bomb_is_refused_before_it_expands() {
    StringBuilder b = new StringBuilder("---\na: &a [x, x, x, x, x, x, x, x, x, x]\n");
    char prev = 'a';
    for (char c = 'b'; c <= 'k'; c++) {
      b.append(c).append(": &").append(c).append(" [");
      for (int i = 0; i < 10; i++) {
        b.append(i > 0 ? ", " : "").append('*').append(prev);
      }
      b.append("]\n");
      prev = c;
    }
    b.append("---\nbody");
    assertThat(fail(b.toString())).contains("a.md:");
  }

  @Test
  void nesting_deeper_than_the_limit_is_refused() {
    StringBuilder b = new StringBuilder("---\n");
    for (int i = 0; i < FrontMatter.MAX_DEPTH + 2; i++) {
      b.append("  ".repeat(i)).append("k").append(i).append(":\n");
    }
    b.append("  ".repeat(FrontMatter.MAX_DEPTH + 2)).append("leaf: 1\n---\n");
    assertThat(fail(b.toString())).startsWith("a.md:");
  }

  @Test
  void a_hostile_origin_is_escaped_in_the_message() {
    DocumentLoadException e =
        assertThrows(
            DocumentLoadException.class,
            () -> FrontMatter.parse("---\nx: [\n---\n", "evil\n\u001b[31mname.md"));
    assertThat(e.getMessage())
        .startsWith("evil\\n\\u001b[31mname.md:")
        .doesNotContain("\n", "\u001b");
  }

  @Test
  void crlf_and_bom_are_understood() {
    FrontMatter fm = FrontMatter.parse("\uFEFF---\r\nteam: a\r\n---\r\nbody", "a.md");
    assertThat(fm.metadata()).containsEntry("team", MetadataValue.of("a"));
    assertThat(fm.body()).isEqualTo("body");
  }

  @Test
  void a_markdown_file_with_broken_front_matter_loads_without_it_and_is_named_in_a_warning() {
    byte[] md =
        "---\nteam: a\ntags: [a, b\n---\n# Title\n\nThe body stays.\n"
            .getBytes(StandardCharsets.UTF_8);
    LoadedDocument d = new MarkdownLoader().read("docs/a.md", "docs/a.md", md);
    assertThat(d.document().content()).isEqualTo("# Title\n\nThe body stays.\n");
    assertThat(d.document().metadata()).isEmpty();
    assertThat(d.document().title()).isEqualTo("Title");
    assertThat(d.warnings())
        .singleElement()
        .asString()
        .startsWith("docs/a.md:")
        .contains("front matter ignored");
  }

  private static String fail(String text) {
    return assertThrows(DocumentLoadException.class, () -> FrontMatter.parse(text, "a.md"))
        .getMessage();
  }
}
