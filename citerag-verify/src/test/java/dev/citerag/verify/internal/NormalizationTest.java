package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.CONTRADICTED;
import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NormalizationTest {

  @Test
  void removes_invisible_marks_and_folds_compatibility_forms() {
    assertThat(Normalization.normalize("no\u200Bt a\u00ADllowed")).isEqualTo("not allowed");
    assertThat(Normalization.normalize("\uD835\uDC27\uD835\uDC28\uD835\uDC2D")).isEqualTo("not");
    assertThat(Normalization.normalize("don\u2019t \u2013 ok")).isEqualTo("don't - ok");
  }

  @Test
  void a_word_mixing_scripts_is_an_imitation() {
    assertThat(Normalization.script("n\u043et")).isEqualTo(Normalization.Script.IMITATION);
    assertThat(Normalization.script("not")).isEqualTo(Normalization.Script.LATIN);
    assertThat(Normalization.script("caf\u00e9")).isEqualTo(Normalization.Script.LATIN);
    assertThat(Normalization.script("1,000")).isEqualTo(Normalization.Script.NONE);
  }

  @Test
  void a_word_in_another_script_that_looks_latin_is_an_imitation() {
    // Cyrillic "тор" has the skeleton of "top"
    assertThat(Normalization.script("\u0440\u0430\u0443"))
        .isEqualTo(Normalization.Script.IMITATION);
    assertThat(Normalization.script("\u0434\u043e\u043c")).isEqualTo(Normalization.Script.OTHER);
  }

  @Test
  void claim_with_an_imitated_negation_is_contradicted_not_passed() {
    assertThat(
            Rules.support(
                "Guests are n\u043et charged for parking.", "Guests are charged for parking."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void invisible_mark_inside_a_negation_does_not_hide_it() {
    assertThat(
            Rules.support(
                "Guests are no\u200Bt charged for parking.", "Guests are charged for parking."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "Guests are no\u200Bt charged for parking.", "Guests are not charged for parking."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void an_em_dash_sets_a_phrase_off_and_an_en_dash_stays_a_hyphen() {
    assertThat(Normalization.normalize("members\u2014four years"))
        .isEqualTo("members - four years");
    assertThat(Normalization.normalize("Mon\u2013Thu")).isEqualTo("Mon-Thu");
  }

  @Test
  void a_name_written_without_its_diacritics_is_the_same_name() {
    assertThat(Rules.support("Ogedei Khan ruled the empire.", "Ögedei Khan ruled the empire."))
        .isEqualTo(dev.citerag.answer.SupportVerdict.Support.SUPPORTED);
    assertThat(Passage.withoutMarks("míng")).isEqualTo("ming");
    assertThat(Passage.withoutMarks("straße")).isEqualTo("straße");
  }
}
