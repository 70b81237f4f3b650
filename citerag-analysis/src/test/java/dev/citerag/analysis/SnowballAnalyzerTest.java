package dev.citerag.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.citerag.IdentityMismatchException;
import dev.citerag.store.Chunk;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.SearchHit;
import dev.citerag.text.TextAnalyzer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SnowballAnalyzerTest {

  private static final List<String> GERMAN =
      List.of(
          "Die Häuser am Hafen wurden 1890 gebaut und 2019 renoviert.",
          "Der Antrag auf Zugang zum Datenbankserver geht an das Betriebsteam.",
          "Alle Anträge werden innerhalb von drei Arbeitstagen geprüft.",
          "Das Haus des Hausmeisters steht neben der Kantine.");

  private static final List<String> RUSSIAN =
      List.of(
          "Список серверов обновляется каждую ночь в 03:00.",
          "Каждый сервер отправляет отчёт администратору.",
          "Книги по администрированию лежат в библиотеке.",
          "Заявку на доступ подаёт руководитель группы.");

  private static InMemoryVectorStore store(TextAnalyzer analyzer, List<String> texts) {
    InMemoryVectorStore s = new InMemoryVectorStore(2, analyzer);
    List<DocumentChunks> docs = new ArrayList<>();
    for (int i = 0; i < texts.size(); i++) {
      String t = texts.get(i);
      Chunk c =
          new Chunk("c" + i, "d" + i, "d" + i, null, List.of(), null, t, 10, "h" + i, Map.of());
      docs.add(
          new DocumentChunks("d" + i, "h" + i, List.of(new EmbeddedChunk(c, new float[] {1, 0}))));
    }
    s.write(docs);
    return s;
  }

  private static List<String> lexical(InMemoryVectorStore s, String query) {
    return s.lexicalSearch(query, 10, Filter.ALL).stream().map(h -> h.chunk().id()).toList();
  }

  @Test
  void german_inflected_forms_meet_their_stem() {
    InMemoryVectorStore s = store(SnowballAnalyzer.of("german"), GERMAN);

    assertThat(lexical(s, "Haus")).containsExactlyInAnyOrder("c0", "c3");
    assertThat(lexical(s, "Hauses")).containsExactlyInAnyOrder("c0", "c3");
    assertThat(lexical(s, "Häusern")).containsExactlyInAnyOrder("c0", "c3");
    assertThat(lexical(s, "Anträgen")).containsExactlyInAnyOrder("c1", "c2");
    // compounds are not split, as in PostgreSQL's german configuration
    assertThat(lexical(s, "Server")).isEmpty();
    assertThat(lexical(s, "Datenbankserver")).containsExactly("c1");
  }

  @Test
  void russian_inflected_forms_meet_their_stem() {
    InMemoryVectorStore s = store(SnowballAnalyzer.of("russian"), RUSSIAN);

    assertThat(lexical(s, "сервер")).containsExactlyInAnyOrder("c0", "c1");
    assertThat(lexical(s, "СЕРВЕРАМИ")).containsExactlyInAnyOrder("c0", "c1");
    assertThat(lexical(s, "книгу")).containsExactly("c2");
    assertThat(lexical(s, "заявки")).containsExactly("c3");
  }

  @Test
  void the_english_analyser_does_not_match_those_forms() {
    InMemoryVectorStore german = store(TextAnalyzer.english(), GERMAN);
    InMemoryVectorStore russian = store(TextAnalyzer.english(), RUSSIAN);

    assertThat(lexical(german, "Häusern")).isEmpty();
    assertThat(lexical(german, "Anträgen")).isEmpty();
    assertThat(lexical(russian, "книгу")).isEmpty();
  }

  @Test
  void a_hybrid_hit_matches_lexically_by_the_stores_analyser() {
    InMemoryVectorStore s = store(SnowballAnalyzer.of("german"), GERMAN);

    List<SearchHit> hits = s.hybridSearch(new float[] {1, 0}, "Wer prüft Anträge?", 10, Filter.ALL);

    assertThat(hits)
        .filteredOn(SearchHit::matchedLexically)
        .extracting(h -> h.chunk().id())
        .containsExactlyInAnyOrder("c1", "c2");
  }

  @Test
  void stop_words_are_dropped_unless_turned_off() {
    SnowballAnalyzer german = SnowballAnalyzer.of("German");

    assertThat(german.terms("Die Häuser und der Hafen")).containsExactly("haus", "haf");
    assertThat(german.dropsStopWords()).isTrue();
    assertThat(german.withoutStopWords().terms("Die Häuser und der Hafen"))
        .containsExactly("die", "haus", "und", "der", "haf");
    assertThat(german.withoutStopWords().language()).isEqualTo("german");
  }

  @Test
  void numbers_and_identifiers_stay_whole_in_any_script() {
    assertThat(SnowballAnalyzer.of("russian").terms("Версия v2.3.1 вышла 03.12.2026, цена 141,80"))
        .contains("v2.3.1", "03.12.2026", "14180")
        .contains("верс");
    assertThat(SnowballAnalyzer.of("german").terms("Der deploy-bot"))
        .containsExactly("deploy-bot", "deploy", "bot");
  }

  @Test
  void an_index_in_one_language_refuses_another_naming_both() {
    InMemoryVectorStore s = store(SnowballAnalyzer.of("german"), GERMAN);

    assertThat(s.textLanguage()).contains("german");
    s.requireTextLanguage("german");
    assertThatThrownBy(() -> s.requireTextLanguage("russian"))
        .isInstanceOf(IdentityMismatchException.class)
        .hasMessageContaining("stored german vs requested russian");
  }

  @Test
  void an_unknown_or_english_language_is_rejected_by_name() {
    assertThatThrownBy(() -> SnowballAnalyzer.of("klingon"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("language")
        .hasMessageContaining("klingon")
        .hasMessageContaining("german");
    assertThatThrownBy(() -> SnowballAnalyzer.of("english"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("TextAnalyzer.english()");
    assertThatThrownBy(() -> SnowballAnalyzer.of(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("language");
  }

  @Test
  void every_listed_language_builds_and_stems() {
    assertThat(SnowballAnalyzer.languages()).contains("german", "russian", "french", "spanish");
    for (String l : SnowballAnalyzer.languages()) {
      assertThat(SnowballAnalyzer.of(l).terms("Lorem ipsum 42")).as(l).contains("42");
    }
  }
}
