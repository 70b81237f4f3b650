package dev.citerag.answer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A quote is an excerpt only when folding and cutting keep what the source says: it may not part a
 * number from its sign, currency, percent sign or range dash, a superscript or fraction after a
 * digit is not folded into more digits, and a line end is never deleted between two words. The
 * honest forms of the same text still match, through the fast path and the normalised path alike.
 */
class QuoteEdgeTest {

  /** The source's text for the quote, or null; the fast path and the normalised path agree. */
  static String excerpt(String source, String quote) {
    String fast = new CitedPassage(source).excerpt(NormalizedText.of(quote));
    String slow = QuoteMatcher.sourceText(source, quote).orElse(null);
    assertThat(fast).as("fast path and normalised path agree").isEqualTo(slow);
    return fast;
  }

  @Test
  void a_quote_cannot_start_after_the_sign_of_a_negative_number() {
    String q = "5 °C in January according to the log";
    assertThat(excerpt("At night the lake reached −5 °C in January according to the log.", q))
        .isNull();
    assertThat(excerpt("At night the lake reached -5 °C in January according to the log.", q))
        .isNull();
    assertThat(excerpt("At night the lake reached –5 °C in January according to the log.", q))
        .isNull();
    assertThat(
            excerpt(
                "The balance moved by +5 points in January after the audit.",
                "5 points in January after the audit"))
        .isNull();
    assertThat(excerpt("-5 °C in January according to the log.", q)).isNull();
  }

  @Test
  void a_quote_with_the_sign_matches_and_a_minus_sign_reads_as_a_hyphen() {
    String source = "At night the lake reached −5 °C in January according to the log.";
    assertThat(excerpt(source, "the lake reached −5 °C in January"))
        .isEqualTo("the lake reached −5 °C in January");
    assertThat(excerpt(source, "the lake reached -5 °C in January"))
        .isEqualTo("the lake reached −5 °C in January");
    assertThat(excerpt(source, "-5 °C in January according"))
        .isEqualTo("−5 °C in January according");
  }

  @Test
  void a_hyphen_between_a_word_and_a_number_still_parts_them_as_before() {
    // "A-5" is one token either way; "COVID–19" with an en dash after letters is no range
    assertThat(
            excerpt(
                "The new model A-5 ships in June to every customer.",
                "ships in June to every customer"))
        .isNotNull();
    assertThat(
            excerpt(
                "The wave of COVID–19 cases peaked in the second week.",
                "19 cases peaked in the second week"))
        .isNotNull();
  }

  @Test
  void a_quote_cannot_drop_a_currency_sign_before_or_after_the_number() {
    assertThat(
            excerpt(
                "The subscription costs $5 million per year for large teams.",
                "5 million per year for large teams"))
        .isNull();
    assertThat(
            excerpt(
                "The subscription costs US$5 million per year for large teams.",
                "5 million per year for large teams"))
        .isNull();
    assertThat(
            excerpt(
                "The subscription costs 5€ per seat for every month.", "The subscription costs 5"))
        .isNull();
    assertThat(
            excerpt(
                "The subscription costs $5 million per year for large teams.",
                "costs $5 million per year"))
        .isEqualTo("costs $5 million per year");
  }

  @Test
  void a_quote_cannot_end_before_a_percent_sign() {
    assertThat(
            excerpt(
                "Revenue at the shop rose by 5% in the second quarter.",
                "Revenue at the shop rose by 5"))
        .isNull();
    assertThat(
            excerpt(
                "Revenue at the shop rose by 5 % in the second quarter.",
                "Revenue at the shop rose by 5"))
        .isNull();
    assertThat(
            excerpt(
                "The error rate at the shop was 3‰ last year.", "The error rate at the shop was 3"))
        .isNull();
    assertThat(
            excerpt(
                "Revenue at the shop rose by 5% in the second quarter.",
                "Revenue at the shop rose by 5%"))
        .isEqualTo("Revenue at the shop rose by 5%");
    assertThat(
            excerpt(
                "Revenue at the shop rose by 5 % in the second quarter.",
                "Revenue at the shop rose by 5 %"))
        .isEqualTo("Revenue at the shop rose by 5 %");
  }

  @Test
  void a_quote_cannot_cut_a_range_written_with_an_en_dash() {
    assertThat(
            excerpt(
                "The meeting room holds 10–12 people at most on weekdays.",
                "The meeting room holds 10"))
        .isNull();
    assertThat(
            excerpt(
                "The meeting room holds 10‒12 people at most on weekdays.",
                "12 people at most on weekdays"))
        .isNull();
    assertThat(
            excerpt(
                "The meeting room holds 10–12 people at most on weekdays.",
                "The meeting room holds 10–12 people"))
        .isEqualTo("The meeting room holds 10–12 people");
  }

  @Test
  void a_superscript_or_fraction_after_a_digit_is_not_folded_into_more_digits() {
    String source = "In the cold test the reactor core reached 10² kelvin within the first hour.";
    assertThat(excerpt(source, "the reactor core reached 102 kelvin")).isNull();
    assertThat(excerpt(source, "the reactor core reached 10")).isNull();
    assertThat(excerpt(source, "the reactor core reached 10² kelvin"))
        .isEqualTo("the reactor core reached 10² kelvin");
    assertThat(
            excerpt(
                "The repair costs 2½ million dollars in total this year.", "The repair costs 21"))
        .isNull();
    assertThat(
            excerpt(
                "The repair costs 2½ million dollars in total this year.",
                "The repair costs 2½ million dollars"))
        .isEqualTo("The repair costs 2½ million dollars");
    assertThat(
            excerpt(
                "The error rate was 10⁻³ per request during the trial.",
                "The error rate was 10-3 per request"))
        .isNull();
    assertThat(
            excerpt(
                "The error rate was 10⁻³ per request during the trial.",
                "The error rate was 10−3 per request"))
        .isNull();
    assertThat(
            excerpt(
                "The error rate was 10⁻³ per request during the trial.",
                "The error rate was 10⁻³ per request"))
        .isEqualTo("The error rate was 10⁻³ per request");
  }

  @Test
  void a_subscript_or_superscript_after_a_letter_still_folds() {
    assertThat(
            excerpt(
                "The plant emits CO₂ at a steady rate all year.",
                "The plant emits CO2 at a steady rate"))
        .isEqualTo("The plant emits CO₂ at a steady rate");
    assertThat(excerpt("The hall covers 300 m² of floor on two levels.", "covers 300 m2 of floor"))
        .isEqualTo("covers 300 m² of floor");
  }

  @Test
  void a_next_line_character_is_a_line_end_not_a_deleted_character() {
    String source = "The new release is not\u0085able to run offline at all.";
    assertThat(excerpt(source, "The new release is notable")).isNull();
    assertThat(excerpt(source, "The new release is not able to run offline"))
        .isEqualTo("The new release is not\u0085able to run offline");
    assertThat(NormalizedText.of("a\u0085b").text()).isEqualTo("a b");
  }

  @Test
  void a_sign_or_percent_sign_kept_with_its_number_adds_no_word() {
    assertThat(QuoteMatcher.wordCount("the lake reached −5 °C")).isEqualTo(5); // the C of °C counts
    assertThat(QuoteMatcher.wordCount("rose by 5% in")).isEqualTo(4);
    assertThat(QuoteMatcher.wordCount("holds 10–12 people")).isEqualTo(4);
  }
}
