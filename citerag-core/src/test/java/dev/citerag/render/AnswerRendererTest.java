package dev.citerag.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.answer.Citation;
import dev.citerag.answer.Claim;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.store.Chunk;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AnswerRendererTest {

  /** An answer whose text and source carry markup, a literal marker and a list-like start. */
  private static RagResult.Answered hostile() {
    String quote = "Use <b>deployctl</b> & \"rollback\" [2] within 30 minutes.";
    Chunk chunk =
        new Chunk(
            "c1",
            "d1",
            "run<books>/roll*back.md",
            null,
            List.of("Roll_back"),
            3,
            "Roll_back\n" + quote,
            20,
            "h",
            Map.of());
    String text = "- Use <b>deployctl</b> & \"rollback\" [2] within 30 minutes.";
    return new RagResult.Answered(
        text,
        List.of(new Claim(text, List.of(new Citation("k1", quote)))),
        List.of(new ResolvedCitation(0, "k1", quote, chunk)),
        1.0,
        List.of(),
        Results.answered().trace());
  }

  @Test
  void plain_text_puts_markers_after_claims_and_lists_numbered_references() {
    String out = AnswerRenderer.plainText(Results.answered());
    assertThat(out)
        .isEqualTo(
            "Production deploys are allowed Monday to Thursday. [1]"
                + " Outside that window you need an exception. [1]\n\n"
                + "References:\n"
                + "  [1] deploys.md \u00a7 Deploying services > Deploy windows\n"
                + "      \"Production deploys are allowed Monday to Thursday between 09:00 and"
                + " 16:00 UTC.\"\n");
  }

  @Test
  void a_bracketed_number_in_the_answer_text_is_never_shown_as_a_marker() {
    String answerLine = AnswerRenderer.plainText(hostile()).lines().findFirst().orElseThrow();
    assertThat(answerLine)
        .endsWith("\"rollback\" (2) within 30 minutes. [1]")
        .doesNotContain("[2]");
  }

  @Test
  void html_escapes_every_text_from_documents_and_models() {
    String out = AnswerRenderer.html(hostile());
    assertThat(out)
        .contains("Use &lt;b&gt;deployctl&lt;/b&gt; &amp; &quot;rollback&quot; (2)")
        .contains("<sup><a href=\"#ref-1\">[1]</a></sup>")
        .contains(
            "<li id=\"ref-1\"><cite>run&lt;books&gt;/roll*back.md \u00a7 Roll_back, p. 3</cite>")
        .doesNotContain("<b>")
        .doesNotContain("<books>");
  }

  @Test
  void markdown_escapes_markup_and_a_list_start_and_keeps_markers_out_of_link_syntax() {
    String out = AnswerRenderer.markdown(hostile());
    assertThat(out)
        .startsWith(
            "\\- Use \\<b\\>deployctl\\</b\\> \\& \"rollback\" (2) within 30 minutes. \\[1\\]")
        .contains("1. **run\\<books\\>/roll\\*back.md \u00a7 Roll\\_back, p. 3**")
        .contains("   > Use \\<b\\>deployctl");
  }

  @Test
  void location_names_source_section_and_page_and_falls_back_to_the_title() {
    Chunk titled =
        new Chunk(
            "c", "d", "a.md", "Title", List.of(), null, "Title\nText here.", 3, "h", Map.of());
    assertThat(AnswerRenderer.location(titled)).isEqualTo("a.md \u00a7 Title");
    assertThat(AnswerRenderer.location(hostile().citations().get(0).chunk()))
        .isEqualTo("run<books>/roll*back.md \u00a7 Roll_back, p. 3");
  }

  @Test
  void null_arguments_are_rejected_with_the_field_name() {
    assertThat(assertThrows(IllegalArgumentException.class, () -> AnswerRenderer.plainText(null)))
        .hasMessageContaining("answer");
  }
}
