package dev.citerag.answer.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks that an answer text consists of its claims: the claims' texts, in any order and any number
 * of times, separated only by whitespace, sentence punctuation ({@code . ! ? ; , :}) and list
 * markers ({@code - * • ·}). Both sides are compared under the quotation normalisation.
 */
public final class AnswerText {
  private AnswerText() {}

  /**
   * The ranges {@code [start, end)} of the normalised answer that are not claims and hold a letter
   * or digit; empty when the answer is its claims.
   */
  public static List<int[]> uncited(NormalizedText answer, List<String> normalizedClaims) {
    String a = answer.text();
    List<int[]> out = new ArrayList<>();
    int i = 0;
    while (i < a.length()) {
      // a claim may itself begin with a separator (a list item "- ..."): try the claims first
      int m = longestClaimAt(answer, normalizedClaims, i);
      if (m > 0) {
        i += m;
        continue;
      }
      if (isSeparator(a.charAt(i))) {
        i++;
        continue;
      }
      int next = a.length();
      for (String c : normalizedClaims) {
        for (int at = a.indexOf(c, i + 1); at >= 0 && at < next; at = a.indexOf(c, at + 1)) {
          if (answer.isBoundary(at) && answer.isBoundary(at + c.length())) {
            next = at;
            break;
          }
        }
      }
      if (hasLetterOrDigit(a, i, next)) {
        out.add(new int[] {i, next});
      }
      i = next;
    }
    return out;
  }

  private static int longestClaimAt(NormalizedText answer, List<String> claims, int at) {
    int best = 0;
    if (!answer.isBoundary(at)) {
      return 0;
    }
    for (String c : claims) {
      if (!c.isEmpty()
          && c.length() > best
          && answer.text().startsWith(c, at)
          && answer.isBoundary(at + c.length())) {
        best = c.length();
      }
    }
    return best;
  }

  private static boolean isSeparator(char c) {
    return c == ' '
        || c == '.'
        || c == '!'
        || c == '?'
        || c == ';'
        || c == ','
        || c == ':'
        || c == '-'
        || c == '*'
        || c == '\u2022'
        || c == '\u00B7';
  }

  static boolean hasLetterOrDigit(String s, int from, int to) {
    for (int i = from; i < to; ) {
      int cp = s.codePointAt(i);
      if (Character.isLetterOrDigit(cp)) {
        return true;
      }
      i += Character.charCount(cp);
    }
    return false;
  }

  /** Whether a normalised text has any letter or digit: something a reader would see as text. */
  public static boolean visible(String normalized) {
    return hasLetterOrDigit(normalized, 0, normalized.length());
  }
}
