package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.CONTRADICTED;
import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * "Declined to" before a verb negates it, as "refused to" does; before anything else it does not.
 */
class DeclinedToTest {

  private static final String QUOTE = "Halden Mills declined to extend its lease on the dock.";

  @Test
  void declined_to_before_a_verb_is_a_negation() {
    assertThat(Rules.support("Halden Mills did not extend its lease on the dock.", QUOTE))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("Halden Mills refused to extend its lease on the dock.", QUOTE))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("Halden Mills extended its lease on the dock.", QUOTE))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void declined_to_before_a_quantity_is_no_negation() {
    assertThat(
            Rules.support(
                "Orders at Halden Mills declined to 400 tonnes in 2019.",
                "Orders at Halden Mills declined to 400 tonnes in 2019, a third less."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.verdict(
                    "Orders at Halden Mills fell to 400 tonnes in 2019.",
                    "Orders at Halden Mills declined to 400 tonnes in 2019.")
                .contradicting())
        .isEmpty();
  }

  @Test
  void free_of_is_without() {
    String quote = "The Tamworth library lends its laptops free of charge.";
    assertThat(Rules.support("The Tamworth library lends its laptops without charge.", quote))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("The Tamworth library charges for its laptops.", quote))
        .isEqualTo(CONTRADICTED);
  }
}
