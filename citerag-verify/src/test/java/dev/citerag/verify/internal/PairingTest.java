package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PairingTest {

  @Test
  void a_name_and_a_measure_its_quote_sets_in_apposition_have_content() {
    String quote = "The Varna Bridge, 1,240 m long, joins the two banks.";
    assertThat(Rules.support("the Varna Bridge: 1,240 m", quote)).isEqualTo(SUPPORTED);
    assertThat(Rules.support("the Varna Bridge: 1,420 m", quote)).isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_generic_verb_the_quote_does_not_say_is_not_skipped_in_a_pairing() {
    assertThat(
            Rules.support(
                "Ansel Korvin died: 1602",
                "The cartographer Ansel Korvin (1602–1660) drew the delta."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_count_written_right_before_the_named_group_pairs_them() {
    String quote = "The fort held 30 archers and 8 Varna Guards through the siege.";
    assertThat(Rules.support("Varna Guards were there: 8", quote)).isEqualTo(SUPPORTED);
    assertThat(Rules.support("Varna Guards were there: 30", quote)).isNotEqualTo(SUPPORTED);
  }

  @Test
  void two_names_in_apposition_pair_but_two_names_a_verb_keeps_apart_do_not() {
    assertThat(
            Rules.support(
                "Teodor Brask: Duke Halm", "The death of Teodor Brask (Duke Halm) ended the war."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "Teodor Brask: Ilse Varn", "In 1520 Teodor Brask married Ilse Varn in Lund."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void an_abbreviation_restated_with_the_expansion_its_quote_defines_has_content() {
    String quote = "Each team agrees a recovery point objective (RPO) with the owners.";
    assertThat(Rules.support("RPO stands for: Recovery Point Objective", quote))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("RPO: Recovery Point Objective", quote)).isEqualTo(SUPPORTED);
  }

  @Test
  void an_abbreviation_given_another_expansion_is_not_supported() {
    assertThat(
            Rules.support(
                "RPO stands for: Restore Priority Order",
                "Each team agrees a recovery point objective (RPO) with the owners."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void an_of_genitive_pairs_a_name_with_its_date_but_not_with_a_neighbours_date() {
    String quote =
        "The county bought the Tarsk Railway of 1902 and the Brenn Line of 1894 together.";
    assertThat(Rules.support("the Brenn Line: 1894", quote)).isEqualTo(SUPPORTED);
    assertThat(Rules.support("the Tarsk Railway: 1894", quote)).isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_title_the_quote_writes_twice_is_read_beside_the_name_it_pairs_with() {
    String quote =
        "Tomas Hale, Chairman of the Subcommittee on Oversight, wrote to Ilse Marr, Chairman of"
            + " the Subcommittee on Fisheries.";
    assertThat(Rules.support("Chairman of the Subcommittee on Fisheries: Ilse Marr", quote))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("Chairman of the Subcommittee on Oversight: Ilse Marr", quote))
        .isNotEqualTo(SUPPORTED);
  }
}
