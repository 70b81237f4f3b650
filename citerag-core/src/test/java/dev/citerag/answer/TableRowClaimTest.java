package dev.citerag.answer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A claim read from a table row with its headers, citing the row and the header row verbatim. */
class TableRowClaimTest {

  private static final String HEADER =
      "| Severity | Acknowledge within | Update stakeholders every |";
  private static final String SEV1 = "| SEV1 | 5 minutes | 30 minutes |";
  private static final String TABLE =
      "Severity levels for the on-call rota.\n\n"
          + HEADER
          + "\n|---|---|---|\n"
          + SEV1
          + "\n| SEV2 | 15 minutes | 2 hours |\n";

  private static final DefaultCitationValidator VALIDATOR = new DefaultCitationValidator();

  private static ModelAnswer claim(String text, String... quotes) {
    List<Citation> cs = java.util.Arrays.stream(quotes).map(q -> new Citation("s1", q)).toList();
    return new ModelAnswer(AnswerStatus.ANSWERED, text, List.of(new Claim(text, cs)));
  }

  private static ValidationReport validate(ModelAnswer a) {
    return VALIDATOR.validate(a, List.of(Sources.sent("s1", TABLE)));
  }

  @Test
  void a_row_read_with_its_headers_passes_with_the_row_and_header_quoted() {
    ValidationReport r =
        validate(
            claim(
                "SEV1: acknowledge within 5 minutes; update stakeholders every 30 minutes",
                SEV1,
                HEADER));
    assertThat(r.issues()).isEmpty();
    assertThat(r.passed()).isTrue();
  }

  @Test
  void a_value_under_the_wrong_header_is_contradicted() {
    ValidationReport r =
        validate(
            claim(
                "SEV1: acknowledge within 30 minutes; update stakeholders every 5 minutes",
                SEV1,
                HEADER));
    assertThat(r.passed()).isFalse();
    assertThat(r.criticalIssues())
        .extracting(ValidationIssue::type)
        .containsExactly(IssueType.UNSUPPORTED_CLAIM);
    assertThat(r.criticalIssues().get(0).detail()).contains("contradicted", "minutes");
  }

  @Test
  void a_single_value_under_the_wrong_header_is_contradicted_without_the_first_cell() {
    ValidationReport r = validate(claim("Acknowledge within 30 minutes for SEV1", SEV1, HEADER));
    assertThat(r.passed()).isFalse();
  }

  @Test
  void the_lexical_verifier_reports_the_misplaced_value() {
    SupportVerdict v =
        new LexicalSupportVerifier()
            .verify("SEV1: update stakeholders every 5 minutes", List.of(HEADER, SEV1));
    assertThat(v.support()).isEqualTo(SupportVerdict.Support.CONTRADICTED);
    assertThat(v.contradicting()).contains("5 minutes");
  }

  @Test
  void the_row_alone_still_passes_as_before() {
    ValidationReport r = validate(claim(SEV1, SEV1));
    assertThat(r.passed()).isTrue();
  }
}
