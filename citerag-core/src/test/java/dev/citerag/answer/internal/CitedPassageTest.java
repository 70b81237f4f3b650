package dev.citerag.answer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fast path of {@link CitedPassage} decides only what the normalised path would decide, and
 * hands back the same source text.
 */
class CitedPassageTest {

  static String excerpt(String source, String quote) {
    return new CitedPassage(source).excerpt(NormalizedText.of(quote));
  }

  static int[] fastPath(String source, String quote) {
    return new CitedPassage(source).locatePlain(NormalizedText.of(quote).text());
  }

  @Test
  void a_verbatim_match_inside_a_token_is_rejected() {
    String source = "Non-production deploys are allowed at any time.";
    assertThat(source).contains("production deploys are allowed");
    assertThat(excerpt(source, "production deploys are allowed at any time")).isNull();
    assertThat(excerpt("The upload limit is 1,000 requests per minute", "The upload limit is 1"))
        .isNull();
    assertThat(excerpt("Admins can't delete keys after noon", "t delete keys after noon")).isNull();
    assertThat(excerpt("Rollback takes 3.14.2 seconds on v2.3.1 hosts", "Rollback takes 3.14"))
        .isNull();
  }

  @Test
  void a_quote_whose_first_verbatim_match_is_inside_a_token_is_found_at_the_second() {
    String source =
        "Non-production deploys are allowed at any time. production deploys are allowed at any"
            + " time after review.";
    String quote = "production deploys are allowed at any time";
    int second = source.indexOf(quote, source.indexOf(quote) + 1);
    assertThat(fastPath(source, quote)).containsExactly(second, second + quote.length());
    assertThat(excerpt(source, quote)).isEqualTo(quote);
  }

  @Test
  void whitespace_runs_in_the_source_match_the_quotes_spaces_on_the_fast_path() {
    String source = "The limit is 100.\nRetry  after\t5 minutes.";
    String quote = "limit is 100. Retry after 5 minutes";
    assertThat(fastPath(source, quote)).isNotNull();
    assertThat(excerpt(source, quote)).isEqualTo("limit is 100.\nRetry  after\t5 minutes");
  }

  @Test
  void a_typographic_quote_of_a_plain_source_takes_the_fast_path() {
    String source = "Admins can't delete keys after noon.";
    assertThat(fastPath(source, "can\u2019t delete keys after noon")).isNotNull();
    assertThat(excerpt(source, "can\u2019t delete keys after noon"))
        .isEqualTo("can't delete keys after noon");
  }

  @Test
  void typographic_and_no_break_variants_in_the_source_go_the_normalised_way_and_pass() {
    String source = "Admins can\u2019t delete keys\u00a0after noon on Fridays.";
    String quote = "can't delete keys after noon";
    assertThat(fastPath(source, quote)).isNull();
    assertThat(excerpt(source, quote)).isEqualTo("can\u2019t delete keys\u00a0after noon");
    assertThat(excerpt("The up\u00adload limit is 1,000 a minute", "upload limit is 1,000"))
        .isEqualTo("up\u00adload limit is 1,000");
  }

  @Test
  void invisible_and_composing_characters_next_to_a_verbatim_match_are_respected() {
    // a soft hyphen joins "Non" and "production" once removed
    assertThat(excerpt("Non\u00adproduction deploys are allowed", "production deploys are allowed"))
        .isNull();
    // a combining accent right after the match makes its last letter another one
    assertThat(excerpt("We met at the cafe\u0301 near the station", "We met at the cafe")).isNull();
    // a control character between two digits disappears and joins them
    assertThat(excerpt("The limit is 1\u00070 requests", "The limit is 1")).isNull();
  }

  @Test
  void an_earlier_occurrence_under_the_normalisation_wins_as_it_does_on_the_normalised_path() {
    String source = "keys\u00a0rotate every day. keys rotate every day.";
    String quote = "keys rotate every day";
    assertThat(fastPath(source, quote)).isNull();
    assertThat(excerpt(source, quote)).isEqualTo("keys\u00a0rotate every day");
    String lines = "keys\nrotate every day. keys rotate every day.";
    assertThat(fastPath(lines, quote)).containsExactly(0, 21);
    assertThat(excerpt(lines, quote)).isEqualTo("keys\nrotate every day");
  }

  static final String[] TOKENS = {
    "deploy",
    "Rollback",
    "the",
    "1,000",
    "0.5",
    "3.14.2",
    "10:30",
    "v2.3.1",
    "Non-production",
    "can't",
    "O'Brien",
    "team's",
    "and/or",
    "SVC_KEY",
    "x",
    "1",
    "000",
    "production",
    "-",
    ".",
    ",",
    "'",
    "(",
    ")",
    "\"",
    "cafe",
    "cafe\u0301",
    "caf\u00e9",
    "\ufb01le",
    "file",
    "can\u2019t",
    "\u90e8\u7f72\u56de\u6eda",
    "na\u00efve"
  };
  static final String[] SEPARATORS = {
    " ", " ", " ", " ", " ", " ", "\n", "  ", "\t", "", "", "\r\n", "\u00a0", "\u00ad", "\u200b",
    "\u0007", "\u001c", " - ", ". ", ", "
  };

  @Test
  void gives_the_same_excerpt_as_the_normalised_path_on_random_sources_and_quotes() {
    Random r = new Random(20261202L);
    int decidedFast = 0;
    int found = 0;
    int n = 20_000;
    for (int k = 0; k < n; k++) {
      boolean plain = r.nextInt(3) > 0;
      StringBuilder b = new StringBuilder();
      int len = 5 + r.nextInt(40);
      for (int i = 0; i < len; i++) {
        if (i > 0) {
          b.append(r.nextInt(3) > 0 ? " " : SEPARATORS[r.nextInt(plain ? 12 : SEPARATORS.length)]);
        }
        b.append(TOKENS[r.nextInt(plain ? 25 : TOKENS.length)]);
      }
      String source = b.toString();
      int from = r.nextInt(source.length());
      int to = Math.min(source.length(), from + 1 + r.nextInt(60));
      String quote = source.substring(from, to);
      switch (r.nextInt(5)) {
        case 0 -> quote = quote.replaceAll("\\s+", " ");
        case 1 -> quote = quote.replace("'", "\u2019");
        case 2 -> quote = " " + quote.strip() + "\n";
        default -> {}
      }
      String expected =
          QuoteMatcher.sourceText(source, quote).orElse(null); // the normalised path alone
      assertThat(excerpt(source, quote)).as("%s in %s", quote, source).isEqualTo(expected);
      int[] fast = fastPath(source, quote);
      if (fast != null) {
        decidedFast++;
        assertThat(source.substring(fast[0], fast[1])).isEqualTo(expected);
      }
      found += expected == null ? 0 : 1;
    }
    // the property covers both paths: many quotes decided fast, many found, many not found
    assertThat(decidedFast).isGreaterThan(n / 10);
    assertThat(found).isBetween(n / 10, n - n / 10);
  }
}
