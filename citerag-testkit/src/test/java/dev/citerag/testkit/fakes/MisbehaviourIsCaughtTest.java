package dev.citerag.testkit.fakes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.IssueType;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.pipeline.AbstainReason;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.RejectReason;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Each scripted misbehaviour goes through the real pipeline and must be caught by core's gates. */
class MisbehaviourIsCaughtTest {

  private static final String QUESTION = "How do I roll back a release with deployctl?";

  private final PipelineFixture f = new PipelineFixture();

  private RagResult askOnce(Reply reply) {
    f.model.otherwise(reply);
    return f.pipeline(0).ask(QUESTION);
  }

  private static RagResult.Rejected rejected(RagResult r) {
    assertThat(r).isInstanceOf(RagResult.Rejected.class);
    return (RagResult.Rejected) r;
  }

  @Test
  void a_valid_quoting_reply_is_answered_with_the_cited_chunk_resolved() {
    RagResult r = askOnce(Reply.quoting("Run deployctl rollback --service <name> --to <sha>"));

    assertThat(r).isInstanceOf(RagResult.Answered.class);
    RagResult.Answered a = (RagResult.Answered) r;
    assertThat(a.citations())
        .singleElement()
        .satisfies(c -> assertThat(c.chunk().docId()).isEqualTo("rollbacks"));
    assertThat(a.answer()).isEqualTo("Run deployctl rollback --service <name> --to <sha>");
  }

  @Test
  void a_phantom_source_id_is_rejected_as_phantom_source() {
    RagResult.Rejected r =
        rejected(
            askOnce(Reply.phantomCitation("Use deployctl.", "Run deployctl rollback --service")));

    assertThat(r.reason()).isEqualTo(RejectReason.INVALID_CITATIONS);
    assertThat(r.issues()).extracting(ValidationIssue::type).contains(IssueType.PHANTOM_SOURCE);
    // the invented id never leaves the library: the issue names the citation's position instead
    assertThat(r.issues().get(0).sourceId()).isNull();
    assertThat(r.issues().get(0).detail())
        .contains("claim 1 of 1, citation 1")
        .doesNotContain("x1q1z");
  }

  @Test
  void a_quote_glued_from_two_fragments_is_rejected_as_quote_not_found() {
    RagResult.Rejected r =
        rejected(
            askOnce(
                Reply.gluedQuote(
                    "Roll back quickly.",
                    "Run deployctl rollback --service <name>",
                    "normally completes within 4 minutes")));

    assertThat(r.reason()).isEqualTo(RejectReason.INVALID_CITATIONS);
    assertThat(r.issues()).extracting(ValidationIssue::type).contains(IssueType.QUOTE_NOT_FOUND);
  }

  @Test
  void an_abstention_carrying_a_citation_is_rejected() {
    RagResult.Rejected r =
        rejected(askOnce(Reply.abstentionWithCitation("The rotation changes every Monday")));

    assertThat(r.issues())
        .extracting(ValidationIssue::type)
        .containsExactly(IssueType.ABSTENTION_WITH_CITATIONS);
  }

  @Test
  void a_quote_shorter_than_four_words_is_rejected_as_quote_too_short() {
    RagResult.Rejected r =
        rejected(
            askOnce(
                Reply.answered("Use deployctl.", Cite.of("deployctl rollback", "Run deployctl"))));

    assertThat(r.issues()).extracting(ValidationIssue::type).contains(IssueType.QUOTE_TOO_SHORT);
  }

  @Test
  void an_answer_without_citations_is_rejected() {
    RagResult.Rejected r = rejected(askOnce(Reply.answered("Use deployctl rollback.")));

    assertThat(r.issues())
        .extracting(ValidationIssue::type)
        .contains(IssueType.ANSWER_WITHOUT_CITATIONS);
  }

  @Test
  void prose_instead_of_json_is_rejected_as_an_invalid_reply() {
    RagResult.Rejected r = rejected(askOnce(Reply.invalidJson()));

    assertThat(r.reason()).isEqualTo(RejectReason.INVALID_REPLY);
    assertThat(r.issues())
        .extracting(ValidationIssue::type)
        .containsExactly(IssueType.INVALID_JSON);
  }

  @Test
  void json_that_breaks_the_schema_is_rejected_as_schema_mismatch() {
    RagResult.Rejected r = rejected(askOnce(Reply.schemaMismatch()));

    assertThat(r.reason()).isEqualTo(RejectReason.INVALID_REPLY);
    assertThat(r.issues())
        .extracting(ValidationIssue::type)
        .containsExactly(IssueType.SCHEMA_MISMATCH);
  }

  @Test
  void a_truncated_reply_is_rejected_as_truncated() {
    RagResult.Rejected r =
        rejected(
            askOnce(
                Reply.truncated(
                    Reply.quoting("Run deployctl rollback --service <name> --to <sha>"))));

    assertThat(r.reason()).isEqualTo(RejectReason.TRUNCATED);
    assertThat(r.trace().attempts())
        .singleElement()
        .satisfies(a -> assertThat(a.rawReply()).startsWith("{\"status\":\"answered\""));
  }

  @Test
  void a_blocked_reply_is_rejected_as_blocked() {
    RagResult.Rejected r = rejected(askOnce(Reply.blocked()));

    assertThat(r.reason()).isEqualTo(RejectReason.BLOCKED);
    assertThat(r.detail()).contains("SAFETY");
  }

  @Test
  void a_transient_provider_failure_is_rejected_as_a_provider_error() {
    RagResult.Rejected r = rejected(askOnce(Reply.rateLimited(Duration.ofSeconds(26))));

    assertThat(r.reason()).isEqualTo(RejectReason.PROVIDER_ERROR);
    assertThat(f.model.lastCall().failure())
        .isInstanceOf(dev.citerag.TransientProviderException.class);
  }

  @Test
  void a_phantom_citation_is_corrected_on_retry_and_the_retry_names_the_phantom_citation() {
    f.model.onQuestion(
        "roll back",
        Reply.phantomCitation("Use deployctl.", "Run deployctl rollback --service"),
        Reply.quoting("Run deployctl rollback --service <name> --to <sha>"));

    RagResult r = f.pipeline(1).ask(QUESTION);

    assertThat(r).isInstanceOf(RagResult.Answered.class);
    assertThat(f.model.calls()).hasSize(2);
    assertThat(f.model.calls().get(1).request().userContent())
        .contains("phantom_source")
        .contains("citation 1");
    assertThat(f.model.calls().get(1).sources().ids())
        .isEqualTo(f.model.calls().get(0).sources().ids());
  }

  @Test
  void a_correct_abstention_is_served_as_not_in_sources() {
    RagResult r = askOnce(Reply.notInSources());

    assertThat(r).isInstanceOf(RagResult.Abstained.class);
    assertThat(((RagResult.Abstained) r).reason()).isEqualTo(AbstainReason.NOT_IN_SOURCES);
  }
}
