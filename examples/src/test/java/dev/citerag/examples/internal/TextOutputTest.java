package dev.citerag.examples.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.render.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class TextOutputTest {

  /** Issue 14: "1 documents written". */
  @Test
  void ingest_summary_counts_in_the_singular_and_names_removed_documents() {
    String one =
        TextOutput.ingest(
            new dev.citerag.ingest.IngestReport(1, 0, 1, 0, java.time.Duration.ZERO, 2),
            "store",
            1);
    assertThat(one)
        .contains("1 document written")
        .contains("2 removed (gone from the source)")
        .contains("1 chunk written")
        .contains("1 chunk stored")
        .doesNotContain("1 documents")
        .doesNotContain("1 chunks");
    assertThat(
            TextOutput.ingest(
                new dev.citerag.ingest.IngestReport(2, 0, 5, 0, java.time.Duration.ZERO),
                "store",
                5))
        .contains("2 documents written")
        .contains("5 chunks written");
  }

  @Test
  void an_answer_shows_markers_and_a_numbered_reference_list_with_quotes() {
    String s = TextOutput.result(Results.answered());
    assertThat(s)
        .startsWith(
            "Production deploys are allowed Monday to Thursday. [1] Outside that window you need an exception. [1]\n");
    assertThat(s)
        .contains(
            "References:\n  [1] deploys.md \u00a7 Deploying services > Deploy windows\n"
                + "      \"Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.\"");
    assertThat(s).contains("weak_grounding (warning)");
  }

  @Test
  void an_abstention_says_so_plainly_with_its_reason() {
    String s = TextOutput.result(Results.abstained());
    assertThat(s).startsWith("Not answered: the documents do not say.");
    assertThat(s)
        .contains(
            "reason: low_similarity - best cosine similarity 0.120 is below the minimum 0.300");
    assertThat(s).doesNotContain("References");
  }

  @Test
  void a_rejection_lists_the_failed_checks() {
    String s = TextOutput.result(Results.rejected());
    assertThat(s).startsWith("Rejected: no answer could be verified, so none is shown.");
    assertThat(s)
        .contains("reason: invalid_citations")
        .contains("- phantom_source (critical): source \"zz9\" was not sent");
  }

  @Test
  void hits_show_every_score() {
    String s = TextOutput.hits("when?", List.of(Results.HIT_DEPLOYS, Results.HIT_ONCALL));
    assertThat(s)
        .contains(" 1. deploys.md \u00a7 Deploying services > Deploy windows")
        .contains("fused 0.0325   dense 0.610 (#1)   lexical #2")
        .contains("dense 0.120 (#2)   lexical no match");
    assertThat(TextOutput.hits("when?", List.of())).startsWith("No hits");
  }
}
