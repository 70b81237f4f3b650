package dev.citerag.pipeline.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.SentSource;
import dev.citerag.answer.Sources;
import dev.citerag.embed.LocalHashingEmbedder;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ExtractiveReaderTest {
  private final ExtractiveReader reader = new ExtractiveReader(null);

  private static List<SentSource> one(String text) {
    return List.of(Sources.sent("a1b2c", text));
  }

  @Test
  void long_words_match_one_edit_away_short_ones_do_not() {
    assertThat(QuestionCues.matches("californian", Set.of("california"))).isTrue();
    assertThat(QuestionCues.matches("reffer", Set.of("refer")))
        .isTrue(); // "reffered" vs "referred"
    assertThat(QuestionCues.matches("cost", Set.of("cast"))).isFalse();
    assertThat(QuestionCues.matches("bridges", Set.of("fridges")))
        .isFalse(); // first letter differs
    assertThat(QuestionCues.withinOneEdit("abcdef", "abcxef")).isTrue();
    assertThat(QuestionCues.withinOneEdit("abcdef", "abdcef")).isFalse();
  }

  @Test
  void a_negated_question_does_not_take_a_plain_sentence() {
    List<SentSource> s =
        one("In 1917 he was appointed director of the American Geographical Society.");
    assertThat(
            reader.lexicalDecision(
                "When was he appointed director of the American Geographical Society?",
                s,
                2.0 / 3,
                false))
        .isNotEmpty();
    assertThat(
            reader.lexicalDecision(
                "When was he not appointed director of the American Geographical Society?",
                s,
                2.0 / 3,
                false))
        .isEmpty();
    // a plain question may be answered by a negated sentence
    assertThat(
            reader.lexicalDecision(
                "Does a rollback revert database migrations?",
                one("A rollback does not revert database migrations."),
                2.0 / 3,
                false))
        .isNotEmpty();
  }

  @Test
  void an_antonym_split_between_question_and_sentence_is_a_near_miss() {
    List<SentSource> s =
        one("It is one of the most important open questions in theoretical computer science.");
    assertThat(
            reader.lexicalDecision(
                "What is one of the most important open questions in computer science?",
                s,
                2.0 / 3,
                false))
        .isNotEmpty();
    assertThat(
            reader.lexicalDecision(
                "What is one of the least important open questions in computer science?",
                s,
                2.0 / 3,
                false))
        .isEmpty();
  }

  @Test
  void the_strict_levels_require_the_asked_type() {
    List<SentSource> s = one("The river flows through the Rhineland towards the North Sea coast.");
    assertThat(
            reader.lexicalDecision(
                "When does the river flow through the Rhineland?", s, 2.0 / 3, false))
        .isNotEmpty();
    assertThat(
            reader.lexicalDecision(
                "When does the river flow through the Rhineland?", s, 2.0 / 3, true))
        .isEmpty();
  }

  @Test
  void features_are_named_and_bounded() {
    ExtractiveReader semantic = new ExtractiveReader(new LocalHashingEmbedder());
    ExtractiveReader.Assessment a =
        semantic.assess(
            "When was the Rhine bridge not built?",
            one("The Rhine bridge was built in 1875 by the city of Basel."));
    assertThat(a.features()).hasSize(ExtractiveReader.FEATURES.size());
    assertThat(a.features()[ExtractiveReader.FEATURES.indexOf("negation_mismatch")]).isEqualTo(1.0);
    assertThat(a.features()[ExtractiveReader.FEATURES.indexOf("type_match")]).isEqualTo(1.0);
    assertThat(a.features()[ExtractiveReader.FEATURES.indexOf("similarity")]).isBetween(0.0, 1.0);
    assertThat(a.picks()).isNotEmpty();
  }
}
