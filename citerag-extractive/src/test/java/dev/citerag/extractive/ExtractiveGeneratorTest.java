package dev.citerag.extractive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.AnswerStatus;
import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.internal.AnswerParser;
import dev.citerag.pipeline.GenerationRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExtractiveGeneratorTest {
  final ExtractiveGenerator gen = new ExtractiveGenerator();
  final List<SentSource> sources =
      List.of(
          Sources.sent(
              "k7q2m",
              "Deploys > Rollbacks\n\nTo roll back, run `deployctl rollback --to <sha>`.\n"
                  + "- A rollback finishes within 5 minutes for most services.\n"
                  + "- Only the on-call engineer may approve a rollback of the billing service."),
          Sources.sent(
              "p3x9d",
              "On-call\n\nThe on-call rotation changes every Monday. Pages go to the primary first."));

  @Test
  void answers_with_verbatim_sentences_that_pass_validation() {
    ModelAnswer a = gen.answer("Who may approve a rollback of the billing service?", sources);
    assertThat(a.status()).isEqualTo(AnswerStatus.ANSWERED);
    assertThat(a.answer()).contains("on-call engineer may approve");
    assertThat(new DefaultCitationValidator().validate(a, sources).passed()).isTrue();
    assertThat(a.allCitations()).allMatch(c -> c.sourceId().equals("k7q2m"));
  }

  @Test
  void reply_is_contract_json() {
    GenerationRequest req =
        new GenerationRequest(
            "How long does a rollback take?",
            new dev.citerag.context.BuiltContext(sources, "sys", "user", 10),
            List.of(),
            1,
            null);
    var reply = gen.generate(req);
    var parsed = AnswerParser.parse(reply.text());
    assertThat(parsed.ok()).isTrue();
    assertThat(parsed.answer().answer()).contains("5 minutes");
  }

  @Test
  void typed_answer_is_what_its_reply_text_parses_back_to() {
    // the pipeline validates the typed answer instead of parsing the text: both must agree
    for (String question :
        List.of(
            "How long does a rollback take?",
            "Who may approve a rollback of the billing service?",
            "quarterly revenue forecast")) {
      GenerationRequest req =
          new GenerationRequest(
              question,
              new dev.citerag.context.BuiltContext(sources, "sys", "user", 10),
              List.of(),
              1,
              null);
      ExtractiveGenerator.TypedReply typed = gen.generateTyped(req);
      var parsed = AnswerParser.parse(typed.reply().text());
      assertThat(parsed.ok()).as(question).isTrue();
      assertThat(parsed.answer()).as(question).isEqualTo(typed.answer());
      assertThat(typed.reply().text()).as(question).isEqualTo(gen.generate(req).text());
    }
  }

  @Test
  void abstains_on_a_near_miss_when_the_asked_fact_is_absent() {
    // the rotation day is in the sources, the handover time is not
    ModelAnswer a = gen.answer("At what time is the on-call handover?", sources);
    assertThat(a.status()).isEqualTo(AnswerStatus.NOT_IN_SOURCES);
  }

  @Test
  void abstains_when_no_sentence_shares_a_term_with_the_question() {
    assertThat(gen.answer("quarterly revenue forecast", sources).status())
        .isEqualTo(AnswerStatus.NOT_IN_SOURCES);
    assertThat(gen.answer("what is it?", sources).status()).isEqualTo(AnswerStatus.NOT_IN_SOURCES);
    assertThat(gen.answer("rollback", List.of()).status()).isEqualTo(AnswerStatus.NOT_IN_SOURCES);
  }

  @Test
  void splits_lines_and_sentences_without_breaking_numbers() {
    assertThat(
            ExtractiveGenerator.sentences(
                "Burst is 0.015 of quota. Next one here.\n- item two is here"))
        .containsExactly("Burst is 0.015 of quota.", "Next one here.", "item two is here");
  }

  @Test
  void answers_table_questions_with_the_matching_row_not_the_header() {
    List<SentSource> table =
        List.of(
            Sources.sent(
                "t4b1e",
                "Pricing\n\n| Plan | Fee per call | Monthly cap |\n"
                    + "|------|-------------:|------------:|\n| Free plan | 0.015 EUR | 1000 calls |\n| Team plan | 0.010 EUR | 50000 calls |"));
    ModelAnswer a = gen.answer("What is the fee per call on the Team plan?", table);
    assertThat(a.status()).isEqualTo(AnswerStatus.ANSWERED);
    assertThat(a.answer()).isEqualTo("Team plan: fee per call 0.010 EUR; monthly cap 50000 calls");
    assertThat(a.claims().get(0).citations().get(0).quote())
        .isEqualTo("| Team plan | 0.010 EUR | 50000 calls |");
    assertThat(new DefaultCitationValidator().validate(a, table).passed()).isTrue();
  }

  @Test
  void strictness_parses_its_wire_names_and_rejects_others() {
    assertThat(ExtractiveGenerator.Strictness.of("Strict"))
        .isEqualTo(ExtractiveGenerator.Strictness.STRICT);
    assertThat(new ExtractiveGenerator().strictness())
        .isEqualTo(ExtractiveGenerator.Strictness.BALANCED);
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> ExtractiveGenerator.Strictness.of("loose"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("strictness");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> ExtractiveGenerator.builder().strictness(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("strictness");
  }

  @Test
  void a_stricter_setting_never_answers_what_a_looser_one_refuses() {
    String q = "When does the on-call rotation change?";
    ExtractiveGenerator strictest =
        ExtractiveGenerator.builder().strictness(ExtractiveGenerator.Strictness.STRICTEST).build();
    ExtractiveGenerator lenient =
        ExtractiveGenerator.builder().strictness(ExtractiveGenerator.Strictness.LENIENT).build();
    assertThat(lenient.answer(q, sources).status()).isEqualTo(AnswerStatus.ANSWERED);
    assertThat(strictest.answer(q, sources).status()).isEqualTo(AnswerStatus.ANSWERED);
    String partial = "Which approvals does a billing rollback of the payments cluster need?";
    if (lenient.answer(partial, sources).status() == AnswerStatus.NOT_IN_SOURCES) {
      assertThat(strictest.answer(partial, sources).status())
          .isEqualTo(AnswerStatus.NOT_IN_SOURCES);
    }
    assertThat(strictest.answer(partial, sources).status()).isEqualTo(AnswerStatus.NOT_IN_SOURCES);
  }

  /** A stand-in for a semantic embedder: hashing vectors under another model name. */
  private static final dev.citerag.embed.Embedder SEMANTIC =
      new dev.citerag.embed.Embedder() {
        private final dev.citerag.embed.LocalHashingEmbedder h =
            new dev.citerag.embed.LocalHashingEmbedder();

        @Override
        public List<float[]> embedDocuments(List<dev.citerag.embed.DocumentText> documents) {
          return h.embedDocuments(documents);
        }

        @Override
        public float[] embedQuery(String query) {
          return h.embedQuery(query);
        }

        @Override
        public dev.citerag.embed.EmbedderIdentity identity() {
          return new dev.citerag.embed.EmbedderIdentity(
              "test", "semantic-stand-in", null, 384, null);
        }
      };

  @Test
  void with_a_semantic_embedder_it_scores_answerability_and_keeps_the_vetoes() {
    ExtractiveGenerator g =
        ExtractiveGenerator.builder()
            .embedder(SEMANTIC)
            .strictness(ExtractiveGenerator.Strictness.LENIENT)
            .build();
    ModelAnswer a = g.answer("Who may approve a rollback of the billing service?", sources);
    assertThat(a.status()).isEqualTo(AnswerStatus.ANSWERED);
    assertThat(a.answer()).contains("on-call engineer may approve");
    assertThat(g.answer("Who may not approve a rollback of the billing service?", sources).status())
        .isEqualTo(AnswerStatus.NOT_IN_SOURCES);
    assertThat(g.answer("How long does the rotation last at 17:45?", sources).status())
        .isEqualTo(AnswerStatus.NOT_IN_SOURCES);
  }
}
