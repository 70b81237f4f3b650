package dev.citerag.extractive.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.text.internal.LexicalAnalyzer;
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

  private static boolean negated(String question, String sentence, String content) {
    return SentenceShape.negatedScope(
        question, sentence, LexicalAnalyzer.terms(content), Map.of(), QuestionCues.AUXILIARIES);
  }

  @Test
  void a_negation_governing_the_matched_terms_denies_a_plain_question() {
    String question = "Which valve releases the pressure in the boiler?";
    String terms = "valve releases pressure boiler";
    assertThat(negated(question, "The safety valve does not release the pressure.", terms))
        .isTrue();
    assertThat(negated(question, "The safety valve releases the pressure of the boiler.", terms))
        .isFalse();
    // a denial word without "not"
    assertThat(negated(question, "The old valve fails to release the boiler's pressure.", terms))
        .isTrue();
    assertThat(negated(question, "Valves lacking a spring never release any pressure.", terms))
        .isTrue();
  }

  @Test
  void a_negation_in_another_clause_or_after_the_terms_is_out_of_scope() {
    String question = "Which valve releases the pressure in the boiler?";
    String terms = "valve releases pressure boiler";
    // the negation is in the clause after the comma, about the weekend
    assertThat(
            negated(
                question,
                "The safety valve releases the boiler pressure, but the crew is not on site at"
                    + " weekends.",
                terms))
        .isFalse();
    // too far before any matched term
    assertThat(
            negated(
                question,
                "Nobody in the yard had ever thought much about whether the valve releases"
                    + " pressure.",
                terms))
        .isFalse();
    // "not only", "whether or not", "with or without" do not deny
    assertThat(negated(question, "The valve not only releases the boiler pressure.", terms))
        .isFalse();
    assertThat(negated(question, "With or without power the valve releases the pressure.", terms))
        .isFalse();
    // "failed" as an adjective is no denial
    assertThat(negated(question, "The failed valve releases the pressure slowly.", terms))
        .isFalse();
  }

  @Test
  void a_negated_yes_no_or_privative_question_is_not_denied_by_a_negated_sentence() {
    String sentence = "The safety valve does not release the boiler pressure.";
    String terms = "valve release pressure boiler";
    assertThat(negated("Does the safety valve release the boiler pressure?", sentence, terms))
        .isFalse();
    assertThat(negated("Which valve doesn't release the boiler pressure?", sentence, terms))
        .isFalse();
    assertThat(
            negated("Which valves are exempt from releasing the boiler pressure?", sentence, terms))
        .isFalse();
  }
}
