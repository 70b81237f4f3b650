package dev.citerag.answer;

import static dev.citerag.answer.Sources.sent;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Quotes found verbatim in a plain source are accepted without normalising the source, under the
 * same token-boundary rule as the normalised path; everything else still goes the normalised way.
 */
class QuoteFastPathTest {

  final DefaultCitationValidator validator = new DefaultCitationValidator();

  ValidationReport check(String source, String quote) {
    // the claim is the quote itself, so only quotation decides
    return validator.validate(
        ModelAnswer.answered(quote, List.of(new Citation("k7q2m", quote))),
        List.of(sent("k7q2m", source)));
  }

  @Test
  void a_verbatim_match_that_lands_inside_a_token_is_rejected() {
    assertThat(
            check(
                    "Non-production deploys are allowed at any time.",
                    "production deploys are allowed at any time")
                .criticalIssues())
        .extracting(ValidationIssue::type)
        .contains(IssueType.QUOTE_NOT_FOUND);
    assertThat(
            check(
                    "The upload limit is 1,000 requests per minute.",
                    "upload limit is 1,000 requests per")
                .passed())
        .isTrue();
    assertThat(
            check("The upload limit is 1,000 requests per minute.", "The upload limit is 1")
                .criticalIssues())
        .extracting(ValidationIssue::type)
        .contains(IssueType.QUOTE_NOT_FOUND);
  }

  @Test
  void a_quote_found_inside_a_token_first_and_on_boundaries_second_is_accepted() {
    String source =
        "Non-production deploys are allowed at any time. For the rest, production deploys are"
            + " allowed at any time after review.";
    ValidationReport r = check(source, "production deploys are allowed at any time");
    assertThat(r.criticalIssues()).isEmpty();
    assertThat(r.passed()).isTrue();
  }

  @Test
  void typographic_and_no_break_variants_still_pass_through_the_normalised_path() {
    String typographic =
        "Admins can\u2019t delete keys\u00a0after noon, and the \u201cbilling\u201d service"
            + " is frozen.";
    assertThat(check(typographic, "can't delete keys after noon").criticalIssues()).isEmpty();
    assertThat(check(typographic, "the \"billing\" service is frozen").criticalIssues()).isEmpty();
    String plain = "Admins can't delete keys after noon, and the \"billing\" service is frozen.";
    assertThat(check(plain, "can\u2019t delete keys\u00a0after noon").criticalIssues()).isEmpty();
    assertThat(check(plain, "the \u201cbilling\u201d service is frozen").criticalIssues())
        .isEmpty();
  }

  @Test
  void a_source_that_spreads_the_quote_over_lines_and_tabs_passes() {
    String source = "The upload limit\nis 1,000 requests\tper minute.";
    assertThat(check(source, "upload limit is 1,000 requests per minute").criticalIssues())
        .isEmpty();
  }
}
