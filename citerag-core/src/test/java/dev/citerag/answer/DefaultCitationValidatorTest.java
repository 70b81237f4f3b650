package dev.citerag.answer;

import static dev.citerag.answer.Sources.sent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class DefaultCitationValidatorTest {

  static final String ROLLBACK =
      "Rollbacks use deployctl rollback --to <sha>. A rollback finishes within 5 minutes for most"
          + " services.\nOnly the on-call engineer may approve a rollback of the billing service.";
  static final String LIMITS =
      "The default rate limit is 600 requests per minute per key. Burst capacity is 0.015 of the"
          + " daily quota.";

  final List<SentSource> sent = List.of(sent("k7q2m", ROLLBACK), sent("p3x9d", LIMITS));
  final DefaultCitationValidator validator = new DefaultCitationValidator();

  static ModelAnswer answered(String text, Citation... citations) {
    return ModelAnswer.answered(text, List.of(citations));
  }

  static List<IssueType> types(ValidationReport r) {
    return r.issues().stream().map(ValidationIssue::type).toList();
  }

  @Test
  void accepts_exact_quote_from_a_sent_source() {
    ValidationReport r =
        validator.validate(
            answered(
                "A rollback finishes within 5 minutes.",
                new Citation("k7q2m", "A rollback finishes within 5 minutes for most services.")),
            sent);
    assertThat(r.passed()).isTrue();
    assertThat(r.issues()).isEmpty();
    assertThat(r.groundingScore()).isGreaterThan(0.5).isLessThanOrEqualTo(1.0);
  }

  @Test
  void accepts_quote_that_differs_only_in_whitespace() {
    ValidationReport r =
        validator.validate(
            answered(
                "Rollback within 5 minutes.",
                new Citation("k7q2m", "  A rollback   finishes\nwithin\t5 minutes  ")),
            sent);
    assertThat(r.passed()).isTrue();
  }

  @Test
  void accepts_quote_spanning_a_line_break_of_the_source() {
    ValidationReport r =
        validator.validate(
            answered(
                "Only the on-call engineer may approve.",
                new Citation("k7q2m", "most services. Only the on-call engineer may approve")),
            sent);
    assertThat(r.passed()).isTrue();
  }

  @Test
  void rejects_phantom_source_id() {
    ValidationReport r =
        validator.validate(
            answered(
                "Rollback within 5 minutes.",
                new Citation("zzzzz", "A rollback finishes within 5 minutes")),
            sent);
    assertThat(r.passed()).isFalse();
    assertThat(types(r)).containsExactly(IssueType.PHANTOM_SOURCE);
    // the invented id is not repeated: the issue names the position and the ids that were sent
    assertThat(r.criticalIssues().get(0).sourceId()).isNull();
    assertThat(r.criticalIssues().get(0).detail())
        .doesNotContain("zzzzz")
        .contains("claim 1 of 1, citation 1")
        .contains("[k7q2m, p3x9d]");
  }

  @Test
  void rejects_sequential_style_ids_that_were_never_sent() {
    ValidationReport r =
        validator.validate(
            answered("x", new Citation("1", "A rollback finishes within 5 minutes")), sent);
    assertThat(types(r)).containsExactly(IssueType.PHANTOM_SOURCE);
  }

  @Test
  void rejects_quote_attributed_to_the_wrong_sent_source() {
    ValidationReport r =
        validator.validate(
            answered(
                "Limit is 600.", new Citation("k7q2m", "The default rate limit is 600 requests")),
            sent);
    assertThat(types(r)).contains(IssueType.QUOTE_NOT_FOUND);
  }

  @Test
  void rejects_quote_glued_from_two_fragments() {
    // both halves are in the source, but not next to each other
    ValidationReport r =
        validator.validate(
            answered(
                "Rollback approval.",
                new Citation(
                    "k7q2m", "A rollback finishes within the on-call engineer may approve")),
            sent);
    assertThat(r.passed()).isFalse();
    assertThat(types(r)).contains(IssueType.QUOTE_NOT_FOUND);
  }

  @Test
  void rejects_reordered_words() {
    ValidationReport r =
        validator.validate(
            answered("x", new Citation("k7q2m", "finishes A rollback within 5 minutes")), sent);
    assertThat(types(r)).contains(IssueType.QUOTE_NOT_FOUND);
  }

  @Test
  void rejects_changed_punctuation_and_reports_drift() {
    ValidationReport r =
        validator.validate(
            answered(
                "x",
                new Citation(
                    "p3x9d", "The default rate limit is 600 requests per minute, per key")),
            sent);
    assertThat(r.passed()).isFalse();
    assertThat(types(r)).contains(IssueType.QUOTE_NOT_FOUND, IssueType.QUOTE_DRIFT);
  }

  @Test
  void rejects_changed_case() {
    ValidationReport r =
        validator.validate(
            answered("x", new Citation("p3x9d", "the default rate limit is 600")), sent);
    assertThat(types(r)).contains(IssueType.QUOTE_NOT_FOUND);
  }

  @Test
  void rejects_quote_starting_in_the_middle_of_a_word() {
    ValidationReport r =
        validator.validate(
            answered("x", new Citation("k7q2m", "ollback finishes within 5 minutes")), sent);
    assertThat(types(r)).contains(IssueType.QUOTE_NOT_FOUND);
  }

  @Test
  void rejects_quotes_of_fewer_than_four_words() {
    for (String q : List.of("rollback", "A rollback", "within 5 minutes", "", "   ")) {
      ValidationReport r = validator.validate(answered("x", new Citation("k7q2m", q)), sent);
      assertThat(types(r)).as("quote \"%s\"", q).containsExactly(IssueType.QUOTE_TOO_SHORT);
    }
  }

  @Test
  void markup_tokens_do_not_count_as_words() {
    List<SentSource> table =
        List.of(
            Sources.sent(
                "t4b1e",
                "Deploys > Environments | Environment | Cluster | Approvals | |---|---|---| | prod | kst-prd-1 | 2 |\n- The artifact must come from main"));
    for (String q :
        List.of(
            "| Approvals | |---|---|---|",
            "Deploys > Environments |",
            "| prod | kst-prd-1 |",
            "- The artifact must")) {
      ValidationReport r = validator.validate(answered("x", new Citation("t4b1e", q)), table);
      assertThat(types(r)).as("quote \"%s\"", q).containsExactly(IssueType.QUOTE_TOO_SHORT);
    }
    ValidationReport ok =
        validator.validate(
            answered(
                "prod: kst-prd-1, 2", new Citation("t4b1e", "| prod | kst-prd-1 | 2 |\n- The")),
            table);
    assertThat(ok.passed()).as("four words among markup pass").isTrue();
  }

  @Test
  void minimum_quote_words_is_configurable() {
    DefaultCitationValidator two = new DefaultCitationValidator(2, 3);
    assertThat(
            two.validate(answered("5 minutes", new Citation("k7q2m", "5 minutes")), sent).passed())
        .isTrue();
    assertThrows(IllegalArgumentException.class, () -> new DefaultCitationValidator(0, 3));
  }

  @Test
  void rejects_abstention_that_carries_citations() {
    ModelAnswer a =
        new ModelAnswer(
            AnswerStatus.NOT_IN_SOURCES,
            "",
            List.of(
                new Claim(
                    "x", List.of(new Citation("k7q2m", "A rollback finishes within 5 minutes")))));
    ValidationReport r = validator.validate(a, sent);
    assertThat(types(r)).containsExactly(IssueType.ABSTENTION_WITH_CITATIONS);
    assertThat(r.groundingScore()).isZero();
  }

  @Test
  void accepts_clean_abstention_with_full_grounding() {
    ValidationReport r = validator.validate(ModelAnswer.notInSources(), sent);
    assertThat(r.passed()).isTrue();
    assertThat(r.groundingScore()).isEqualTo(1.0);
  }

  @Test
  void rejects_answer_without_citations() {
    ModelAnswer a = new ModelAnswer(AnswerStatus.ANSWERED, "Five minutes.", List.of());
    assertThat(types(validator.validate(a, sent)))
        .containsExactly(IssueType.ANSWER_WITHOUT_CITATIONS);
    ModelAnswer b =
        new ModelAnswer(
            AnswerStatus.ANSWERED, "Five minutes.", List.of(new Claim("Five minutes.", List.of())));
    assertThat(types(validator.validate(b, sent)))
        .containsExactly(IssueType.ANSWER_WITHOUT_CITATIONS);
  }

  @Test
  void rejects_claim_without_citation_when_another_claim_has_one() {
    ModelAnswer a =
        new ModelAnswer(
            AnswerStatus.ANSWERED,
            "A rollback finishes within 5 minutes. The limit is 600 requests per minute.",
            List.of(
                new Claim(
                    "A rollback finishes within 5 minutes.",
                    List.of(new Citation("k7q2m", "A rollback finishes within 5 minutes"))),
                new Claim("The limit is 600 requests per minute.", List.of())));
    ValidationReport r = validator.validate(a, sent);
    assertThat(r.passed()).isFalse();
    assertThat(types(r)).containsExactly(IssueType.CLAIM_WITHOUT_CITATION);
    assertThat(r.criticalIssues().get(0).detail())
        .isEqualTo("claim 2 of 2 has no citation; every claim needs at least one");
  }

  @Test
  void rejects_empty_answer_text() {
    ValidationReport r =
        validator.validate(
            new ModelAnswer(
                AnswerStatus.ANSWERED,
                " ",
                List.of(
                    new Claim(
                        "x",
                        List.of(new Citation("k7q2m", "A rollback finishes within 5 minutes"))))),
            sent);
    assertThat(types(r)).contains(IssueType.EMPTY_ANSWER);
  }

  @Test
  void warns_on_redundant_citations_but_passes() {
    Citation c = new Citation("k7q2m", "A rollback finishes within 5 minutes");
    ValidationReport r =
        validator.validate(answered("A rollback finishes within 5 minutes.", c, c), sent);
    assertThat(r.passed()).isTrue();
    assertThat(types(r)).containsExactly(IssueType.REDUNDANT_CITATIONS);
    assertThat(r.warnings()).hasSize(1);
  }

  @Test
  void rejects_a_claim_unrelated_to_its_real_quote_and_scores_it_low() {
    ValidationReport r =
        validator.validate(
            answered(
                "Kubernetes autoscaling uses Prometheus metrics from Grafana dashboards.",
                new Citation("k7q2m", "A rollback finishes within 5 minutes")),
            sent);
    assertThat(r.passed()).isFalse();
    assertThat(types(r)).containsExactly(IssueType.UNSUPPORTED_CLAIM);
    assertThat(r.criticalIssues().get(0).detail()).contains("\"kubernetes\"", "\"prometheus\"");
    assertThat(r.groundingScore()).isLessThan(0.2);
  }

  @Test
  void rejects_a_true_quote_attached_to_a_claim_that_adds_to_it() {
    ValidationReport r =
        validator.validate(
            answered(
                "A rollback finishes within 5 minutes for every service, including billing, without approval.",
                new Citation("k7q2m", "A rollback finishes within 5 minutes for most services.")),
            sent);
    assertThat(types(r)).containsExactly(IssueType.UNSUPPORTED_CLAIM);
  }

  @Test
  void documents_the_limit_a_false_paraphrase_that_reuses_its_quotes_words_passes() {
    // The support check is lexical: it proves that the claim carries its quote's numbers, names and
    // negation and mostly its words, not that it means the same. Swapping the roles of two words
    // of the quote makes a false claim that still passes.
    ValidationReport r =
        validator.validate(
            answered(
                "Only the billing engineer may approve a rollback of the on-call service.",
                new Citation(
                    "k7q2m",
                    "Only the on-call engineer may approve a rollback of the billing service.")),
            sent);
    assertThat(r.passed()).isTrue();
  }

  @Test
  void reports_every_bad_citation_not_just_the_first() {
    ValidationReport r =
        validator.validate(
            answered(
                "x",
                new Citation("nope1", "A rollback finishes within 5 minutes"),
                new Citation("k7q2m", "short quote"),
                new Citation("p3x9d", "this sentence is not in the source")),
            sent);
    assertThat(types(r))
        .contains(IssueType.PHANTOM_SOURCE, IssueType.QUOTE_TOO_SHORT, IssueType.QUOTE_NOT_FOUND);
    assertThat(r.groundingScore()).isZero();
  }

  @Test
  void allow_list_is_exactly_the_sent_sources() {
    ValidationReport r =
        validator.validate(
            answered("x", new Citation("k7q2m", "A rollback finishes within 5 minutes")),
            List.of(sent.get(1)));
    assertThat(types(r)).containsExactly(IssueType.PHANTOM_SOURCE);
  }
}
