package dev.citerag.answer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Seeded property: a quote that starts or ends at a random point inside a token of the source (a
 * number with separators, a word with an inner hyphen or apostrophe, a letter with its combining
 * marks) is never accepted, while the same quote widened to whole tokens is.
 */
class QuoteBoundaryPropertyTest {

  /**
   * Tokens with inner cut points: numbers with separators, hyphenated and apostrophised words,
   * combining marks.
   */
  static final String[] INNER = {
    "1,000", "12,500,000", "0.5", "3.14.2", "10:30", "2024-05-01", "141.80", "v2.3.1",
        "Non-production",
    "on-call", "well-known", "can't", "don't", "O'Brien", "team's", "cafe\u0301", "nai\u0308ve",
        "Zu\u0308rich",
    "re\u0301sume\u0301", "and/or", "SVC_KEY", "deploy-bot", "x\u0323\u0302y"
  };

  static final String[] PLAIN = {
    "deploy",
    "rollback",
    "limit",
    "requests",
    "minute",
    "service",
    "engineer",
    "approve",
    "window",
    "key",
    "Friday",
    "billing",
    "cluster",
    "timeout",
    "budget"
  };

  final DefaultCitationValidator validator =
      DefaultCitationValidator.withSupportVerifier(
          (claim, quotes) ->
              new SupportVerdict(
                  SupportVerdict.Support.SUPPORTED,
                  List.of(),
                  List.of(),
                  1.0,
                  VerificationUsage.NONE));

  @Test
  void quotes_cut_inside_a_token_are_never_accepted() {
    Random r = new Random(20261201L);
    int tried = 0;
    int skipped = 0;
    int controls = 0;
    for (int n = 0; n < 6_000; n++) {
      List<String> tokens = new ArrayList<>();
      List<int[]> spans = new ArrayList<>();
      StringBuilder text = new StringBuilder();
      int len = 10 + r.nextInt(20);
      for (int i = 0; i < len; i++) {
        String t =
            r.nextInt(3) == 0 ? PLAIN[r.nextInt(PLAIN.length)] : INNER[r.nextInt(INNER.length)];
        if (i > 0) {
          text.append(' ');
        }
        spans.add(new int[] {text.length(), text.length() + t.length()});
        tokens.add(t);
        text.append(t);
      }
      String src = text.toString();
      // pick a window of 5 to 8 tokens and cut its first or last token at an inner point
      int from = r.nextInt(len - 8);
      int to = from + 5 + r.nextInt(4);
      boolean cutStart = r.nextBoolean();
      int tok = cutStart ? from : to - 1;
      String t = tokens.get(tok);
      if (!hasInnerCut(t)) {
        continue;
      }
      int cut = innerCut(r, t);
      int qs = cutStart ? spans.get(tok)[0] + cut : spans.get(from)[0];
      int qe = cutStart ? spans.get(to - 1)[1] : spans.get(tok)[0] + cut;
      String quote = src.substring(qs, qe);
      if (occursOnTokenEdges(src, quote, spans)) {
        skipped++; // the cut text also stands as whole tokens elsewhere: a valid quote of that
        // place
        continue;
      }
      tried++;
      List<SentSource> sent = List.of(Sources.sent("a1b2c", src));
      ValidationReport rep =
          validator.validate(
              ModelAnswer.answered("c", List.of(new Citation("a1b2c", quote))), sent);
      assertThat(rep.passed())
          .as("quote cut inside \"%s\": \"%s\" of \"%s\"", t, quote, src)
          .isFalse();

      // control: the window on whole tokens is accepted
      String whole = src.substring(spans.get(from)[0], spans.get(to - 1)[1]);
      ValidationReport ok =
          validator.validate(
              ModelAnswer.answered("c", List.of(new Citation("a1b2c", whole))), sent);
      assertThat(ok.passed()).as("whole-token quote \"%s\"", whole).isTrue();
      controls++;
    }
    assertThat(tried).isGreaterThan(2_000);
    assertThat(controls).isEqualTo(tried);
    assertThat(skipped).isLessThan(tried / 10);
  }

  static boolean hasInnerCut(String t) {
    return t.codePointCount(0, t.length()) > 1;
  }

  /** A char offset strictly inside the token that does not split a surrogate pair. */
  static int innerCut(Random r, String t) {
    return 1 + r.nextInt(t.length() - 1);
  }

  /**
   * Whether {@code quote} occurs in {@code src} starting at a token start and ending at a token
   * end.
   */
  static boolean occursOnTokenEdges(String src, String quote, List<int[]> spans) {
    for (int at = src.indexOf(quote); at >= 0; at = src.indexOf(quote, at + 1)) {
      boolean start = false;
      boolean end = false;
      for (int[] s : spans) {
        start |= s[0] == at;
        end |= s[1] == at + quote.length();
      }
      if (start && end) {
        return true;
      }
    }
    return false;
  }
}
