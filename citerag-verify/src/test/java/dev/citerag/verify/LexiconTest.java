package dev.citerag.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class LexiconTest {

  private final Lexicon lexicon = Lexicon.wordNet();

  @Test
  void loads_once_and_reports_its_load_time_and_heap() {
    Runtime rt = Runtime.getRuntime();
    System.gc();
    long before = rt.totalMemory() - rt.freeMemory();
    Duration first = lexicon.load();
    System.gc();
    long after = rt.totalMemory() - rt.freeMemory();
    Duration second = lexicon.load();
    assertThat(second).isEqualTo(first); // opened once: the first call's time
    System.out.printf(
        Locale.ROOT,
        "Lexicon (WordNet 3.1): opened in %d ms; heap after opening grew by %d MB%n",
        first.toMillis(),
        (after - before) / (1024 * 1024));
  }

  @Test
  void gives_lemmas_synonyms_derivations_antonyms_and_hypernyms() {
    assertThat(lexicon.lemmas("acquired")).contains("acquire");
    assertThat(lexicon.lemmas("larger")).contains("large");
    assertThat(lexicon.synonyms("buy")).contains("purchase");
    assertThat(lexicon.derivations("acquire")).contains("acquisition");
    assertThat(lexicon.antonyms("increase")).contains("decrease");
    assertThat(lexicon.antonyms("larger")).contains("small");
    assertThat(lexicon.hypernyms("Paris")).isNotEmpty();
  }

  @Test
  void an_unknown_word_has_nothing() {
    assertThat(lexicon.synonyms("zorblatt")).isEmpty();
    assertThat(lexicon.antonyms("zorblatt")).isEmpty();
  }

  @Test
  void rejects_a_null_word_naming_it() {
    assertThatThrownBy(() -> lexicon.synonyms(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("word");
  }
}
