package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.CONTRADICTED;
import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DisguisedTest {

  @Test
  void verbs_and_phrases_of_negation_deny_what_follows() {
    assertThat(
            Rules.support(
                "The board renewed the catering contract.",
                "The board declined to renew the catering contract."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The mayor praised the new stadium.",
                "The mayor refrained from praising the new stadium."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The quarry supplies granite to builders.",
                "The quarry stopped supplying granite to builders."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The harvest festival was a triumph.",
                "The harvest festival was far from a triumph."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The pantry stocks fresh bread.",
                "The pantry stocks crackers rather than fresh bread."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void the_same_negation_in_other_words_passes() {
    assertThat(
            Rules.support(
                "The board refused to renew the catering contract.",
                "The board declined to renew the catering contract."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The mayor did not praise the new stadium.",
                "The mayor refrained from praising the new stadium."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void far_from_a_place_is_a_distance_not_a_negation() {
    assertThat(
            Rules.support(
                "The lighthouse stands far from the harbour.",
                "The lighthouse stands far from the harbour."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void hardly_barely_any_and_little_deny_their_clause() {
    assertThat(
            Rules.support(
                "Visitors used the audio guide.", "Hardly any visitors used the audio guide."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "Research supports the new diet.", "Little research supports the new diet."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The team barely passed the inspection.", "The team barely passed the inspection."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_word_before_free_is_absent() {
    assertThat(Rules.support("The soap contains palm oil.", "The soap is palm-oil-free."))
        .isNotEqualTo(SUPPORTED);
    assertThat(Rules.support("The glaze contains lead.", "The glaze is lead-free."))
        .isEqualTo(CONTRADICTED);
    assertThat(Rules.support("The glaze contains no lead.", "The glaze is lead-free."))
        .isNotEqualTo(CONTRADICTED);
  }

  @Test
  void a_quote_noun_after_no_passes_its_negation_to_its_of_phrase() {
    assertThat(
            Rules.support(
                "The divers found wreckage near the reef.",
                "The divers found no trace of wreckage near the reef."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void an_un_adjective_wordnet_does_not_pair_still_opposes_its_stem() {
    assertThat(
            Rules.support(
                "The inspector found the complaints substantiated.",
                "The inspector found the complaints unsubstantiated."))
        .isEqualTo(CONTRADICTED);
  }
}
