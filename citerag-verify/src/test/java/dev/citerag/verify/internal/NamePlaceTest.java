package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.CONTRADICTED;
import static dev.citerag.answer.SupportVerdict.Support.NOT_ENOUGH;
import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.ClaimEvidence;
import dev.citerag.answer.SupportVerdict;
import dev.citerag.verify.RuleSupportVerifier;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where a claim's name stands in the place of another name of its quote, and where it does not. */
class NamePlaceTest {

  private static final RuleSupportVerifier RULES = RuleSupportVerifier.builder().build();

  private static SupportVerdict.Support judge(String claim, String quote, List<String> context) {
    return RULES
        .verifyAll(List.of(new ClaimEvidence(claim, List.of(quote), context)))
        .get(0)
        .support();
  }

  @Test
  void a_name_the_quote_parts_from_the_shared_verb_by_and_is_not_in_the_claim_names_place() {
    String quote = "He restored the Pavilion Library and reopened the archive.";
    // the claim's name is no swap for "Pavilion Library": the quote's "and" parts it from the verb
    assertThat(judge("Tomas Lind reopened the archive.", quote, List.of())).isEqualTo(NOT_ENOUGH);
    // and the chunk says who "He" is
    assertThat(
            judge(
                "Tomas Lind reopened the archive.",
                quote,
                List.of("Town history", "Tomas Lind was mayor. " + quote)))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_name_swapped_in_place_still_contradicts_across_the_same_clause_marks() {
    assertThat(
            Rules.support(
                "In Lyon, the firm opened its first shop.",
                "In Paris, the firm opened its first shop."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The prize went to Ada Lim, and Omar Diaz chaired the jury.",
                "The prize went to Ada Lim, and Jon Park chaired the jury."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_name_right_after_its_neighbour_is_not_in_the_place_of_a_name_the_quote_introduces_later() {
    String quote =
        "Confirming it had reached its target, the broadcaster said its reach into 36% of"
            + " households in the UK represented an audience of 25m people.";
    String claim = "the share of households Northwind wanted to reach: 36%";
    assertThat(judge(claim, quote, List.of())).isEqualTo(NOT_ENOUGH);
    assertThat(judge(claim, quote, List.of("Northwind", "Northwind is a broadcaster. " + quote)))
        .isEqualTo(SUPPORTED);
    // written where the quote writes its name, it still stands for it
    assertThat(Rules.support("Sales in Spain grew by a third.", "Sales in France grew by a third."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The profits Globex made rose sharply.", "The profits Acme made rose sharply."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_name_with_letters_added_or_dropped_at_one_end_is_a_form_of_it_not_another_name() {
    assertThat(
            Rules.support(
                "Water flows toward the Atlantic across the Amazon basin.",
                "Water flows toward the Atlantic across the Amazonas Basin."))
        .isEqualTo(NOT_ENOUGH);
    assertThat(
            Rules.support(
                "The Apple system assigned addresses automatically.",
                "The AppleTalk system assigned addresses automatically."))
        .isEqualTo(NOT_ENOUGH);
    // what else the claim changes is still caught
    assertThat(
            Rules.support(
                "The Amazon basin drains toward the Pacific.",
                "The Amazonas basin drains toward the Atlantic."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_capitalised_span_of_time_after_a_number_is_no_name_the_claim_leaves_out() {
    String claim = "the building of Marrow Dam changed the Ardle's estuary";
    List<String> title = List.of("Ardle");
    // "Century" is how the time is written: the title's "Ardle" is no changed name here
    assertThat(
            judge(
                claim,
                "The building of Marrow Dam changed the estuary in the 19th Century.",
                title))
        .isEqualTo(SUPPORTED);
    // a place of the quote left out still makes the title's name a changed one
    assertThat(
            judge(
                claim,
                "The building of Marrow Dam changed the estuary at Pellow in the 19th Century.",
                title))
        .isEqualTo(NOT_ENOUGH);
  }

  @Test
  void a_quote_acronym_of_a_name_the_claim_says_is_no_name_left_out() {
    String claim = "the name of Dunmore's main gym: Orrin Sports Hall";
    List<String> title = List.of("Dunmore");
    assertThat(
            judge(
                claim,
                "The Orrin Sports Hall, known as the OSH, serves as the town's main gym.",
                title))
        .isEqualTo(SUPPORTED);
    // initials of no name the claim says: a name the claim leaves out
    assertThat(
            judge(
                claim,
                "The Orrin Sports Hall, known as the PSH, serves as the town's main gym.",
                title))
        .isEqualTo(NOT_ENOUGH);
  }

  @Test
  void an_answer_that_names_again_what_its_question_names_restates_it() {
    String quote =
        "During the strike, students on Ardle Green interrupted a speech given by the Pellow Bay"
            + " harbour master Ines Dunmore.";
    assertThat(
            judge(
                "the speech of which Pellow Bay official did students interrupt: the Pellow Bay"
                    + " harbour master Ines Dunmore",
                quote,
                List.of()))
        .isEqualTo(SUPPORTED);
    // an answer that only repeats the question's name stands in the place of the quote's name
    assertThat(
            judge(
                "who led the survey of Pellow Bay: Pellow Bay",
                "Orrin Vale led the survey of Pellow Bay in 1911.",
                List.of()))
        .isEqualTo(NOT_ENOUGH);
  }
}
