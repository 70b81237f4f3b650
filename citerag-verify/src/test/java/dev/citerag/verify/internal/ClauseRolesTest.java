package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.CONTRADICTED;
import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClauseRolesTest {

  @Test
  void common_nouns_swapped_around_their_verb_contradict() {
    assertThat(
            Rules.support(
                "The driver blamed the mechanic for the delay.",
                "The mechanic blamed the driver for the delay."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The nurse was praised by the surgeon after the shift.",
                "The surgeon was praised by the nurse after the shift."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_change_of_voice_keeps_the_roles() {
    assertThat(
            Rules.support(
                "The mechanic was blamed by the driver for the delay.",
                "The driver blamed the mechanic for the delay."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_relative_clause_gives_its_antecedent_the_verb() {
    assertThat(
            Rules.support(
                "Ines Varga coached Tom Hale.",
                "Tom Hale, who coached Ines Varga, retired in May."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "Tom Hale coached Ines Varga.",
                "Tom Hale, who coached Ines Varga, retired in May."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void symmetric_verbs_are_not_read_as_roles() {
    assertThat(
            Rules.support(
                "The courier met the clerk at the gate.", "The clerk met the courier at the gate."))
        .isEqualTo(SUPPORTED);
  }
}
