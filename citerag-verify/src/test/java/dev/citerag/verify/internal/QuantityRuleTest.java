package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.CONTRADICTED;
import static dev.citerag.answer.SupportVerdict.Support.NOT_ENOUGH;
import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuantityRuleTest {

  @Test
  void a_count_of_the_claims_own_list_after_a_colon_is_carried_by_the_list() {
    assertThat(
            Rules.support(
                "Two of the advisers: Liu Bingzhong and Yao Shu",
                "Advisers such as Liu Bingzhong and Yao Shu shaped the early court."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "One way the protesters closed the base: by padlocking the gates",
                "The protesters closed the base by padlocking the gates and cutting the fence."))
        .isEqualTo(SUPPORTED);
    // the count is not the list's
    assertThat(
            Rules.support(
                "The three founders of the firm: Ana Ruiz and Ben Cole",
                "The firm was founded by Ana Ruiz and Ben Cole."))
        .isNotEqualTo(SUPPORTED);
    // "the two" says the list is whole; the quote's goes on
    assertThat(
            Rules.support(
                "The two founders of the firm: Ana Ruiz and Ben Cole",
                "The firm was founded by Ana Ruiz, Ben Cole and Carl Diaz."))
        .isNotEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The two founders of the firm: Ben Cole and Carl Diaz",
                "The firm was founded by Ana Ruiz, Ben Cole and Carl Diaz."))
        .isNotEqualTo(SUPPORTED);
    // a negation bears on the list
    assertThat(
            Rules.support(
                "The kit lacks one part: a cable.", "The kit lacks a charger but has a cable."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_count_carried_by_its_own_list_is_not_blocked_by_what_follows_it_or_by_other_counts() {
    // a negation after the count, inside what the counted words say, does not govern the count
    assertThat(
            Rules.support(
                "one part of the pump that does not wear: the casing",
                "The casing is a part of the pump that does not wear."))
        .isEqualTo(SUPPORTED);
    // the quote's other counts count other things ("two crates", "three harbours")
    assertThat(
            Rules.support(
                "Name one way the crew lightened the boat: by dumping the ballast",
                "The crew lightened the boat by dumping the ballast and stacking two crates."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "the two kinds of wind on this ridge: the foehn and the bora",
                "On this ridge blow the foehn and the bora, past three harbours."))
        .isEqualTo(SUPPORTED);
    // a count of the same thing in the quote still decides
    assertThat(
            Rules.support(
                "The three gates of the fort: the north gate and the river gate",
                "The fort has two gates, the north gate and the river gate, and four towers."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_value_the_quote_gives_to_another_counted_thing_does_not_carry_the_claims_count() {
    // "two ways" is not said by "two crates", and the claim's own list holds one way
    assertThat(
            Rules.support(
                "Name two ways the crew lightened the boat: by dumping the ballast",
                "The crew lightened the boat by dumping the ballast and stacking two crates."))
        .isNotEqualTo(SUPPORTED);
    // the claim's counted word stands in the quote beside another value
    assertThat(Rules.support("The port has two cranes.", "The port has two docks and five cranes."))
        .isNotEqualTo(SUPPORTED);
    // the same counted word, or one a claim word takes, is the same thing
    assertThat(Rules.support("The port has two docks.", "The port has two docks and five cranes."))
        .isEqualTo(SUPPORTED);
  }

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

  @Test
  void a_count_with_a_thousands_separator_is_no_year_for_attachment() {
    assertThat(
            Rules.support(
                "How many sheep died in the flood of 1911: over 2,000",
                "A flood in the valley in 1911 drowned over 2,000 sheep."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_value_restated_in_a_parenthesis_or_in_another_order_is_not_moved() {
    assertThat(
            Rules.support(
                "The era began 3.2 million years ago.",
                "Around 3.2 million years ago (ending 9,000 years ago) began the era."))
        .isNotEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "Nine ships were kept in four harbours.",
                "The navy kept nine ships in four harbours."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "Nine harbours were kept for four ships.",
                "The navy kept nine ships in four harbours."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_range_of_the_claim_attaches_to_both_its_ends() {
    assertThat(
            Rules.support(
                "The ferry ran from March 2004 to June 2008.",
                "From 2 March 2004 until 9 June 2008 the ferry ran twice a day."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "Sales fell from 1991 to 1996.",
                "Between 1991 and 1996, yearly sales fell from 48,000 to 31,000 units."))
        .isNotEqualTo(CONTRADICTED);
  }

  @Test
  void a_bound_the_quote_lacks_and_a_bare_one_are_not_enough_rather_than_contradicted() {
    assertThat(
            Rules.support(
                "The survey covered 500+ farms in Ten regions.",
                "Ten regions took part; the survey covered 500 farms."))
        .isEqualTo(NOT_ENOUGH);
    assertThat(
            Rules.support(
                "The survey covered 500+ farms.", "The survey covered 500 or more farms."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "Name one way to reach the island: by ferry",
                "In 2004 a ferry began to serve the island."))
        .isNotEqualTo(CONTRADICTED);
  }

  @Test
  void a_range_whose_ends_the_quote_states_apart_is_supported_and_ranges_of_other_units_differ() {
    assertThat(
            Rules.support(
                "From 2010 to 2012 the mill cut its staff from 400 to 250.",
                "The mill cut its staff from 400 in 2010 to 250 in 2012."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "From 2010 to 2014 the mill cut its staff from 400 to 250.",
                "The mill cut its staff from 400 in 2010 to 250 in 2012."))
        .isNotEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "Between 1990 and 2050 the sea may rise 20-60 cm.",
                "The sea may rise 20-60 cm, the report says."))
        .isEqualTo(NOT_ENOUGH);
  }

  @Test
  void the_answer_after_a_colon_answers_the_whole_question_so_its_words_may_point_to_it() {
    String quote =
        "In the spring of 2019, talks were held on funding the library for a three-year period,"
            + " from the 2020 season.";
    assertThat(
            Rules.support(
                "the talks on funding the library for a three year period from the 2020 season:"
                    + " 2019",
                quote))
        .isEqualTo(SUPPORTED);
    // the two years swapped: the quote still attaches the season to 2020
    assertThat(
            Rules.support(
                "the talks on funding the library for a three year period from the 2019 season:"
                    + " 2020",
                quote))
        .isEqualTo(CONTRADICTED);
  }
}
