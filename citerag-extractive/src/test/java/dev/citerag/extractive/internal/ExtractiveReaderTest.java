package dev.citerag.extractive.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.SentSource;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.extractive.Sources;
import dev.citerag.text.internal.LexicalAnalyzer;
import java.util.List;
import java.util.Map;
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

  @Test
  void a_sentence_denying_what_the_question_asserts_sets_negated_scope() {
    ExtractiveReader reader = new ExtractiveReader(new LocalHashingEmbedder());
    int at = ExtractiveReader.FEATURES.indexOf("negated_scope");
    double[] denied =
        reader
            .assess(
                "What protocol does the relay station forward to the harbour office?",
                one("The relay station does not forward the tide protocol to the harbour office."))
            .features();
    double[] stated =
        reader
            .assess(
                "What protocol does the relay station forward to the harbour office?",
                one("The relay station forwards the tide protocol to the harbour office."))
            .features();
    assertThat(denied[at]).isEqualTo(1.0);
    assertThat(stated[at]).isZero();
  }

  @Test
  void the_asked_attribute_is_read_from_plain_what_and_which_questions() {
    assertThat(QuestionCues.askedAttribute("What burst size does the /v2/search endpoint allow?"))
        .containsExactlyInAnyOrder("burst", "size");
    assertThat(QuestionCues.askedAttribute("What is the hourly overtime rate for on-call work?"))
        .containsExactlyInAnyOrder("hourly", "overtime", "rate");
    assertThat(QuestionCues.askedAttribute("Which plan has the highest burst?"))
        .containsExactly("plan");
    // generic and type words, names, and questions without a closing auxiliary give nothing
    assertThat(QuestionCues.askedAttribute("What year did the Normans conquer England?")).isEmpty();
    assertThat(QuestionCues.askedAttribute("What type of forest is the Amazon?")).isEmpty();
    assertThat(QuestionCues.askedAttribute("What river flows through Basel?")).isEmpty();
    assertThat(QuestionCues.askedAttribute("What is the Amazon?")).isEmpty();
    assertThat(QuestionCues.askedAttribute("Who founded the company?")).isEmpty();
  }

  @Test
  void a_sentence_that_does_not_state_the_asked_attribute_is_vetoed() {
    ExtractiveReader semantic = new ExtractiveReader(new LocalHashingEmbedder());
    String text =
        "Time spent working on pages outside working hours is paid in addition at the overtime"
            + " rate, rounded up to the next 30 minutes.";
    ExtractiveReader.Assessment asked =
        semantic.assess("What is the overtime rate for working on pages?", one(text));
    assertThat(asked.veto()).isNull();
    // "hours" is an inflection of "hour", not of "hourly": the sentence names no hourly rate
    ExtractiveReader.Assessment hourly =
        semantic.assess("What is the hourly overtime rate for on-call work?", one(text));
    assertThat(hourly.veto()).contains("hourly");
    ExtractiveReader.Assessment burst =
        semantic.assess(
            "What burst size does the /v2/search endpoint allow?",
            one(
                "The search endpoint `/v2/search` has its own limit of 30 requests per second"
                    + " per key on every plan."));
    assertThat(burst.veto()).contains("burst");
  }

  @Test
  void an_asked_attribute_written_elsewhere_in_the_chunk_is_weighed_not_vetoed() {
    ExtractiveReader semantic = new ExtractiveReader(new LocalHashingEmbedder());
    String text =
        "The hourly rate is set by the union agreement each spring. Time spent working on pages"
            + " outside working hours is paid in addition at the overtime rate, rounded up to the"
            + " next 30 minutes.";
    ExtractiveReader.Assessment hourly =
        semantic.assess("What is the hourly overtime rate for on-call pages?", one(text));
    assertThat(hourly.veto()).isNull();
    assertThat(hourly.picks().get(0).quote()).startsWith("Time spent");
    assertThat(hourly.features()[ExtractiveReader.FEATURES.indexOf("attribute_elsewhere")])
        .isEqualTo(1.0);
  }

  @Test
  void the_rarest_missing_term_is_measured_against_the_sentence_and_the_chunk() {
    ExtractiveReader semantic = new ExtractiveReader(new LocalHashingEmbedder());
    List<SentSource> sources =
        List.of(
            Sources.sent(
                "a1b2c",
                "The river carries gravel from the glacier to the delta each summer. The delta"
                    + " holds a bird sanctuary."),
            Sources.sent("d3e4f", "The old harbour was rebuilt after the storm of the winter."));
    double[] missingNowhere =
        semantic.assess("What does the river carry to the delta?", sources).features();
    assertThat(missingNowhere[ExtractiveReader.FEATURES.indexOf("rarest_missing")]).isZero();
    assertThat(missingNowhere[ExtractiveReader.FEATURES.indexOf("rarest_missing_chunk")]).isZero();
    // "sanctuary" is in the chunk, not in the sentence about gravel
    double[] elsewhere =
        semantic
            .assess("What does the river carry to the delta sanctuary glacier?", sources)
            .features();
    assertThat(elsewhere[ExtractiveReader.FEATURES.indexOf("rarest_missing_chunk")]).isZero();
    // "volcano" is in no source at all: missing from the sentence and from its chunk
    double[] nowhere =
        semantic.assess("What does the river carry to the volcano delta?", sources).features();
    assertThat(nowhere[ExtractiveReader.FEATURES.indexOf("rarest_missing")]).isPositive();
    assertThat(nowhere[ExtractiveReader.FEATURES.indexOf("rarest_missing_chunk")])
        .isEqualTo(nowhere[ExtractiveReader.FEATURES.indexOf("rarest_missing")]);
  }

  @Test
  void every_feature_is_finite_and_similarity_features_read_zero_without_an_embedder() {
    String text = "The bridge over the river was opened in 1932 by the mayor of the city.";
    double[] lexical = reader.assess("When was the bridge opened?", one(text)).features();
    assertThat(lexical).hasSize(ExtractiveReader.FEATURES.size());
    assertThat(lexical[ExtractiveReader.FEATURES.indexOf("residual_similarity")]).isZero();
    assertThat(lexical[ExtractiveReader.FEATURES.indexOf("similarity_rank")]).isZero();
    double[] semantic =
        new ExtractiveReader(new LocalHashingEmbedder())
            .assess("When was the bridge opened?", one(text))
            .features();
    for (double v : semantic) {
      assertThat(Double.isFinite(v)).isTrue();
    }
    assertThat(semantic[ExtractiveReader.FEATURES.indexOf("similarity_rank")]).isEqualTo(1.0);
    assertThat(semantic[ExtractiveReader.FEATURES.indexOf("dense_agrees")]).isEqualTo(1.0);
    assertThat(semantic[ExtractiveReader.FEATURES.indexOf("slot_near")]).isPositive();
  }

  @Test
  void a_table_row_is_read_under_its_header() {
    ExtractiveReader semantic = new ExtractiveReader(new LocalHashingEmbedder());
    String table =
        "| Plan | Sustained rate | Burst |\n|---|---|---|\n| Free | 60 requests per minute | 10 |";
    ExtractiveReader.Assessment a =
        semantic.assess("What burst does the Free plan allow?", one(table));
    assertThat(a.veto()).isNull();
    assertThat(a.picks())
        .extracting(ExtractiveReader.Pick::quote)
        .containsExactly("| Free | 60 requests per minute | 10 |");
  }

  @Test
  void a_typed_span_is_one_the_question_does_not_already_hold() {
    // time: a year, a month, a weekday; not the question's own year
    assertThat(
            QuestionCues.typedSpan(
                "The bridge opened in May 1931.",
                "When did the bridge open?",
                false,
                true,
                false,
                false))
        .isTrue();
    assertThat(
            QuestionCues.typedSpan(
                "Invoices are sent on the first working day of each month.",
                "When are invoices sent?",
                false,
                true,
                false,
                false))
        .isTrue();
    assertThat(
            QuestionCues.typedSpan(
                "The bridge that was planned in 1929 opened with a parade.",
                "When did the bridge planned in 1929 open?",
                false,
                true,
                false,
                false))
        .isFalse();
    // quantity: digits or a number word, not one of the question's
    assertThat(
            QuestionCues.typedSpan(
                "The archive keeps twelve copies of each ledger.",
                "How many copies of each ledger does the archive keep?",
                true,
                false,
                false,
                false))
        .isTrue();
    assertThat(
            QuestionCues.typedSpan(
                "The archive keeps copies of each ledger offsite.",
                "How many copies of each ledger does the archive keep?",
                true,
                false,
                false,
                false))
        .isFalse();
    // person: a capitalised name the question does not hold
    assertThat(
            QuestionCues.typedSpan(
                "The ledger was signed by Margit Olsen of Tromsø.",
                "Who signed the ledger?",
                false,
                false,
                true,
                false))
        .isTrue();
  }

  @Test
  void equivalents_of_a_question_word_count_as_the_word() {
    Map<String, Set<String>> alt =
        QuestionCues.alternatives(
            "Which automobile did the courier drive?",
            w -> w.equals("automobile") ? Set.of("car", "motor vehicle") : Set.of());
    // single words only: a phrase's words alone would match too much
    assertThat(alt).containsOnlyKeys(LexicalAnalyzer.stem("automobile"));
    assertThat(QuestionCues.matches(LexicalAnalyzer.stem("automobile"), Set.of("car"), alt))
        .isTrue();
    assertThat(QuestionCues.matches(LexicalAnalyzer.stem("automobile"), Set.of("truck"), alt))
        .isFalse();
  }

  @Test
  void a_lexicon_opposite_in_the_sentence_disagrees_with_the_question() {
    java.util.function.Function<String, Set<String>> antonyms =
        w -> w.equals("cheapest") ? Set.of("dearest") : Set.of();
    assertThat(
            QuestionCues.lexiconAntonym(
                "Which ferry is the cheapest one to Bergen?",
                "The dearest ferry to Bergen is the night boat.",
                antonyms))
        .isTrue();
    // the sentence that holds the asked word too does not disagree
    assertThat(
            QuestionCues.lexiconAntonym(
                "Which ferry is the cheapest one to Bergen?",
                "The cheapest ferry to Bergen is the day boat; the dearest is the night boat.",
                antonyms))
        .isFalse();
  }

  @Test
  void the_reader_vetoes_a_best_sentence_holding_a_lexicon_opposite() {
    List<SentSource> s = one("A gas heater warms the shallow pool of the lido all summer.");
    String q = "Which heater warms the deep pool of the lido?";
    ExtractiveReader plain =
        new ExtractiveReader(new LocalHashingEmbedder(), dev.citerag.answer.TermEquivalence.STEMS);
    assertThat(plain.assess(q, s).veto()).isNull();
    ExtractiveReader withLexicon =
        new ExtractiveReader(
            new LocalHashingEmbedder(),
            dev.citerag.answer.TermEquivalence.STEMS,
            new ExtractiveReader.Lexical(w -> w.equals("deep") ? Set.of("shallow") : Set.of()));
    assertThat(withLexicon.assess(q, s).veto()).contains("opposite");
    assertThat(
            withLexicon.assess(q, s)
                .features()[ExtractiveReader.FEATURES.indexOf("lexicon_antonym")])
        .isEqualTo(1.0);
  }

  @Test
  void the_reader_vetoes_a_time_question_over_a_sentence_without_a_time() {
    ExtractiveReader semantic = new ExtractiveReader(new LocalHashingEmbedder());
    String q = "When did the pottery guild open its kiln?";
    assertThat(
            semantic
                .assess(q, one("The pottery guild opened its kiln in March 1987 by the harbour."))
                .veto())
        .isNull();
    assertThat(
            semantic
                .assess(q, one("The pottery guild opened its kiln by the harbour with a parade."))
                .veto())
        .contains("a time");
  }
}
