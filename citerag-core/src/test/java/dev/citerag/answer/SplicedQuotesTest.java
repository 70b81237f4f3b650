package dev.citerag.answer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two quotes of one claim from one sentence of one source are judged with the words between them:
 * quoting around a negation does not make the claim drop it; quotes of two sentences or two
 * sources, and table rows, are judged apart as before.
 */
class SplicedQuotesTest {

  private static final DefaultCitationValidator VALIDATOR = new DefaultCitationValidator();

  private static ValidationReport validate(String source, String claim, String... quotes) {
    List<Citation> cs = Arrays.stream(quotes).map(q -> new Citation("s1", q)).toList();
    ModelAnswer a = new ModelAnswer(AnswerStatus.ANSWERED, claim, List.of(new Claim(claim, cs)));
    return VALIDATOR.validate(a, List.of(Sources.sent("s1", source)));
  }

  @Test
  void two_quotes_that_skip_a_not_do_not_support_the_claim_without_it() {
    ValidationReport r =
        validate(
            "Our new drug is not safe for young children at all.",
            "Our new drug is safe for young children.",
            "Our new drug is",
            "safe for young children at all");
    assertThat(r.passed()).isFalse();
    assertThat(r.criticalIssues())
        .extracting(ValidationIssue::type)
        .containsExactly(IssueType.UNSUPPORTED_CLAIM);
  }

  @Test
  void two_quotes_that_skip_never_or_a_not_in_another_clause_are_rejected_too() {
    assertThat(
            validate(
                    "The nightly backup job never runs on the weekend in the office.",
                    "The nightly backup job runs on the weekend in the office.",
                    "The nightly backup job",
                    "runs on the weekend in the office")
                .passed())
        .isFalse();
    assertThat(
            validate(
                    "The nightly backup job is not run on weekends, and the office is closed.",
                    "The nightly backup job is run on weekends.",
                    "run on weekends, and the office",
                    "The nightly backup job is")
                .passed())
        .isFalse();
  }

  @Test
  void two_quotes_of_one_sentence_that_skip_nothing_of_meaning_pass() {
    ValidationReport r = backupAndReportQuotedApart();
    assertThat(r.criticalIssues()).isEmpty();
    assertThat(r.passed()).isTrue();
  }

  @Test
  void a_limit_two_honest_quotes_around_a_negated_aside_are_judged_with_it() {
    // documented in docs/reliability.md: quote the clause in one piece instead
    ValidationReport r =
        validate(
            "The nightly backup job, which is not optional, runs at two every night.",
            "The nightly backup job runs at two every night.",
            "The nightly backup job",
            "runs at two every night");
    assertThat(r.criticalIssues())
        .extracting(ValidationIssue::type)
        .containsExactly(IssueType.UNSUPPORTED_CLAIM);
    // the same as the one quote that spans them: the splice rule judges no more than it holds
    assertThat(
            validate(
                    "The nightly backup job, which is not optional, runs at two every night.",
                    "The nightly backup job runs at two every night.",
                    "The nightly backup job, which is not optional, runs at two every night")
                .criticalIssues())
        .extracting(ValidationIssue::type)
        .containsExactly(IssueType.UNSUPPORTED_CLAIM);
  }

  @Test
  void the_served_quotes_stay_the_two_excerpts() {
    ValidationReport r = backupAndReportQuotedApart();
    assertThat(r.checks().get(0).quotes())
        .containsExactly(
            "The nightly backup job runs at two in the morning",
            "the weekly report is sent on Monday");
  }

  @Test
  void spans_are_joined_only_within_one_sentence_of_one_source() {
    String text = "Our new drug is not safe. It is safe for young children at all times.";
    List<String> two =
        DefaultCitationValidator.spliced(
            List.of(
                span("s1", text, "Our new drug is"), span("s1", text, "safe for young children")));
    assertThat(two).containsExactly("Our new drug is", "safe for young children");
    String one = "Our new drug is not safe for young children at all.";
    assertThat(
            DefaultCitationValidator.spliced(
                List.of(
                    span("s1", one, "safe for young children"),
                    span("s1", one, "Our new drug is"))))
        .containsExactly("Our new drug is not safe for young children");
    assertThat(
            DefaultCitationValidator.spliced(
                List.of(
                    span("s1", one, "Our new drug is"),
                    span("s2", one, "safe for young children"))))
        .containsExactly("Our new drug is", "safe for young children");
    String table = "| Severity | Acknowledge |\n|---|---|\n| SEV1 | 5 minutes |";
    assertThat(
            DefaultCitationValidator.spliced(
                List.of(
                    span("s1", table, "| Severity | Acknowledge |"),
                    span("s1", table, "| SEV1 | 5 minutes |"))))
        .hasSize(2);
  }

  private static DefaultCitationValidator.QuotedSpan span(String id, String text, String quote) {
    int at = text.indexOf(quote);
    return new DefaultCitationValidator.QuotedSpan(id, text, at, at + quote.length());
  }

  /** One claim of two facts of one sentence, each quoted apart, nothing of meaning between. */
  private static ValidationReport backupAndReportQuotedApart() {
    return validate(
        "The nightly backup job runs at two in the morning, and the weekly report is sent on"
            + " Monday by the finance team.",
        "The nightly backup job runs at two in the morning and the weekly report is sent on"
            + " Monday.",
        "The nightly backup job runs at two in the morning",
        "the weekly report is sent on Monday");
  }
}
