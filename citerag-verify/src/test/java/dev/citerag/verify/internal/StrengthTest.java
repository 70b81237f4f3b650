package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.CONTRADICTED;
import static dev.citerag.answer.SupportVerdict.Support.NOT_ENOUGH;
import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StrengthTest {

  @Test
  void a_hedge_the_claim_drops_is_not_enough() {
    assertThat(
            Rules.support(
                "The firmware patch will reset the sensors.",
                "The firmware patch may reset the sensors."))
        .isEqualTo(NOT_ENOUGH);
    assertThat(
            Rules.support(
                "The town council opened a ferry terminal in 2019.",
                "The town council planned to open a ferry terminal in 2019."))
        .isEqualTo(NOT_ENOUGH);
  }

  @Test
  void a_hedge_the_claim_keeps_or_rewords_passes() {
    assertThat(
            Rules.support(
                "The firmware patch could reset the sensors.",
                "The firmware patch may reset the sensors."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_hedge_on_another_verb_of_the_quote_does_not_bear_on_the_claim() {
    assertThat(
            Rules.support(
                "The depot stores road salt.",
                "The depot stores road salt, and the yard may hold spare ploughs."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_quantifier_or_frequency_raised_on_its_scale_is_not_enough() {
    assertThat(
            Rules.support(
                "All of the Linden clinics open at night.",
                "Most of the Linden clinics open at night."))
        .isEqualTo(NOT_ENOUGH);
    assertThat(
            Rules.support(
                "The harbour crane always jams in frost.",
                "The harbour crane sometimes jams in frost."))
        .isEqualTo(NOT_ENOUGH);
    assertThat(
            Rules.support(
                "The cooperative sells exclusively to bakeries.",
                "The cooperative sells mainly to bakeries."))
        .isEqualTo(NOT_ENOUGH);
  }

  @Test
  void a_quantifier_the_quote_also_says_or_lowers_passes() {
    assertThat(
            Rules.support(
                "Some of the Linden clinics open at night.",
                "Most of the Linden clinics open at night."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support("Every van carries a first-aid kit.", "All vans carry a first-aid kit."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_restriction_the_quote_lacks_is_not_enough() {
    assertThat(
            Rules.support(
                "Only the night porter can open the archive.",
                "The night porter can open the archive."))
        .isEqualTo(NOT_ENOUGH);
    assertThat(
            Rules.support(
                "The night porter can open the archive.",
                "Only the night porter can open the archive."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_dropped_condition_is_not_enough_and_a_kept_one_passes() {
    assertThat(
            Rules.support(
                "Interns receive a travel card.",
                "Interns receive a travel card if they commute more than ten miles."))
        .isEqualTo(NOT_ENOUGH);
    assertThat(
            Rules.support(
                "Interns who commute more than ten miles receive a travel card.",
                "Interns receive a travel card if they commute more than ten miles."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The loan was provided by the county.", "The county provided the loan in 2004."))
        .isNotEqualTo(NOT_ENOUGH);
  }

  @Test
  void an_approximation_made_exact_or_a_bound_turned_round_fails() {
    assertThat(
            Rules.support(
                "The survey counted exactly 250 otters.", "The survey counted about 250 otters."))
        .isEqualTo(NOT_ENOUGH);
    assertThat(Rules.support("The lift carries 12 people.", "The lift carries up to 12 people."))
        .isEqualTo(NOT_ENOUGH);
    assertThat(
            Rules.support(
                "Over 3,000 runners finished the race.", "Almost 3,000 runners finished the race."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "More than a third of the wells ran dry.", "Nearly a third of the wells ran dry."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_value_the_quote_also_says_plainly_keeps_its_plain_mentions() {
    String quote = "Readings are buffered for 45 minutes, so an alert can take up to 45 minutes.";
    assertThat(Rules.support(quote, quote)).isEqualTo(SUPPORTED);
    assertThat(Rules.support("Readings are buffered for 45 minutes.", quote)).isEqualTo(SUPPORTED);
    assertThat(Rules.support("An alert can take 45 minutes.", quote)).isEqualTo(NOT_ENOUGH);
  }

  @Test
  void a_bare_answer_to_a_question_keeps_its_value_without_the_bound() {
    assertThat(
            Rules.support(
                "runners finished the race: 3,000", "More than 3,000 runners finished the race."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void the_same_value_per_another_period_contradicts() {
    assertThat(
            Rules.support(
                "The kiln fires 300 bricks per day.", "The kiln fires 300 bricks per hour."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The kiln fires 300 bricks daily.", "The kiln fires 300 bricks each day."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void another_relation_in_time_to_the_same_event_contradicts() {
    assertThat(
            Rules.support(
                "The vote was held following the strike.",
                "The vote was held prior to the strike."))
        .isEqualTo(CONTRADICTED);
    assertThat(Rules.support("The mill has been idle since 1987.", "The mill was idle until 1987."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The vote was held before the strike.", "The vote was held prior to the strike."))
        .isEqualTo(SUPPORTED);
  }
}
