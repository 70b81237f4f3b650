package dev.citerag.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.citerag.verify.internal.WordNet;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class LexiconTest {

  private final Lexicon lexicon = Lexicon.wordNet();

  @Test
  void loads_once_and_reports_its_load_time_and_heap() {
    Duration first = lexicon.load();
    assertThat(lexicon.load()).isEqualTo(first); // opened once: later calls give the first's time
    // a fresh database in this JVM, to state its load time and heap (figures, not assertions: a
    // busy machine must pass)
    Runtime rt = Runtime.getRuntime();
    System.gc();
    long before = rt.totalMemory() - rt.freeMemory();
    long start = System.nanoTime();
    WordNet fresh = WordNet.open();
    fresh.entry("acquire"); // the first look-up reads the index files
    long millis = (System.nanoTime() - start) / 1_000_000;
    System.gc();
    long after = rt.totalMemory() - rt.freeMemory();
    assertThat(fresh.entry("acquisition").lemmas()).contains("acquisition");
    System.out.printf(
        Locale.ROOT,
        "Lexicon (WordNet 3.1): shared instance opened in %d ms; a fresh one opened and answered"
            + " its first look-up in %d ms, its heap %d MB%n",
        first.toMillis(),
        millis,
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
