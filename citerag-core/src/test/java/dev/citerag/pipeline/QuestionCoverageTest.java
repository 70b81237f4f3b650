package dev.citerag.pipeline;

import static dev.citerag.pipeline.PipelineFixtures.answerJson;
import static dev.citerag.pipeline.PipelineFixtures.hit;
import static dev.citerag.pipeline.PipelineFixtures.reply;
import static dev.citerag.pipeline.PipelineFixtures.sources;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.answer.IssueType;
import dev.citerag.answer.Severity;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.pipeline.PipelineFixtures.ConstantEmbedder;
import dev.citerag.pipeline.PipelineFixtures.FnChatModel;
import dev.citerag.pipeline.PipelineFixtures.ScriptedStore;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Question coverage with a model: an answer whose every quote is verified can still answer another
 * question. One test per kind of near miss, each on its own small document.
 */
class QuestionCoverageTest {

  static final String MEALS =
      "Meal allowance: in Germany and France the daily meal allowance is 45 EUR per traveller.";
  static final String LATENCY =
      "The billing service has a p99 latency target of 300 ms measured at the load balancer.";
  static final String INCIDENTS =
      "| Priority | First response |\n|---|---|\n| P1 | within 15 minutes |\n"
          + "| P2 | within 1 hour |\n| P3 | within 1 business day |";
  static final String DATABASE =
      "The primary database fails over to its standby within 30 seconds of a node loss.";
  static final String BUDGET =
      "Every engineer has an annual training budget of 2,000 EUR for courses and books.";

  /** A model that always cites the one sent source with {@code quote}. */
  static Function<ChatRequest, ChatResponse> quoting(String quote) {
    return r -> reply(answerJson(sources(r).get(0)[0], quote));
  }

  static RagPipeline.Builder over(String text, FnChatModel model) {
    return RagPipeline.builder()
        .embedder(new ConstantEmbedder(4))
        .store(new ScriptedStore(q -> List.of(hit("c1", text, 0.8, true))))
        .generator(AnswerGenerator.of(model));
  }

  static RagResult ask(String text, String quote, String question) {
    return over(text, new FnChatModel(quoting(quote))).build().ask(question);
  }

