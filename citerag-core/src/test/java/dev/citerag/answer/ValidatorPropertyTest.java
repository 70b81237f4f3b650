package dev.citerag.answer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.text.internal.Whitespace;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Seeded randomised properties of the validator's quote check. */
class ValidatorPropertyTest {

  static final String[] WORDS = {
    "deploy",
    "rollback",
    "0.015",
    "141.80",
    "key",
    "rotate",
    "SVC_KEY",
    "on-call",
    "Friday",
    "limit",
    "the",
    "a",
    "of",
    "is",
    "5",
    "minutes.",
    "(p95)",
    "\"quoted\"",
    "rate,",
    "per",
    "déjà",
    "naïve",
    "x"
  };
  static final String[] SPACES = {" ", " ", " ", "  ", "\n", "\t", " \n ", "\u00A0"};

  /** These properties are about quotation alone, so every claim counts as supported here. */
  static final SupportVerifier SUPPORTS_ALL =
      (claim, quotes) ->
          new SupportVerdict(
              SupportVerdict.Support.SUPPORTED, List.of(), List.of(), 1.0, VerificationUsage.NONE);

  final DefaultCitationValidator validator =
      DefaultCitationValidator.withSupportVerifier(SUPPORTS_ALL);

  static String passage(Random r, List<String> words) {
    StringBuilder b = new StringBuilder();
    int n = 8 + r.nextInt(40);
    for (int i = 0; i < n; i++) {
      String w = WORDS[r.nextInt(WORDS.length)];
      words.add(w);
      if (i > 0) {
        b.append(SPACES[r.nextInt(SPACES.length)]);
      }
      b.append(w);
    }
    return b.toString();
  }

  static String mutate(Random r, String quote) {
    StringBuilder b = new StringBuilder(quote);
    switch (r.nextInt(5)) {
      case 0 -> b.insert(r.nextInt(b.length() + 1), WORDS[r.nextInt(WORDS.length)] + " ");
      case 1 -> {
        if (b.length() > 1) b.deleteCharAt(r.nextInt(b.length()));
      }
      case 2 -> b.setCharAt(r.nextInt(b.length()), (char) ('a' + r.nextInt(26)));
      case 3 -> b.append(' ').append(WORDS[r.nextInt(WORDS.length)]);
      default -> b.insert(0, WORDS[r.nextInt(WORDS.length)] + " ");
    }
    return b.toString();
  }

  @Test
  void never_accepts_a_quote_that_is_not_a_whitespace_normalised_substring() {
    Random r = new Random(20261129L);
    int accepted = 0;
    int rejected = 0;
    for (int i = 0; i < 20_000; i++) {
      List<String> words = new ArrayList<>();
      String text = passage(r, words);
      String quote;
      if (r.nextBoolean()) {
        int from = r.nextInt(words.size());
        int to = Math.min(words.size(), from + 1 + r.nextInt(10));
        quote = String.join(SPACES[r.nextInt(SPACES.length)], words.subList(from, to));
        if (r.nextInt(3) == 0) {
          quote = mutate(r, quote);
        }
      } else {
        List<String> other = new ArrayList<>();
        quote = passage(r, other);
        if (quote.length() > 80) {
          quote = quote.substring(r.nextInt(20), 20 + r.nextInt(60));
        }
      }
      List<SentSource> sent = List.of(Sources.sent("src01", text));
      ValidationReport rep =
          validator.validate(
              ModelAnswer.answered("claim", List.of(new Citation("src01", quote))), sent);
      String nq = Whitespace.collapse(quote);
      String np = Whitespace.collapse(text);
      if (rep.passed()) {
        accepted++;
        assertThat(np)
            .as("accepted quote must be a substring; quote=%s text=%s", quote, text)
            .contains(nq);
        assertThat(Whitespace.wordCount(nq)).isGreaterThanOrEqualTo(4);
      } else {
        rejected++;
      }
    }
    assertThat(accepted)
        .as("the generator must produce acceptable quotes too")
        .isGreaterThan(2_000);
    assertThat(rejected).isGreaterThan(2_000);
  }

  @Test
  void always_accepts_any_window_of_four_or_more_consecutive_words() {
    Random r = new Random(7L);
    for (int i = 0; i < 5_000; i++) {
      List<String> words = new ArrayList<>();
      String text = passage(r, words);
      int len = 4 + r.nextInt(Math.max(1, words.size() - 4));
      if (len > words.size()) {
        continue;
      }
      int from = r.nextInt(words.size() - len + 1);
      String quote = String.join(" ", words.subList(from, from + len));
      ValidationReport rep =
          validator.validate(
              ModelAnswer.answered("claim", List.of(new Citation("src01", quote))),
              List.of(Sources.sent("src01", text)));
      assertThat(rep.criticalIssues()).as("quote=%s text=%s", quote, text).isEmpty();
    }
  }
}
