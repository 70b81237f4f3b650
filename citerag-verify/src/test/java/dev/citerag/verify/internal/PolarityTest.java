package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.CONTRADICTED;
import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PolarityTest {

  @Test
  void a_dropped_or_added_negation_contradicts() {
    assertThat(Rules.support("Interns sign the register.", "Interns do not sign the register."))
        .isEqualTo(CONTRADICTED);
    assertThat(Rules.support("Interns never sign the register.", "Interns sign the register."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support("The script fails to rotate the keys.", "The script rotates the keys."))
        .isEqualTo(CONTRADICTED);
    assertThat(Rules.support("Trains run without delays.", "Trains run with delays."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_negation_behind_a_parenthesis_still_reaches_its_verb() {
    assertThat(
            Rules.support(
                "Tokens are logged in plain text.",
                "Tokens are never, even in debug mode, logged in plain text."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_negation_moved_to_another_verb_contradicts() {
    assertThat(
            Rules.support(
                "The probe restarts the pod, but it does not page anyone.",
                "The probe does not restart the pod, but it pages the on-call."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void the_same_negation_in_other_words_is_supported() {
    assertThat(Rules.support("Visitors cannot park here.", "Visitors can't park here."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("No fee is charged for returns.", "A fee is not charged for returns."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("The archive is not accessible.", "The archive is inaccessible."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void antonyms_and_listed_opposites_contradict() {
    assertThat(Rules.support("Sales decreased in May.", "Sales increased in May."))
        .isEqualTo(CONTRADICTED);
    assertThat(Rules.support("The lake is shallow.", "The lake is deep.")).isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support("Audits happen before the release.", "Audits happen after the release."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The crater is smaller than the lake.", "The crater is larger than the lake."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void an_antonym_of_a_negated_word_is_a_paraphrase() {
    assertThat(
            Rules.support(
                "Pets are not permitted in the hall.", "Pets are prohibited in the hall."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_prefix_negates_only_where_the_lexicon_says_so() {
    assertThat(Rules.WORDNET.negatedBase("unavailable")).isEqualTo("available");
    assertThat(Rules.WORDNET.negatedBase("interest")).isNull();
    assertThat(Rules.WORDNET.negatedBase("understand")).isNull();
    assertThat(
            Rules.support(
                "The portal is available at night.", "The portal is unavailable at night."))
        .isEqualTo(CONTRADICTED);
  }
}
