package dev.citerag.answer.internal;

import dev.citerag.text.internal.LexicalAnalyzer;
import dev.citerag.text.internal.Whitespace;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Decides whether a quote is a contiguous excerpt of a passage, after whitespace is collapsed in
 * both. Matching is case-sensitive and punctuation-sensitive, and the excerpt must start and end on
 * word boundaries (a quote may not begin or end in the middle of a word of the passage).
 */
public final class QuoteMatcher {
  private QuoteMatcher() {}

  /** {@code normalizedPassage} and {@code normalizedQuote} must already be whitespace-collapsed. */
  public static boolean contains(String normalizedPassage, String normalizedQuote) {
    if (normalizedQuote.isEmpty()) {
      return false;
    }
    int from = 0;
    while (true) {
      int at = normalizedPassage.indexOf(normalizedQuote, from);
      if (at < 0) {
        return false;
      }
      int end = at + normalizedQuote.length();
      if (boundaryBefore(normalizedPassage, at, normalizedQuote)
          && boundaryAfter(normalizedPassage, end, normalizedQuote)) {
        return true;
      }
      from = at + 1;
    }
  }

  private static boolean boundaryBefore(String p, int at, String q) {
    if (at == 0 || !isWordChar(q.charAt(0))) {
      return true;
    }
    return !isWordChar(p.charAt(at - 1));
  }

  private static boolean boundaryAfter(String p, int end, String q) {
    if (end == p.length() || !isWordChar(q.charAt(q.length() - 1))) {
      return true;
    }
    return !isWordChar(p.charAt(end));
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }

  /**
   * The words of a quote: whitespace-separated tokens that contain at least one letter or digit.
   * Markup and punctuation tokens ({@code |}, {@code -}, {@code >}, {@code |---|---|}) are not
   * words, so they cannot pad a two-word excerpt up to the minimum.
   */
  public static int wordCount(CharSequence quote) {
    int n = 0;
    boolean inToken = false;
    boolean counted = false;
    for (int i = 0; i < quote.length(); i++) {
      char c = quote.charAt(i);
      if (Whitespace.isSpace(c)) {
        inToken = false;
        continue;
      }
      if (!inToken) {
        inToken = true;
        counted = false;
      }
      if (!counted && Character.isLetterOrDigit(c)) {
        n++;
        counted = true;
      }
    }
    return n;
  }

  /**
   * Whether a quote that is not an exact excerpt nearly is one: it matches after lower-casing and
   * dropping punctuation, or at least 80 % of its word trigrams occur in the passage. Used only to
   * label a failure as drift (a warning that explains the critical failure), never to accept.
   */
  public static boolean nearMiss(String normalizedPassage, String normalizedQuote) {
    String p = loose(normalizedPassage);
    String q = loose(normalizedQuote);
    if (q.isEmpty()) {
      return false;
    }
    if (p.contains(q)) {
      return true;
    }
    List<String> qw = List.of(q.split(" "));
    if (qw.size() < 3) {
      return false;
    }
    Set<String> pg = new HashSet<>(trigrams(List.of(p.split(" "))));
    List<String> qg = trigrams(qw);
    int hit = 0;
    for (String g : qg) {
      if (pg.contains(g)) {
        hit++;
      }
    }
    return hit >= 0.8 * qg.size();
  }

  private static String loose(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      b.append(Character.isLetterOrDigit(c) ? Character.toLowerCase(c) : ' ');
    }
    return Whitespace.collapse(b).toLowerCase(Locale.ROOT);
  }

  private static List<String> trigrams(List<String> w) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i + 2 < w.size(); i++) {
      out.add(w.get(i) + " " + w.get(i + 1) + " " + w.get(i + 2));
    }
    return out;
  }

  /**
   * Share of the claim's key terms ({@link LexicalAnalyzer}) that occur, at the start of a word, in
   * at least one of the lower-cased passages; 1 when the claim has no key term. Searching the
   * passages for the claim's few terms is much cheaper than tokenising the passages.
   */
  public static double termCoverage(String claim, List<String> lowerCasePassages) {
    Set<String> terms = LexicalAnalyzer.distinctSurfaceTerms(claim);
    if (terms.isEmpty()) {
      return 1.0;
    }
    int hit = 0;
    for (String t : terms) {
      for (String p : lowerCasePassages) {
        if (containsAtWordStart(p, t)) {
          hit++;
          break;
        }
      }
    }
    return (double) hit / terms.size();
  }

  private static boolean containsAtWordStart(String p, String term) {
    int from = 0;
    while (true) {
      int at = p.indexOf(term, from);
      if (at < 0) {
        return false;
      }
      if (at == 0 || !isWordChar(p.charAt(at - 1))) {
        return true;
      }
      from = at + 1;
    }
  }
}
