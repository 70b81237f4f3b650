package dev.citerag.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.SupportVerdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules pass a table row read with its headers and contradict a value under another header. */
class TableRowSupportTest {

  private static final String HEADER =
      "| Region | Hotel limit per night | Meal allowance per day |";
  private static final String ASIA = "| Asia | 150 USD | 45 USD |";
  private static final RuleSupportVerifier RULES = RuleSupportVerifier.builder().build();

  @Test
  void a_row_read_with_its_headers_is_supported() {
    SupportVerdict v =
        RULES.verify(
            "Asia: hotel limit per night 150 USD; meal allowance per day 45 USD",
            List.of(ASIA, HEADER));
    assertThat(v.support()).isEqualTo(SupportVerdict.Support.SUPPORTED);
  }

  @Test
  void a_value_attached_to_the_wrong_header_is_contradicted() {
    SupportVerdict v =
        RULES.verify(
            "Asia: hotel limit per night 45 USD; meal allowance per day 150 USD",
            List.of(ASIA, HEADER));
    assertThat(v.support()).isEqualTo(SupportVerdict.Support.CONTRADICTED);
    assertThat(v.contradicting()).contains("45 USD");
  }

  @Test
  void a_bound_word_of_the_header_carries_to_the_value_under_it() {
    String header = "| Severity | Acknowledge within | Update stakeholders every |";
    String row = "| SEV1 | 5 minutes | 30 minutes |";
    assertThat(
            RULES
                .verify(
                    "SEV1: acknowledge within 5 minutes; update stakeholders every 30 minutes",
                    List.of(row, header))
                .support())
        .isEqualTo(SupportVerdict.Support.SUPPORTED);
    assertThat(
            RULES
                .verify(
                    "SEV1: acknowledge within 30 minutes; update stakeholders every 5 minutes",
                    List.of(row, header))
                .support())
        .isEqualTo(SupportVerdict.Support.CONTRADICTED);
  }
}
