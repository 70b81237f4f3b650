package dev.citerag.answer;

import static dev.citerag.answer.Sources.sent;
import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.internal.AnswerParser;
import dev.citerag.answer.internal.ParseResult;
import dev.citerag.answer.internal.QuoteMatcher;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Quotes that differ from the source only in form pass; a changed letter, digit or word fails. */
class QuoteNormalisationTest {

  static final String SOURCE =
      "Don't deploy the on-call team's \u201cbilling\u201d service after 16:00 \u2014 the "
          + "upload limit is 1,000 requests per minute, and the caf\u00e9 menu is ﬁnal.";

  final DefaultCitationValidator validator = new DefaultCitationValidator();
  final List<SentSource> sent = List.of(sent("k7q2m", SOURCE));

  ValidationReport check(String quote) {
    // the claim is the quote itself, so only quotation decides
    return validator.validate(
        ModelAnswer.answered(quote, List.of(new Citation("k7q2m", quote))), sent);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "typographic apostrophe      | Don\u2019t deploy the on-call team\u2019s",
        "ASCII double quotes         | team's \"billing\" service after 16:00",
        "non-breaking hyphen         | the on\u2011call team's \u201cbilling\u201d service",
        "no-break spaces             | upload\u00a0limit\u00a0is\u00a01,000 requests",
        "narrow no-break space       | upload limit\u202fis 1,000 requests",
        "soft hyphen inside a word   | the up\u00adload limit is 1,000 requests",
        "zero-width space            | the upload\u200b limit is 1,000 requests",
        "zero-width joiner           | the up\u200dload limit is 1,000 requests",
        "NFD cafe                    | and the cafe\u0301 menu is",
        "ligature spelt out          | the caf\u00e9 menu is final.",
        "full-width digits           | limit is \uff11,\uff10\uff10\uff10 requests per minute",
        "leading BOM in the quote    | \ufeffthe upload limit is 1,000",
        "tabs                        | the upload\t\tlimit is 1,000",
      })
  void accepts_a_quote_that_differs_only_in_form(String what, String quote) {
    ValidationReport r = check(quote);
    assertThat(r.criticalIssues()).as(what).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "changed letter        | the upload limit is 1,000 requests per minuet",
        "changed digit         | the upload limit is 1,001 requests per minute",
        "changed word          | the download limit is 1,000 requests per minute",
        "changed case          | The upload limit is 1,000 requests per minute",
        "dropped separator     | the upload limit is 1000 requests per minute",
        "en dash for em dash   | after 16:00 \u2013 the upload limit",
        "accent dropped        | and the cafe menu is",
        "guillemets for quotes | team's \u00abbilling\u00bb service after 16:00",
      })
  void rejects_a_quote_with_a_changed_letter_digit_word_or_mark(String what, String quote) {
    ValidationReport r = check(quote);
    assertThat(r.criticalIssues())
        .as(what)
        .extracting(ValidationIssue::type)
        .contains(IssueType.QUOTE_NOT_FOUND);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "number cut after its first digit     | the upload limit is 1",
        "number cut after the separator       | the upload limit is 1,",
        "number started after the separator   | 000 requests per minute",
        "hyphenated word started after hyphen | call team's \u201cbilling\u201d service",
        "hyphenated word cut at the hyphen    | deploy the on-",
        "apostrophe word cut                  | t deploy the on-call team",
        "possessive cut                       | deploy the on-call team",
        "time cut                             | service after 16 \u2014",
      })
  void rejects_a_quote_cut_inside_a_token(String what, String quote) {
    ValidationReport r = check(quote);
    assertThat(r.criticalIssues())
        .as(what)
        .extracting(ValidationIssue::type)
        .containsAnyOf(IssueType.QUOTE_NOT_FOUND, IssueType.QUOTE_TOO_SHORT);
  }

  @Test
  void rejects_a_cut_inside_a_decomposed_letter() {
    List<SentSource> nfd =
        List.of(sent("d3f4g", "We met at the cafe\u0301 near the station yesterday."));
    String quote = "We met at the cafe";
    ValidationReport r =
        validator.validate(ModelAnswer.answered(quote, List.of(new Citation("d3f4g", quote))), nfd);
    assertThat(r.criticalIssues())
        .extracting(ValidationIssue::type)
        .contains(IssueType.QUOTE_NOT_FOUND);
  }

  @Test
  void the_served_quote_is_the_sources_own_text() {
    assertThat(QuoteMatcher.sourceText(SOURCE, "Don\u2019t deploy the on\u2011call team\u2019s"))
        .contains("Don't deploy the on-call team's");
    assertThat(QuoteMatcher.sourceText(SOURCE, "team's \"billing\" service"))
        .contains("team's \u201cbilling\u201d service");
    assertThat(QuoteMatcher.sourceText(SOURCE, "menu is final.")).contains("menu is ﬁnal.");
    assertThat(QuoteMatcher.sourceText("a\u00a0b  c\n\nd e", "a b c d"))
        .contains("a\u00a0b  c\n\nd");
  }

  @Test
  void scripts_without_spaces_are_measured_in_characters() {
    String zh =
        "\u5927\u591a\u6570\u670d\u52a1\u7684\u56de\u6eda\u5728\u4e94\u5206\u949f\u5185\u5b8c\u6210\u3002";
    String th =
        "\u0e01\u0e32\u0e23\u0e22\u0e49\u0e2d\u0e19\u0e01\u0e25\u0e31\u0e1a\u0e40\u0e2a\u0e23\u0e47\u0e08\u0e20\u0e32\u0e22\u0e43\u0e19\u0e2b\u0e49\u0e32\u0e19\u0e32\u0e17\u0e35";
    List<SentSource> src = List.of(sent("z1h2k", zh), sent("t5h6a", th));
    String eight = zh.substring(6, 14);
    String seven = zh.substring(6, 13);
    assertThat(
            validator
                .validate(ModelAnswer.answered(eight, List.of(new Citation("z1h2k", eight))), src)
                .passed())
        .as("8 Chinese characters")
        .isTrue();
    assertThat(
            validator
                .validate(ModelAnswer.answered(seven, List.of(new Citation("z1h2k", seven))), src)
                .criticalIssues())
        .extracting(ValidationIssue::type)
        .contains(IssueType.QUOTE_TOO_SHORT);
    String thai = th.substring(0, 16);
    assertThat(
            validator
                .validate(ModelAnswer.answered(thai, List.of(new Citation("t5h6a", thai))), src)
                .passed())
        .as("Thai by characters")
        .isTrue();
    // a Thai quote may end between two letters, but not between a letter and its vowel or tone mark
    assertThat(QuoteMatcher.contains(th, th.substring(0, 16))).isTrue();
    assertThat(QuoteMatcher.contains(th, th.substring(0, 14))).as("cut before U+0E47").isFalse();
  }

  @Test
  void a_leading_byte_order_mark_in_the_reply_is_ignored() {
    ParseResult p =
        AnswerParser.parse("\ufeff{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]}");
    assertThat(p.ok()).isTrue();
  }
}
