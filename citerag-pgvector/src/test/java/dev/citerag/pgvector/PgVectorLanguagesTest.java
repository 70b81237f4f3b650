package dev.citerag.pgvector;

import static dev.citerag.pgvector.TestData.chunk;
import static dev.citerag.pgvector.TestData.doc;
import static dev.citerag.pgvector.TestData.ids;
import static dev.citerag.pgvector.TestData.unit;
import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.store.Filter;
import dev.citerag.testkit.postgres.PostgresTest;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Full-text search beyond English: what PostgreSQL's Snowball configurations {@code german} and
 * {@code russian} match, on short documents written for this test. Inflected forms meet on one
 * stem; German compounds are not split (Snowball stems, it does not decompound).
 */
@PostgresTest
class PgVectorLanguagesTest {
  private final DataSource ds;

  PgVectorLanguagesTest(DataSource ds) {
    this.ds = ds;
  }

  private PgVectorStore store(String config, String... texts) {
    PgVectorStore store =
        PgVectorStore.builder()
            .dataSource(ds)
            .collection(TestData.uniqueCollection("lang_" + config))
            .dimensions(8)
            .textSearchConfig(config)
            .build();
    for (int i = 0; i < texts.length; i++) {
      String id = "d" + (i + 1);
      store.write(List.of(doc(id, "h" + id, chunk(id, 0, texts[i], Map.of(), unit(8, i)))));
    }
    return store;
  }

  private static List<String> found(PgVectorStore store, String query) {
    return ids(store.lexicalSearch(query, 10, Filter.ALL));
  }

  private static final String[] GERMAN = {
    "Die Häuser am Hafen wurden im Sommer renoviert.",
    "Der Antrag auf Urlaub muss zwei Wochen vorher gestellt werden.",
    "Der Datenbankserver startet jede Nacht um drei Uhr neu.",
    "Fahrzeuge dürfen nur auf dem Hof parken."
  };

  private static final String[] RUSSIAN = {
    "Сервер базы данных перезапускается каждую ночь.",
    "Заявление на отпуск подают за две недели.",
    "Книги из библиотеки выдают на месяц."
  };

  @Test
  void german_inflections_and_umlauts_meet_on_one_stem_but_compounds_are_not_split() {
    try (PgVectorStore de = store("german", GERMAN)) {
      // plural with umlaut (Häuser) and genitive (Hauses) find the singular's stem
      assertThat(found(de, "Haus")).containsExactly("d1#0");
      assertThat(found(de, "des Hauses")).containsExactly("d1#0");
      // the plural Anträge finds der Antrag; Fahrzeug finds die Fahrzeuge
      assertThat(found(de, "Anträge")).containsExactly("d2#0");
      assertThat(found(de, "Fahrzeug")).containsExactly("d4#0");
      // Snowball does not decompound: Server is not found inside Datenbankserver
      assertThat(found(de, "Server")).isEmpty();
      assertThat(found(de, "Datenbankservers")).containsExactly("d3#0");
    }
    try (PgVectorStore simple = store("simple", GERMAN)) {
      // without stemming only the exact (lower-cased) word matches
      assertThat(found(simple, "Haus")).isEmpty();
      assertThat(found(simple, "häuser")).containsExactly("d1#0");
    }
  }

  @Test
  void russian_case_endings_meet_on_one_stem() {
    try (PgVectorStore ru = store("russian", RUSSIAN)) {
      // genitive plural серверов, nominative Сервер (upper case in the text)
      assertThat(found(ru, "серверов")).containsExactly("d1#0");
      // accusative книгу finds nominative plural Книги
      assertThat(found(ru, "книгу")).containsExactly("d3#0");
      // genitive отпуска finds accusative отпуск; заявления finds Заявление
      assertThat(found(ru, "отпуска")).containsExactly("d2#0");
      assertThat(found(ru, "заявления")).containsExactly("d2#0");
      // a word in no document finds nothing
      assertThat(found(ru, "самолёт")).isEmpty();
    }
    try (PgVectorStore simple = store("simple", RUSSIAN)) {
      assertThat(found(simple, "книгу")).isEmpty();
      assertThat(found(simple, "книги")).containsExactly("d3#0");
    }
  }
}