  static void rejectedNaming(RagResult r, String term) {
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            x -> {
              assertThat(x.reason()).isEqualTo(RejectReason.QUESTION_NOT_COVERED);
              assertThat(x.issues())
                  .anySatisfy(
                      i -> {
                        assertThat(i.type()).isEqualTo(IssueType.QUESTION_NOT_COVERED);
                        assertThat(i.detail()).contains("\"" + term + "\"");
                      });
            });
  }

  @Test
  void a_place_the_cited_source_does_not_name_is_not_covered() {
    String quote = "the daily meal allowance is 45 EUR per traveller";
    rejectedNaming(ask(MEALS, quote, "What is the daily meal allowance in Japan?"), "japan");
    assertThat(ask(MEALS, quote, "What is the daily meal allowance in France?"))
        .isInstanceOf(RagResult.Answered.class);
  }

  @Test
  void a_sibling_service_qualified_otherwise_in_the_source_is_not_covered() {
    String quote = "The billing service has a p99 latency target of 300 ms";
    rejectedNaming(
        ask(LATENCY, quote, "What is the p99 latency target of the search service?"), "search");
    assertThat(ask(LATENCY, quote, "What is the p99 latency target of the billing service?"))
        .isInstanceOf(RagResult.Answered.class);
  }

  @Test
  void a_level_the_table_does_not_have_is_not_covered() {
    String quote = "| P3 | within 1 business day |";
    rejectedNaming(ask(INCIDENTS, quote, "What is the first response time for P4?"), "p4");
    assertThat(ask(INCIDENTS, quote, "What is the first response time for P3?"))
        .isInstanceOf(RagResult.Answered.class);
  }

  @Test
  void the_opposite_component_is_not_covered() {
    String quote = "The primary database fails over to its standby within 30 seconds";
    rejectedNaming(
        ask(DATABASE, quote, "How fast does the secondary database fail over?"), "secondary");
    assertThat(ask(DATABASE, quote, "How fast does the primary database fail over?"))
        .isInstanceOf(RagResult.Answered.class);
  }

  @Test
  void another_period_is_not_covered() {
    String quote = "Every engineer has an annual training budget of 2,000 EUR";
    rejectedNaming(
        ask(BUDGET, quote, "What is the quarterly training budget per engineer?"), "quarterly");
    assertThat(ask(BUDGET, quote, "What is the annual training budget per engineer?"))
        .isInstanceOf(RagResult.Answered.class);
  }

  @Test
  void a_question_word_only_in_the_heading_or_title_is_covered() {
    // Sources.chunk titles every chunk "Title c1" under the heading "Section"
    String quote = "The billing service has a p99 latency target of 300 ms";
    RagResult r = ask(LATENCY, quote, "What is the p99 latency of the billing service in Title?");
    assertThat(r).isInstanceOf(RagResult.Answered.class);
    assertThat(r.trace().questionCoverage())
        .anySatisfy(
            t -> {
              assertThat(t.term()).isEqualTo("title");
              assertThat(t.kind()).isEqualTo("name");
              assertThat(t.sourceIds()).hasSize(1);
            });
  }

  @Test
  void the_retry_names_the_uncovered_term_and_offers_not_in_sources() {
    FnChatModel model =
        new FnChatModel(
            r ->
                r.userContent().contains("Previous reply rejected")
                    ? reply("{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]}")
                    : quoting("the daily meal allowance is 45 EUR per traveller").apply(r));
    RagResult r = over(MEALS, model).build().ask("What is the daily meal allowance in Japan?");

    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Abstained.class, a -> assertThat(a.detail()).contains("\"japan\""));
    assertThat(model.requests).hasSize(2);
    String retry = model.requests.get(1).userContent();
    assertThat(retry).contains("question_not_covered").contains("japan").contains("not_in_sources");
    assertThat(r.trace().attempts().get(0).issues())
        .extracting(i -> i.type())
        .containsExactly(IssueType.QUESTION_NOT_COVERED);
  }

  @Test
  void coverage_is_retried_once_even_when_more_retries_are_allowed() {
    FnChatModel model =
        new FnChatModel(quoting("the daily meal allowance is 45 EUR per traveller"));
    RagResult r =
        over(MEALS, model).maxRetries(3).build().ask("What is the daily meal allowance in Japan?");
    rejectedNaming(r, "japan");
    assertThat(model.requests).hasSize(2);
  }

  @Test
  void the_warning_policy_serves_the_answer_with_a_warning() {
    RagResult r =
        over(MEALS, new FnChatModel(quoting("the daily meal allowance is 45 EUR per traveller")))
            .questionCoverage(CoveragePolicy.WARNING)
            .build()
            .ask("What is the daily meal allowance in Japan?");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Answered.class,
            a ->
                assertThat(a.warnings())
                    .anySatisfy(
                        i -> {
                          assertThat(i.type()).isEqualTo(IssueType.QUESTION_NOT_COVERED);
                          assertThat(i.severity()).isEqualTo(Severity.WARNING);
                        }));
  }

  @Test
  void the_off_policy_serves_the_answer_and_still_traces_coverage() {
    RagResult r =
        over(MEALS, new FnChatModel(quoting("the daily meal allowance is 45 EUR per traveller")))
            .questionCoverage(CoveragePolicy.OFF)
            .build()
            .ask("What is the daily meal allowance in Japan?");
    assertThat(r).isInstanceOf(RagResult.Answered.class);
    assertThat(((RagResult.Answered) r).warnings()).isEmpty();
    assertThat(r.trace().questionCoverage())
        .anySatisfy(
            t -> {
              assertThat(t.term()).isEqualTo("japan");
              assertThat(t.covered()).isFalse();
              assertThat(t.sourceIds()).isEmpty();
            })
        .anySatisfy(
            t -> {
              assertThat(t.term()).isEqualTo("meal");
              assertThat(t.covered()).isTrue();
            });
  }

  @Test
  void a_synonym_from_the_term_equivalence_covers_the_term() {
    String quote = "the daily meal allowance is 45 EUR per traveller";
    RagResult r =
        over(MEALS, new FnChatModel(quoting(quote)))
            .termEquivalence(w -> w.equals("deutschland") ? Set.of("germany") : Set.of())
            .build()
            .ask("What is the daily meal allowance in Deutschland?");
    assertThat(r).isInstanceOf(RagResult.Answered.class);
  }

  @Test
  void a_count_word_is_covered_by_its_number() {
    String text = "Dropping a table in one step is forbidden; split it into two migrations.";
    RagResult r =
        ask(
            text,
            "Dropping a table in one step is forbidden",
            "Can I drop a table in a single migration?");
    assertThat(r).isInstanceOf(RagResult.Answered.class);
  }

  @Test
  void the_settings_reject_null_naming_the_field() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> RagPipeline.builder().questionCoverage(null));
    assertThat(e.getMessage()).contains("questionCoverage");
    assertThat(
            assertThrows(
                    IllegalArgumentException.class,
                    () -> RagPipeline.builder().termEquivalence(null))
                .getMessage())
        .contains("termEquivalence");
  }
}
