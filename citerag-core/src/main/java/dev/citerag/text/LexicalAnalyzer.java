package dev.citerag.text;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits text into search terms for the in-memory lexical index, the lexical gate and the
 * extractive generator. Numbers, units and identifiers survive whole: {@code 141.80}, {@code
 * 0.015}, {@code deploy-bot}, {@code SVC_KEY}, {@code v2.3.1} are single terms, and compound terms
 * also contribute their parts ({@code deploy-bot} gives {@code deploy-bot}, {@code deploy} and
 * {@code bot}). Terms are lower-cased; English stop words are dropped; plain alphabetic words get
 * a light plural stemming (Porter's step 1a) so that {@code keys} matches {@code key}.
 */
public final class LexicalAnalyzer {
  private LexicalAnalyzer() {}

  private static final Pattern TOKEN =
      // possessive: a greedy group loop recurses once per iteration in java.util.regex, so a long
      // chain such as "1,2,3,..." or "a-b-c-..." overflowed the stack; nothing follows the loop, so
      // it never needs to give an iteration back and the matches are the same
      Pattern.compile("[\\p{L}\\p{N}_]+(?:[.,:/\\-'][\\p{L}\\p{N}_]+)*+");

  /** A small English stop-word list: function words that carry no topic. */
  public static final Set<String> STOP_WORDS =
      Set.of(
          "a", "an", "and", "are", "as", "at", "be", "been", "but", "by", "can", "could", "did",
          "do", "does", "for", "from", "had", "has", "have", "how", "i", "if", "in", "into", "is",
          "it", "its", "may", "me", "might", "my", "no", "not", "of", "on", "or", "our", "shall",
          "should", "so", "such", "than", "that", "the", "their", "them", "then", "there",
          "these", "they", "this", "those", "to", "up", "us", "was", "we", "were", "what", "when",
          "where", "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your",
          "s", "t", "about", "after", "before", "any", "all", "also", "each", "other", "some",
          "out", "over", "under", "again", "am", "very", "just", "own", "same", "here", "via",
          "much", "many", "more", "most", "tell", "please", "need", "get", "one's");

  /** Terms of {@code text} in order, with repeats (for term frequencies). */
  public static List<String> terms(CharSequence text) {
    List<String> out = new ArrayList<>();
    Matcher m = TOKEN.matcher(text);
    while (m.find()) {
      String raw = m.group().toLowerCase(Locale.ROOT);
      // a trailing sentence period or comma inside the match cannot happen (pattern needs a
      // character after the separator), so "0.015." yields "0.015"
      if (raw.endsWith("'s")) {
        raw = raw.substring(0, raw.length() - 2);
      }
      boolean compound = hasSeparator(raw);
      if (compound) {
        if (raw.indexOf(',') >= 0 && isNumberLike(raw)) {
          raw = raw.replace(",", "");
          compound = hasSeparator(raw);
        }
      }
      addTerm(out, raw);
      if (compound && !isNumberLike(raw)) {
        for (String part : raw.split("[.,:/\\-'_]+", -1)) {
          if (!part.isEmpty() && !part.equals(raw)) {
            addTerm(out, part);
          }
        }
      }
    }
    return out;
  }

  /** Distinct terms of {@code text}, in first-seen order. */
  public static Set<String> distinctTerms(CharSequence text) {
    return new LinkedHashSet<>(terms(text));
  }

  private static void addTerm(List<String> out, String t) {
    if (STOP_WORDS.contains(t)) {
      return;
    }
    out.add(stem(t));
  }

  private static boolean hasSeparator(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '.' || c == ',' || c == ':' || c == '/' || c == '-' || c == '\'') {
        return true;
      }
    }
    return false;
  }

  /** Digits with separators, e.g. {@code 141.80}, {@code 10:30}, {@code 2024-05-01}. */
  static boolean isNumberLike(String s) {
    boolean digit = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isDigit(c)) {
        digit = true;
      } else if (Character.isLetter(c)) {
        return false;
      }
    }
    return digit;
  }

  /** Porter step 1a on purely alphabetic words of 4+ letters; anything else is left alone. */
  static String stem(String t) {
    if (t.length() < 4) {
      return t;
    }
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c < 'a' || c > 'z') {
        return t;
      }
    }
    if (t.endsWith("sses")) {
      return t.substring(0, t.length() - 2);
    }
    if (t.endsWith("ies")) {
      return t.substring(0, t.length() - 3) + "y";
    }
    if (t.endsWith("ss") || t.endsWith("us") || t.endsWith("is")) {
      return t;
    }
    if (t.endsWith("s")) {
      return t.substring(0, t.length() - 1);
    }
    return t;
  }
}
