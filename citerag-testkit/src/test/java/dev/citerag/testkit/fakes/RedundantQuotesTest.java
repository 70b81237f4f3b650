package dev.citerag.testkit.fakes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import org.junit.jupiter.api.Test;

/** Quote length cap and redundant quotes, through the pipeline with a scripted model. */
class RedundantQuotesTest {

  private static final String QUESTION = "How long does a rollback take?";
  private static final String NEEDED =
      "The rollback skips the canary stages and normally completes within 4 minutes.";
  private static final String NOT_NEEDED = "Run deployctl rollback --service <name> --to <sha>";
  private static final String CLAIM = "The rollback normally completes within 4 minutes.";

  private final PipelineFixture f = new PipelineFixture();

  private RagPipeline.Builder builder() {
    return RagPipeline.builder()
        .embedder(f.embedder)
        .store(f.store)
        .generator(AnswerGenerator.of(f.model))
        .maxRetries(0);
  }

  private static Reply twoQuotes() {
    return Reply.answered(CLAIM, Cite.quote(NEEDED), Cite.quote(NOT_NEEDED));
  }

  @Test
  void a_quote_the_claim_does_not_need_is_a_warning_naming_it_and_is_not_re_prompted_by_default() {
    f.model.enqueue(twoQuotes());
    RagResult r = builder().build().ask(QUESTION);
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Answered.class,
            a -> {
              assertThat(a.warnings())
                  .singleElement()
                  .satisfies(
                      w -> {
                        assertThat(w.type()).isEqualTo(IssueType.REDUNDANT_CITATIONS);
                        assertThat(w.detail()).contains("claim 1 of 1, citation 2", "not needed");
                        assertThat(w.quote()).isEqualTo(NOT_NEEDED);
                      });
              assertThat(a.citations()).hasSize(2);
            });
    assertThat(f.model.callCount()).isEqualTo(1);
  }

  @Test
  void when_asked_a_redundant_quote_is_re_prompted_once_naming_it_and_the_better_reply_served() {
    f.model.enqueue(twoQuotes(), Reply.answered(CLAIM, Cite.quote(NEEDED)));
    RagResult r = builder().repromptRedundantCitations(true).build().ask(QUESTION);
    assertThat(f.model.callCount()).isEqualTo(2);
    String feedback = f.model.lastCall().request().userContent();
    assertThat(feedback).contains("redundant_citations", "citation 2", NOT_NEEDED);
    // the reply was acceptable: the re-prompt says so instead of calling it rejected
    assertThat(feedback)
        .contains(
            "\n\nPrevious reply valid; quotes it need not repeat:\n",
            "Your previous reply was valid. The quotes below repeat what another quote of the same"
                + " claim already shows. Reply again with one JSON object without them, or the"
                + " previous reply stands.")
        .doesNotContain("rejected");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Answered.class,
            a -> {
              assertThat(a.warnings()).isEmpty();
              assertThat(a.citations())
                  .singleElement()
                  .satisfies(c -> assertThat(c.quote()).isEqualTo(NEEDED));
              assertThat(a.trace().attempts()).hasSize(2);
            });
  }

  @Test
  void a_re_prompt_whose_reply_fails_serves_the_first_valid_answer_with_its_warning() {
    f.model.enqueue(twoQuotes(), Reply.invalidJson());
    RagResult r = builder().repromptRedundantCitations(true).build().ask(QUESTION);
    assertThat(f.model.callCount()).isEqualTo(2);
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Answered.class,
            a -> {
              assertThat(a.answer()).isEqualTo(CLAIM);
              assertThat(a.warnings())
                  .extracting(ValidationIssue::type)
                  .containsExactly(IssueType.REDUNDANT_CITATIONS);
            });
  }

  @Test
  void a_quote_past_the_configured_cap_is_a_warning_and_still_served() {
    f.model.enqueue(Reply.answered(CLAIM, Cite.quote(NEEDED)));
    RagResult r =
        builder()
            .validator(new DefaultCitationValidator().withMaxQuoteChars(40))
            .build()
            .ask(QUESTION);
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Answered.class,
            a ->
                assertThat(a.warnings())
                    .singleElement()
                    .satisfies(
                        w -> {
                          assertThat(w.type()).isEqualTo(IssueType.QUOTE_TOO_LONG);
                          assertThat(w.detail())
                              .contains(NEEDED.length() + " characters, more than 40");
                        }));
  }

  @Test
  void the_default_cap_warns_about_no_whole_sentence_quote() {
    f.model.enqueue(Reply.answered(CLAIM, Cite.quote(NEEDED)));
    RagResult r = builder().build().ask(QUESTION);
    assertThat(r)
        .isInstanceOfSatisfying(RagResult.Answered.class, a -> assertThat(a.warnings()).isEmpty());
    assertThat(new DefaultCitationValidator().maxQuoteChars())
        .isEqualTo(DefaultCitationValidator.DEFAULT_MAX_QUOTE_CHARS);
  }
}
