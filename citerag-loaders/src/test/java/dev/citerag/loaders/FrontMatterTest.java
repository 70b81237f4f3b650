package dev.citerag.loaders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class FrontMatterTest {

  @Test
  void reads_flat_pairs_comments_and_quotes_and_leaves_them_out_of_the_body() {
    FrontMatter fm =
        FrontMatter.parse(
            "---\nteam: platform\nowner: \"sre \\\"core\\\"\"\n# a comment\n\nnote: 'it''s'\nurl: http://x:1/y # trailing\n---\n# Title\nText.",
            "a.md");
    assertThat(fm.metadata())
        .containsExactly(
            Map.entry("team", "platform"), Map.entry("owner", "sre \"core\""),
            Map.entry("note", "it's"), Map.entry("url", "http://x:1/y"));
    assertThat(fm.body()).isEqualTo("# Title\nText.");
    assertThat(fm.bodyLine()).isEqualTo(9);
  }

  @Test
  void a_leading_horizontal_rule_is_body_not_front_matter() {
    // before: the rule opened a front matter block and the load failed on "Some text"
    String ruleThenText = "---\n\nSome text after a rule.\n\n---\n\nMore.";
    assertThat(FrontMatter.parse(ruleThenText, "a.md").metadata()).isEmpty();
    assertThat(FrontMatter.parse(ruleThenText, "a.md").body()).isEqualTo(ruleThenText);
    String ruleThenHeading = "---\n# Title\ntext\n---\n";
    assertThat(FrontMatter.parse(ruleThenHeading, "a.md").body()).isEqualTo(ruleThenHeading);
    String neverClosed = "---\nteam: a\n# Title";
    assertThat(FrontMatter.parse(neverClosed, "a.md").body()).isEqualTo(neverClosed);
    assertThat(FrontMatter.parse("# Title\n---\nteam: x\n---", "a.md").metadata()).isEmpty();
  }

  @Test
  void a_block_scalar_is_rejected_naming_file_and_line_not_turned_into_keys() {
    // before: "team2: security" inside the block scalar became a metadata key
    DocumentLoadException e =
        assertThrows(
            DocumentLoadException.class,
            () ->
                FrontMatter.parse(
                    "---\nteam: a\ndesc: |\n  first line\n  team2: security\n---\nbody",
                    "docs/a.md"));
    assertThat(e.getMessage()).startsWith("docs/a.md:3: ").contains("block scalars");
    assertThat(e.line()).hasValue(3);
  }

  @Test
  void nested_lists_flow_collections_anchors_and_open_quotes_are_rejected_with_their_line() {
    assertThat(fail("---\ntags:\n  - a\n---\n")).startsWith("a.md:3: ").contains("indented line");
    assertThat(fail("---\nteam: a\n- item\n---\n")).startsWith("a.md:3: ").contains("list item");
    assertThat(fail("---\ntags: [a, b]\n---\n")).startsWith("a.md:2: ").contains("flow lists");
    assertThat(fail("---\nx: &a y\n---\n")).contains("anchors");
    assertThat(fail("---\nx: \"open\n---\n")).startsWith("a.md:2: ").contains("not closed");
    assertThat(fail("---\nx: a: b\n---\n")).contains("quote it");
    assertThat(fail("---\nmy team: a\n---\n")).contains("\"my team\"");
    assertThat(fail("---\nteam: a\nteam: b\n---\n")).startsWith("a.md:3: ").contains("repeats");
    assertThat(fail("---\nteam: a\nfree text here\n---\n"))
        .startsWith("a.md:3: ")
        .contains("key: value");
  }

  @Test
  void a_hostile_origin_is_escaped_in_the_message() {
    DocumentLoadException e =
        assertThrows(
            DocumentLoadException.class,
            () -> FrontMatter.parse("---\nx: |\n---\n", "evil\n\u001b[31mname.md"));
    assertThat(e.getMessage())
        .startsWith("evil\\n\\u001b[31mname.md:2: ")
        .doesNotContain("\n", "\u001b");
  }

  @Test
  void crlf_and_bom_are_understood() {
    FrontMatter fm = FrontMatter.parse("\uFEFF---\r\nteam: a\r\n---\r\nbody", "a.md");
    assertThat(fm.metadata()).containsEntry("team", "a");
    assertThat(fm.body()).isEqualTo("body");
  }

  private static String fail(String text) {
    return assertThrows(DocumentLoadException.class, () -> FrontMatter.parse(text, "a.md"))
        .getMessage();
  }
}
