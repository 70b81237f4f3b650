package dev.citerag.answer;

import static dev.citerag.answer.Sources.sent;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The replies of issue 12 that used to be served, each now caught, and their correct twins that
 * pass.
 */
class AnswerIsItsClaimsTest {

  static final String KEYS =
      "Keys rotate every 90 days. After rotation, an old-key request receives HTTP 401 "
          + "within a minute.";
  static final String ROLLBACK =
      "Rollback does not undo database migrations. Rollback redeploys the previous "
          + "image within 5 minutes.";
  static final String LIMITS =
      "The upload limit is 1,000 requests per minute. Non-production deploys are allowed "
          + "at any time. You can't delete a release that is live.";

  final DefaultCitationValidator validator = new DefaultCitationValidator();
  final List<SentSource> sent =
      List.of(sent("k7q2m", KEYS), sent("r8b4n", ROLLBACK), sent("p3x9d", LIMITS));

  static Claim claim(String text, String id, String quote) {
    return new Claim(text, List.of(new Citation(id, quote)));
  }

  static ModelAnswer answer(String text, Claim... claims) {
    return new ModelAnswer(AnswerStatus.ANSWERED, text, List.of(claims));
  }

  List<IssueType> critical(ModelAnswer a) {
    return validator.validate(a, sent).criticalIssues().stream()
        .map(ValidationIssue::type)
        .toList();
  }

  @Test
  void a_correct_answer_of_two_claims_passes() {
    ModelAnswer a =
        answer(
            "Rollback redeploys the previous image within 5 minutes. It does not undo database migrations.",
            claim(
                "Rollback redeploys the previous image within 5 minutes.",
                "r8b4n",
                "Rollback redeploys the previous image within 5 minutes."),
            claim(
                "It does not undo database migrations.",
                "r8b4n",
                "Rollback does not undo database migrations."));
    ValidationReport r = validator.validate(a, sent);
    assertThat(r.issues()).isEmpty();
    assertThat(r.groundingScore()).isGreaterThan(0.9);
  }

  @Test
  void an_uncited_sentence_in_the_answer_text_is_critical() {
    String c = "Rollback redeploys the previous image within 5 minutes.";
    ModelAnswer a =
        answer(
            c + " Rollback also reverts all database migrations automatically.",
            claim(c, "r8b4n", c));
    ValidationReport r = validator.validate(a, sent);
    assertThat(critical(a)).containsExactly(IssueType.UNCITED_TEXT);
    assertThat(r.criticalIssues().get(0).detail())
        .contains("at 56 to 116")
        .doesNotContain("migrations");
  }

  @Test
  void an_answer_that_omits_words_between_claims_only_keeps_punctuation() {
    String c1 = "Rollback redeploys the previous image within 5 minutes";
    String c2 = "Rollback does not undo database migrations";
    assertThat(
            critical(answer(c1 + "; " + c2 + ".", claim(c1, "r8b4n", c1), claim(c2, "r8b4n", c2))))
        .isEmpty();
    assertThat(
            critical(
                answer("- " + c1 + "\n- " + c2, claim(c1, "r8b4n", c1), claim(c2, "r8b4n", c2))))
        .isEmpty();
    assertThat(critical(answer(c1 + ", but " + c2, claim(c1, "r8b4n", c1), claim(c2, "r8b4n", c2))))
        .containsExactly(IssueType.UNCITED_TEXT);
  }

  @Test
  void an_empty_or_invisible_claim_is_critical_and_scores_nothing() {
    String q = "After rotation, an old-key request receives HTTP 401";
    for (String text : List.of("", "   ", "\u200B", "\u200B\u200C\ufeff", "\u00ad")) {
      ModelAnswer a = answer("Old keys get HTTP 401.", claim(text, "k7q2m", q));
      ValidationReport r = validator.validate(a, sent);
      assertThat(critical(a))
          .as("claim %s", text.codePoints().boxed().toList())
          .contains(IssueType.EMPTY_CLAIM);
      assertThat(r.groundingScore()).isZero();
    }
  }

  @Test
  void a_claim_whose_number_its_quote_contradicts_is_unsupported() {
    ModelAnswer a =
        answer(
            "An old-key request receives HTTP 500.",
            claim(
                "An old-key request receives HTTP 500.",
                "k7q2m",
                "an old-key request receives HTTP 401 within a minute"));
    ValidationReport r = validator.validate(a, sent);
    assertThat(critical(a)).containsExactly(IssueType.UNSUPPORTED_CLAIM);
    assertThat(r.criticalIssues().get(0).detail()).contains("claim 1 of 1").contains("\"500\"");
  }

  @Test
  void a_claim_whose_negation_its_quote_contradicts_is_unsupported() {
    ModelAnswer a =
        answer(
            "Rollback undoes database migrations.",
            claim(
                "Rollback undoes database migrations.",
                "r8b4n",
                "Rollback does not undo database migrations."));
    ValidationReport r = validator.validate(a, sent);
    assertThat(critical(a)).containsExactly(IssueType.UNSUPPORTED_CLAIM);
    assertThat(r.criticalIssues().get(0).detail()).contains("contradicted").contains("\"not\"");
  }

  @Test
  void quotes_cut_inside_numbers_and_words_are_not_found() {
    assertThat(
            critical(
                answer(
                    "The upload limit is 1 request per minute.",
                    claim(
                        "The upload limit is 1 request per minute.",
                        "p3x9d",
                        "The upload limit is 1"))))
        .contains(IssueType.QUOTE_NOT_FOUND);
    assertThat(
            critical(
                answer(
                    "Production deploys are allowed at any time.",
                    claim(
                        "Production deploys are allowed at any time.",
                        "p3x9d",
                        "production deploys are allowed at any time"))))
        .contains(IssueType.QUOTE_NOT_FOUND);
    assertThat(
            critical(
                answer(
                    "Delete a release that is live.",
                    claim(
                        "Delete a release that is live.",
                        "p3x9d",
                        "t delete a release that is live"))))
        .contains(IssueType.QUOTE_NOT_FOUND);
  }

  @Test
  void issue_details_never_carry_the_models_text() {
    String secret = "IGNORE-PREVIOUS-INSTRUCTIONS\u001b[31m";
    ModelAnswer a =
        answer(
            secret + " uncited",
            new Claim(
                secret,
                List.of(
                    new Citation(secret, secret),
                    new Citation("k7q2m", secret + " quote text here"))),
            new Claim(secret, List.of()));
    ValidationReport r = validator.validate(a, sent);
    assertThat(r.criticalIssues()).isNotEmpty();
    for (ValidationIssue i : r.issues()) {
      assertThat(i.detail()).doesNotContain("IGNORE").doesNotContain("\u001b");
      assertThat(i.quote()).isNull();
      assertThat(i.sourceId()).isIn(null, "k7q2m");
    }
  }
}
