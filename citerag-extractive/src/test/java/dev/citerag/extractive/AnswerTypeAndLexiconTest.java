package dev.citerag.extractive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.citerag.answer.AnswerStatus;
import dev.citerag.answer.SentSource;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.embed.LocalHashingEmbedder;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The semantic mode's answer-type veto, its lexicon antonym veto and its use of a term equivalence,
 * on small documents of our own.
 */
class AnswerTypeAndLexiconTest {

  /** A stand-in for a semantic embedder: hashing vectors under another model name. */
  private static final Embedder SEMANTIC =
      new Embedder() {
        private final LocalHashingEmbedder h = new LocalHashingEmbedder();

        @Override
        public List<float[]> embedDocuments(List<DocumentText> documents) {
          return h.embedDocuments(documents);
        }

        @Override
        public float[] embedQuery(String query) {
          return h.embedQuery(query);
        }

        @Override
        public EmbedderIdentity identity() {
          return new EmbedderIdentity("test", "semantic-stand-in", null, 384, null);
        }
      };

  private static ExtractiveGenerator.Builder lenient() {
    return ExtractiveGenerator.builder()
        .embedder(SEMANTIC)
        .strictness(ExtractiveGenerator.Strictness.LENIENT);
  }

  private static List<SentSource> one(String text) {
    return List.of(Sources.sent("g7h2k", text));
  }

  @Test
  void a_time_question_abstains_when_the_best_sentence_states_no_time() {
    ExtractiveGenerator g = lenient().build();
    assertThat(
            g.answer(
                    "When did the pottery guild open its kiln?",
                    one("The pottery guild opened its kiln in March 1987 beside the harbour."))
                .status())
        .isEqualTo(AnswerStatus.ANSWERED);
    assertThat(
            g.answer(
                    "When did the pottery guild open its kiln?",
                    one("The pottery guild opened its kiln beside the harbour with a parade."))
                .status())
        .isEqualTo(AnswerStatus.NOT_IN_SOURCES);
  }

  @Test
  void a_quantity_question_abstains_when_the_only_number_is_the_questions_own() {
    ExtractiveGenerator g = lenient().build();
    assertThat(
            g.answer(
                    "How many looms did the 1902 weaving mill run?",
                    one("The weaving mill of 1902 ran forty looms in two long halls."))
                .status())
        .isEqualTo(AnswerStatus.ANSWERED);
    assertThat(
            g.answer(
                    "How many looms did the 1902 weaving mill run?",
                    one("The weaving mill of 1902 ran its looms in long halls by the river."))
                .status())
        .isEqualTo(AnswerStatus.NOT_IN_SOURCES);
  }

  @Test
  void an_equivalent_word_covers_a_paraphrased_qualifier() {
    // the source qualifies "ferry" twice; the question's "automobile" is only the "car" one
    List<SentSource> s =
        one(
            "The car ferry to the island costs 40 euros per crossing. The foot ferry costs 9 euros"
                + " per crossing.");
    String q = "How much does the automobile ferry to the island cost per crossing?";
    assertThat(lenient().build().answer(q, s).status()).isEqualTo(AnswerStatus.NOT_IN_SOURCES);
    ExtractiveGenerator withSynonyms =
        lenient().termEquivalence(w -> w.equals("automobile") ? Set.of("car") : Set.of()).build();
    assertThat(withSynonyms.answer(q, s).status()).isEqualTo(AnswerStatus.ANSWERED);
    assertThat(withSynonyms.answer(q, s).answer()).contains("car ferry");
  }

  @Test
  void the_lexicon_settings_reject_null() {
    assertThatThrownBy(() -> ExtractiveGenerator.builder().termEquivalence(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("equivalence");
    assertThatThrownBy(() -> ExtractiveGenerator.builder().antonyms(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("antonyms");
  }
}
