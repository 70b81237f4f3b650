package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuantityRuleTest {

  @Test
  void equal_values_in_other_forms_are_supported() {
    assertThat(
            Rules.support(
                "The library lends one thousand books a week.",
                "The library lends 1,000 books a week."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The plant produced $3.5bn of goods.",
                "The plant produced 3.5 billion dollars of goods."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("Each crate holds 2 kg of tea.", "Each crate holds 2,000 g of tea."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("The kiln reaches 900 °C.", "The kiln reaches 900 degrees Celsius."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void another_value_or_unit_is_not_supported() {
    assertThat(Rules.support("Each crate holds 2 kg of tea.", "Each crate holds 2 g of tea."))
        .isNotEqualTo(SUPPORTED);
    assertThat(Rules.support("The queue drains in 9 minutes.", "The queue drains in 9 seconds."))
        .isNotEqualTo(SUPPORTED);
    assertThat(Rules.support("The vote passed 7-2.", "The vote passed 2-7."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void an_ambiguous_date_is_read_as_neither_day_nor_month_first() {
    assertThat(Rules.support("The audit ended on 4 May 2010.", "The audit ended on 4/5/2010."))
        .isNotEqualTo(SUPPORTED);
    assertThat(Rules.support("The audit ended on 5 April 2010.", "The audit ended on 4/5/2010."))
        .isNotEqualTo(SUPPORTED);
    assertThat(Rules.support("The audit ended on 4/5/2010.", "The audit ended on 4/5/2010."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void opposite_bounds_contradict_and_an_added_bound_is_not_enough() {
    assertThat(
            Rules.verdict("Drivers rest at most 11 hours.", "Drivers rest at least 11 hours.")
                .contradicting())
        .isNotEmpty();
    assertThat(Rules.support("Drivers rest more than 11 hours.", "Drivers rest 11 hours."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_number_moved_to_another_entity_of_the_quote_is_contradicted() {
    String quote = "The Lisbon site has 40 desks and the Porto site has 25 desks.";
    assertThat(Rules.support("The Porto site has 40 desks.", quote)).isNotEqualTo(SUPPORTED);
    assertThat(Rules.support("The Porto site has 25 desks.", quote)).isEqualTo(SUPPORTED);
    assertThat(Rules.support("The Lisbon site has 40 desks.", quote)).isEqualTo(SUPPORTED);
  }
}
