package dev.citerag.extractive.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SentenceShapeTest {

  private static SentenceShape.Measures measure(
      String question, String sentence, List<String> content, boolean time) {
    return SentenceShape.measure(question, sentence, content, Map.of(), false, time, false, false);
  }

  @Test
  void an_asked_year_next_to_the_matched_terms_is_near_and_a_far_one_is_not() {
    List<String> content = List.of("bridg", "open");
    SentenceShape.Measures near =
        measure("When was the bridge opened?", "The bridge was opened in 1932.", content, true);
    SentenceShape.Measures far =
        measure(
            "When was the bridge opened?",
            "The bridge was opened by the mayor, who had been elected to the council of the"
                + " city in 1932.",
            content,
            true);
    assertThat(near.slotNear()).isGreaterThan(far.slotNear());
    assertThat(far.slotNear()).isPositive();
    // the question's own year is no answer to it
    SentenceShape.Measures own =
        measure(
            "When in 1932 was the bridge opened?", "The bridge was opened in 1932.", content, true);
    assertThat(own.slotNear()).isZero();
    // a question that asks for no type has no slot
    assertThat(
            measure("Who opened it?", "The bridge was opened in 1932.", content, false).slotNear())
        .isZero();
  }

  @Test
  void matched_terms_in_the_questions_order_and_close_together_score_higher() {
    List<String> content = List.of("river", "deliv", "gravel");
    SentenceShape.Measures same =
        measure("", "The river delivers gravel to the delta.", content, false);
    SentenceShape.Measures swapped =
        measure("", "Gravel delivers the river water to the delta.", content, false);
    SentenceShape.Measures spread =
        measure(
            "",
            "The river, which starts in the high mountains far to the south, delivers a great"
                + " deal of gravel.",
            content,
            false);
    assertThat(same.order()).isEqualTo(1.0);
    assertThat(swapped.order()).isLessThan(1.0);
    assertThat(same.compactness()).isGreaterThan(spread.compactness());
    assertThat(measure("", "Nothing here matches.", content, false).compactness()).isZero();
  }

  @Test
  void the_head_noun_is_the_word_after_what_or_which() {
    assertThat(SentenceShape.headNoun("What river flows through Basel?", QuestionCues.AUXILIARIES))
        .isEqualTo("river");
    assertThat(SentenceShape.headNoun("In which company did she work?", QuestionCues.AUXILIARIES))
        .isEqualTo("compani");
    assertThat(SentenceShape.headNoun("What is the capital?", QuestionCues.AUXILIARIES)).isEmpty();
    assertThat(SentenceShape.headNoun("What Rhine tributary?", QuestionCues.AUXILIARIES)).isEmpty();
    assertThat(SentenceShape.headNoun("Who built it?", QuestionCues.AUXILIARIES)).isEmpty();
  }

  @Test
  void the_residual_sentence_drops_the_question_terms() {
    assertThat(
            SentenceShape.without(
                "The bridge was opened in 1932.", Set.of("bridg", "open"), Map.of()))
        .isEqualTo("The was in 1932");
  }
}
