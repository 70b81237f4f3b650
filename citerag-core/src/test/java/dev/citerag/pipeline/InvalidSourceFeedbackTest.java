package dev.citerag.pipeline;

import static dev.citerag.pipeline.PipelineFixtures.answerJson;
import static dev.citerag.pipeline.PipelineFixtures.hit;
import static dev.citerag.pipeline.PipelineFixtures.reply;
import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.ValidationIssue;
import dev.citerag.pipeline.PipelineFixtures.ConstantEmbedder;
import dev.citerag.pipeline.PipelineFixtures.FnChatModel;
import dev.citerag.pipeline.PipelineFixtures.ScriptedStore;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The retry feedback names a cited id that was not sent; results and issues never do. */
class InvalidSourceFeedbackTest {

  static final String TEXT = "A rollback takes about 5 minutes from the deploy dashboard.";

  @Test
  void the_retry_names_each_invalid_id_as_data_cleaned_and_cut_and_the_result_never_does() {
    // a JSON escape in the reply: the parsed id holds a BEL control character
    String phantom = "evil\\u0007-" + "x".repeat(100);
    FnChatModel model =
        new FnChatModel(
            r ->
                r.userContent().contains("Previous reply rejected")
                    ? reply("{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]}")
                    : reply(answerJson(phantom, "A rollback takes about 5 minutes")));
    RagResult r =
        RagPipeline.builder()
            .embedder(new ConstantEmbedder(4))
            .store(new ScriptedStore(q -> List.of(hit("c1", TEXT, 0.8, true))))
            .generator(AnswerGenerator.of(model))
            .build()
            .ask("How long does a rollback take?");

    String shown = ("evil-" + "x".repeat(100)).substring(0, 64);
    String retry = model.requests.get(1).userContent();
    assertThat(retry)
        .contains("\"invalid_source_ids\"")
        .contains("\"" + shown + "\":\"do not use: not among the sources\"")
        .doesNotContain("\u0007")
        .doesNotContain(shown + "x");
    assertThat(r).isInstanceOf(RagResult.Abstained.class);
    assertThat(((RagResult.Abstained) r).detail()).doesNotContain("evil");
    for (Attempt a : r.trace().attempts()) {
      for (ValidationIssue i : a.issues()) {
        assertThat(i.detail()).doesNotContain("evil");
        assertThat(String.valueOf(i.sourceId())).doesNotContain("evil");
      }
    }
  }
}
