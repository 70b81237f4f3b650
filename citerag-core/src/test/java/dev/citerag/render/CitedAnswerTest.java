package dev.citerag.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.Citation;
import dev.citerag.answer.Claim;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CitedAnswerTest {

  @Test
  void markers_follow_each_claim_and_a_repeated_citation_keeps_its_number() {
    CitedAnswer layout = CitedAnswer.of(Results.answered());
    assertThat(layout.references()).hasSize(1);
    assertThat(layout.segments())
        .extracting(CitedAnswer.Segment::markers)
        .containsExactly(List.of(1), List.of(1));
    assertThat(layout.segments())
        .extracting(CitedAnswer.Segment::text)
        .containsExactly(
            "Production deploys are allowed Monday to Thursday.",
            " Outside that window you need an exception.");
  }

  @Test
  void segments_reassemble_the_answer_exactly() {
    RagResult.Answered a = Results.answered();
    String joined =
        CitedAnswer.of(a).segments().stream()
            .map(CitedAnswer.Segment::text)
            .collect(Collectors.joining());
    assertThat(joined).isEqualTo(a.answer());
  }

  @Test
  void markers_of_a_claim_not_found_in_the_answer_go_to_the_end() {
    RagResult.Answered base = Results.answered();
    String q1 = "Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.";
    String q2 = "The rota changes on Mondays at 10:00.";
    RagResult.Answered a =
        new RagResult.Answered(
            "Deploy Monday to Thursday, and mind the rota.",
            List.of(
                new Claim(
                    "paraphrased claim", List.of(new Citation("k7", q1), new Citation("k9", q2)))),
            List.of(
                new ResolvedCitation(0, "k7", q1, Results.DEPLOYS),
                new ResolvedCitation(0, "k9", q2, Results.ONCALL)),
            1.0,
            List.of(),
            base.trace());
    CitedAnswer layout = CitedAnswer.of(a);
    assertThat(layout.segments()).hasSize(1);
    assertThat(layout.segments().get(0).text()).isEqualTo(a.answer());
    assertThat(layout.segments().get(0).markers()).containsExactly(1, 2);
    assertThat(layout.references())
        .extracting(r -> r.citation().sourceId())
        .containsExactly("k7", "k9");
  }
}
