package dev.citerag.answer.internal;

import dev.citerag.text.internal.Whitespace;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Decides whether a quote is a contiguous excerpt of a passage under the quotation normalisation of
 * {@link NormalizedText}, starting and ending on token boundaries of the passage (a quote may not
 * begin or end inside a word, a number such as {@code 1,000}, or a hyphenated or apostrophised word
 * such as {@code Non-production} or {@code can't}). Matching is case-sensitive and
 * punctuation-sensitive.
 */
public final class QuoteMatcher {
  private QuoteMatcher() {}

  /**
   * Where the quote occurs in the passage: the normalised range {@code [start, end)} of its first
   * occurrence that starts and ends on token boundaries, or {@code null}.
   */
  public static int @Nullable [] locate(NormalizedText passage, NormalizedText quote) {
    String p = passage.text();
    String q = quote.text();
    if (q.isEmpty()) {
      return null;
    }
    for (int at = p.indexOf(q); at >= 0; at = p.indexOf(q, at + 1)) {
      int end = at + q.length();
      if (passage.isQuoteEdge(at) && passage.isQuoteEdge(end)) {
        return new int[] {at, end};
      }
    }
    return null;
  }

  /** Whether {@code quote} is a boundary-aligned excerpt of {@code passage} (both raw texts). */
  public static boolean contains(String passage, String quote) {
    return locate(NormalizedText.of(passage), NormalizedText.of(quote)) != null;
  }

  /**
   * The source's own text for a quote, exactly as the source writes it, when the quote is a
   * boundary-aligned excerpt of it.
   */
  public static Optional<String> sourceText(String passage, String quote) {
    NormalizedText p = NormalizedText.of(passage);
    int[] at = locate(p, NormalizedText.of(quote));
    return at == null ? Optional.empty() : Optional.of(p.originalOf(at[0], at[1]));
  }

  /** Length of a quote in words, see {@link NormalizedText#lengthInWords}. */
  public static double length(String quote) {
    return NormalizedText.lengthInWords(NormalizedText.of(quote).text());
  }

  /**
   * The words of a quote: tokens holding a letter or digit (see {@link NormalizedText}), rounded
   * down where characters of scripts written without spaces count half a word each.
   */
  public static int wordCount(CharSequence quote) {
    return (int) Math.floor(length(quote.toString()));
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
}
