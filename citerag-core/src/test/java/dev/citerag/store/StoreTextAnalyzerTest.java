package dev.citerag.store;

import static dev.citerag.store.InMemoryVectorStoreTest.chunk;
import static dev.citerag.store.InMemoryVectorStoreTest.doc;
import static dev.citerag.store.InMemoryVectorStoreTest.ec;
import static dev.citerag.store.InMemoryVectorStoreTest.ids;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.citerag.IdentityMismatchException;
import dev.citerag.text.TextAnalyzer;
import dev.citerag.text.internal.LexicalAnalyzer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StoreTextAnalyzerTest {

  /** Keeps the first four letters of every token: "Häuser" and "Häusern" meet, "Haus" does not. */
  private static final TextAnalyzer PREFIX4 =
      new TextAnalyzer() {
        @Override
        public String language() {
          return "prefix4";
        }

        @Override
        public List<String> terms(CharSequence text) {
          return LexicalAnalyzer.terms(
              text, t -> t.length() <= 4 ? t : t.substring(0, 4).toLowerCase(Locale.ROOT));
        }
      };

  private static InMemoryVectorStore store(TextAnalyzer analyzer, String... texts) {
    InMemoryVectorStore s = new InMemoryVectorStore(3, analyzer);
    List<DocumentChunks> docs = new ArrayList<>();
    for (int i = 0; i < texts.length; i++) {
      docs.add(doc("d" + i, "h" + i, ec(chunk("c" + i, "d" + i, texts[i], Map.of()), 1, 0, 0)));
    }
    s.write(docs);
    return s;
  }

  @Test
  void chunks_and_queries_are_analysed_by_the_stores_analyser() {
    InMemoryVectorStore s = store(PREFIX4, "Die Häuserzeile am Markt", "Ein Garten ohne Zaun");

    assertThat(ids(s.lexicalSearch("häusern", 5, Filter.ALL))).containsExactly("c0");
    assertThat(ids(s.hybridSearch(new float[] {1, 0, 0}, "Gartenhaus", 5, Filter.ALL)))
        .startsWith("c1");
    // the English analyser stems neither to a shared term
    InMemoryVectorStore english = InMemoryVectorStoreTest.storeOfTexts("Die Häuserzeile am Markt");
    assertThat(english.lexicalSearch("häusern", 5, Filter.ALL)).isEmpty();
  }

  @Test
  void the_lexical_match_flag_of_a_hybrid_hit_comes_from_the_same_analyser() {
    InMemoryVectorStore s = store(PREFIX4, "Die Häuserzeile am Markt", "Ein Garten ohne Zaun");

    List<SearchHit> hits = s.hybridSearch(new float[] {1, 0, 0}, "Häusern", 5, Filter.ALL);

    assertThat(hits)
        .filteredOn(SearchHit::matchedLexically)
        .extracting(h -> h.chunk().id())
        .containsExactly("c0");
  }

  @Test
  void the_store_names_its_language_and_english_is_the_default() {
    assertThat(new InMemoryVectorStore(3).textLanguage()).contains("english");
    assertThat(new InMemoryVectorStore(3, PREFIX4).textLanguage()).contains("prefix4");
    assertThat(TextAnalyzer.english().language()).isEqualTo("english");
  }

  @Test
  void the_english_default_gives_the_terms_it_always_gave() {
    String text = "The deploy-bot rolled back 141.80 keys; services were represented.";
    assertThat(TextAnalyzer.english().terms(text)).isEqualTo(LexicalAnalyzer.terms(text));
    assertThat(TextAnalyzer.english().distinctTerms(text))
        .containsExactlyElementsOf(LexicalAnalyzer.distinctTerms(text));
  }

  @Test
  void another_language_than_the_stores_is_refused_naming_both() {
    InMemoryVectorStore s = new InMemoryVectorStore(3, PREFIX4);

    s.requireTextLanguage("prefix4");
    assertThatThrownBy(() -> s.requireTextLanguage("english"))
        .isInstanceOf(IdentityMismatchException.class)
        .hasMessageContaining("textLanguage: stored prefix4 vs requested english");
    assertThatThrownBy(() -> s.requireTextLanguage(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("language");
  }

  @Test
  void a_null_analyser_is_rejected_by_name() {
    assertThatThrownBy(() -> new InMemoryVectorStore(3, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("analyzer");
  }
}
