package dev.citerag.examples.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class FrontMatterTest {

  @Test
  void reads_key_value_lines_between_dashes_as_metadata_and_keeps_the_rest_as_body() {
    FrontMatter fm = FrontMatter.parse("---\nteam: platform\nowner: \"sre\"\n# a comment\n\n---\n# Title\nText.", "a.md");
    assertThat(fm.metadata()).containsExactly(Map.entry("team", "platform"), Map.entry("owner", "sre"));
    assertThat(fm.body()).isEqualTo("# Title\nText.");
  }

  @Test
  void text_without_front_matter_is_all_body() {
    FrontMatter fm = FrontMatter.parse("# Title\n---\nteam: x\n---", "a.md");
    assertThat(fm.metadata()).isEmpty();
    assertThat(fm.body()).isEqualTo("# Title\n---\nteam: x\n---");
  }

  @Test
  void a_value_may_contain_colons() {
    FrontMatter fm = FrontMatter.parse("---\nurl: http://x:1/y\n---\nbody", "a.md");
    assertThat(fm.metadata()).containsEntry("url", "http://x:1/y");
  }

  @Test
  void rejects_a_line_that_is_not_key_value_naming_file_and_line() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> FrontMatter.parse("---\nteam: a\n- listitem\n---\n", "docs/a.md"));
    assertThat(e).hasMessageContaining("docs/a.md").hasMessageContaining("line 3").hasMessageContaining("key: value");
  }

  @Test
  void rejects_an_unclosed_block() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> FrontMatter.parse("---\nteam: a\n# Title", "a.md"));
    assertThat(e).hasMessageContaining("not closed");
  }

  @Test
  void rejects_keys_that_cannot_be_filtered_and_repeated_keys() {
    assertThat(assertThrows(IllegalArgumentException.class,
        () -> FrontMatter.parse("---\nmy team: a\n---\n", "a.md"))).hasMessageContaining("\"my team\"");
    assertThat(assertThrows(IllegalArgumentException.class,
        () -> FrontMatter.parse("---\nteam: a\nteam: b\n---\n", "a.md"))).hasMessageContaining("repeats");
  }
}
