package dev.citerag.answer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.TermEquivalence;
import dev.citerag.store.Chunk;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A quote about a sibling of what the question asks, told by the source's own words: another word
 * in the same "per"/"each"/"in" slot, another identifier of the same shape, another row of the same
 * table.
 */
class CoverageContrastTest {

  static final CoverageCheck CHECK = new CoverageCheck(TermEquivalence.STEMS);

  static Chunk chunk(String text) {
    return new Chunk("c", "d", "d", null, List.of(), null, text, 10, "h", Map.of());
  }

  static String contrast(String question, String quote, String text) {
    return CHECK.contrast(question, quote, chunk(text));
  }

  static String contrast(String question, String quote) {
    return contrast(question, quote, quote);
  }

  @Test
  void a_synonym_that_names_a_sibling_unit_does_not_fill_the_slot() {
    CoverageCheck lexicon =
        new CoverageCheck(
            word -> word.equals("second") ? java.util.Set.of("minute") : java.util.Set.of());
    assertThat(
            lexicon.contrast(
                "How many write requests per second are allowed?",
                "The API allows 100 write requests per minute.",
                chunk("The API allows 100 write requests per minute.")))
        .isEqualTo("second");
  }

  @Test
  void another_word_in_the_same_slot_is_a_sibling() {
    String quote = "The API allows 1,000 read requests per minute per API key.";
    assertThat(contrast("How many read requests per hour does the API allow?", quote))
        .isEqualTo("hour");
    assertThat(contrast("How many read requests per minute does the API allow?", quote)).isNull();
    assertThat(contrast("What is the budget per month?", "The budget is 3,000 EUR per year."))
        .isEqualTo("month");
    String logs = "Application logs are kept for 30 days in production.";
    assertThat(contrast("How long are application logs kept in development?", logs))
        .isEqualTo("development");
    assertThat(
            contrast(
                "How long are application logs kept in staging?",
                logs,
                logs + " Application logs are kept for 7 days in staging."))
        .isNull();
  }

  @Test
  void another_identifier_of_the_same_shape_is_a_sibling() {
    String quote = "The inventory service has a p95 latency target of 120 ms.";
    assertThat(contrast("What is the p99 latency target of the inventory service?", quote))
        .isEqualTo("p99");
    assertThat(contrast("What is the p95 latency target of the inventory service?", quote))
        .isNull();
    assertThat(
            contrast(
                "When will the v2 API be switched off?", "The v1 API will be switched off in May."))
        .isEqualTo("v2");
    assertThat(contrast("What changed in 4.3.0?", "Version 4.2.0 raises the upload size."))
        .isEqualTo("4.3.0");
    assertThat(contrast("What happened in 1990?", "In 1985 the plant opened.")).isNull();
  }

  @Test
  void a_row_whose_key_the_question_does_not_name_while_it_names_another_row() {
    String table =
        """
        | Region | Hotel limit per night |
        |---|---|
        | Europe | 180 EUR |
        | North America | 240 USD |
        """;
    assertThat(
            contrast(
                "What is the hotel limit per night in Europe?",
                "| North America | 240 USD |",
                table))
        .isEqualTo("europe");
    assertThat(
            contrast("What is the hotel limit per night in Europe?", "| Europe | 180 EUR |", table))
        .isNull();
    assertThat(
            contrast(
                "What is the hotel limit in North America?", "| North America | 240 USD |", table))
        .isNull();
  }
}
