package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.CONTRADICTED;
import static dev.citerag.answer.SupportVerdict.Support.NOT_ENOUGH;
import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FramingTest {

  @Test
  void a_weakening_hedge_is_carried_by_a_quote_that_states_the_fact_outright() {
    assertThat(
            Rules.support(
                "The ferry occasionally stops at Rathlin.",
                "The ferry stops at Rathlin in summer."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The night bus sometimes skips the depot stop.",
                "The night bus skips the depot stop after midnight."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_weakening_hedge_does_not_carry_past_a_negation_of_the_quote() {
    assertThat(
            Rules.support(
                "The backup job sometimes runs on Sundays.",
                "The backup job never runs on Sundays."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void some_frames_only_words_the_quotes_all_carry() {
    assertThat(
            Rules.support(
                "Some staff members of the archive work remotely.",
                "Staff members of the archive work remotely on Fridays."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "Some contractors at the depot receive public pensions.",
                "Contractors at the depot receive public holidays."))
        .isEqualTo(NOT_ENOUGH);
  }

  @Test
  void what_happened_to_a_thing_is_answered_by_the_carried_change() {
    assertThat(
            Rules.support(
                "What happened to the error rate after the patch: it fell by half",
                "After the patch, the error rate fell by half."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "What happened to the river's flow after the dam was built: it increased",
                "After the dam was built, the river's flow decreased sharply."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_frame_does_not_help_a_claim_whose_answer_the_quotes_lack() {
    assertThat(
            Rules.support(
                "What happened to the ticket price in 2019: it was frozen",
                "In 2019 the ticket price rose by a fifth."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_passive_verb_of_location_is_carried_by_a_quote_that_states_the_place() {
    assertThat(
            Rules.support(
                "Where is the depot located: in the south of the county",
                "The depot is a warehouse in the south of the county."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The depot is located in the north of the county.",
                "The depot is a warehouse in the south of the county."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void an_exclusion_mark_frames_the_claim_but_the_answer_must_be_carried() {
    assertThat(
            Rules.support(
                "Besides the east wing, what else was rebuilt after the fire: the chapel",
                "After the fire the east wing and the chapel were rebuilt."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "Besides the east wing, what else was rebuilt after the fire: the library",
                "After the fire the east wing and the chapel were rebuilt."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_weakening_hedge_in_place_of_a_stronger_one_changes_no_word() {
    assertThat(
            Rules.support(
                "Operators sometimes restart the pump by hand.",
                "Operators often restart the pump by hand."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "Inspectors sometimes approve late filings.",
                "Inspectors always reject late filings."))
        .isEqualTo(CONTRADICTED);
  }
}
