package dev.citerag.text.internal;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The Porter2 ("Snowball English") stemmer, written out by hand so that core needs no analysis
 * library. It reduces inflected and derived forms of an English word to a common stem: {@code
 * represented}, {@code representing}, {@code represents} and {@code representation} give {@code
 * repres}; {@code Californian} and {@code California} give {@code californian} and {@code
 * california} (the algorithm does not strip nationality suffixes).
 *
 * <p>The steps follow the published algorithm (snowballstem.org, "The English (Porter2) stemming
 * algorithm"): exceptional forms, the prelude marking consonant {@code y} as {@code Y}, the regions
 * R1 and R2 (with the {@code gener}/{@code commun}/{@code arsen} prefixes), steps 0 to 5 and the
 * postlude. A test checks the output equals the Snowball reference implementation (the one Lucene
 * ships) on several thousand words.
 *
 * <p>Input must be one lower-case word; words of fewer than three characters come back unchanged.
 * Characters other than {@code a-z} and the apostrophe are treated as consonants, as the reference
 * does. Stateless and thread-safe.
 */
public final class EnglishStemmer {
  private EnglishStemmer() {}

  private static final Map<String, String> EXCEPTIONS =
      Map.ofEntries(
          Map.entry("skis", "ski"),
          Map.entry("skies", "sky"),
          Map.entry("dying", "die"),
          Map.entry("lying", "lie"),
          Map.entry("tying", "tie"),
          Map.entry("idly", "idl"),
          Map.entry("gently", "gentl"),
          Map.entry("ugly", "ugli"),
          Map.entry("early", "earli"),
          Map.entry("only", "onli"),
          Map.entry("singly", "singl"),
          Map.entry("sky", "sky"),
          Map.entry("news", "news"),
          Map.entry("howe", "howe"),
          Map.entry("atlas", "atlas"),
          Map.entry("cosmos", "cosmos"),
          Map.entry("bias", "bias"),
          Map.entry("andes", "andes"));

  /** Words left alone after step 1a. */
  private static final java.util.Set<String> EXCEPTIONS_AFTER_1A =
      java.util.Set.of(
          "inning", "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed");

  private static final String[] R1_PREFIXES = {"gener", "commun", "arsen"};

  /** Returns the Porter2 stem of {@code word} (one lower-case word). */
  public static String stem(String word) {
    String exception = EXCEPTIONS.get(word);
    if (exception != null) {
      return exception;
    }
    if (word.length() < 3) {
      return word;
    }
    return new Run(word).stem();
  }

  /** One stemming run over a mutable buffer. */
  private static final class Run {
    private final StringBuilder b;
    private boolean yFound;
    private int p1;
    private int p2;

    Run(String word) {
      b = new StringBuilder(word);
    }

    String stem() {
      prelude();
      markRegions();
      step1a();
      if (!EXCEPTIONS_AFTER_1A.contains(b.toString())) {
        step1b();
        step1c();
        step2();
        step3();
        step4();
        step5();
      }
      if (yFound) {
        for (int i = 0; i < b.length(); i++) {
          if (b.charAt(i) == 'Y') {
            b.setCharAt(i, 'y');
          }
        }
      }
      return b.toString();
    }

    private static boolean isVowel(char c) {
      return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y';
    }

    private void prelude() {
      if (b.length() > 0 && b.charAt(0) == '\'') {
        b.deleteCharAt(0);
      }
      if (b.length() > 0 && b.charAt(0) == 'y') {
        b.setCharAt(0, 'Y');
        yFound = true;
      }
      for (int i = 1; i < b.length(); i++) {
        if (b.charAt(i) == 'y' && isVowel(b.charAt(i - 1))) {
          b.setCharAt(i, 'Y');
          yFound = true;
        }
      }
    }

    private void markRegions() {
      int len = b.length();
      p1 = len;
      p2 = len;
      int start = -1;
      String s = b.toString();
      for (String prefix : R1_PREFIXES) {
        if (s.startsWith(prefix)) {
          start = prefix.length();
          break;
        }
      }
      if (start < 0) {
        start = afterVowelThenConsonant(0);
        if (start < 0) {
          return;
        }
      }
      p1 = start;
      int second = afterVowelThenConsonant(p1);
      if (second >= 0) {
        p2 = second;
      }
    }

    /** Position just past the first non-vowel that follows a vowel, from {@code from}; or -1. */
    private int afterVowelThenConsonant(int from) {
      int i = from;
      int len = b.length();
      while (i < len && !isVowel(b.charAt(i))) {
        i++;
      }
      if (i >= len) {
        return -1;
      }
      i++;
      while (i < len && isVowel(b.charAt(i))) {
        i++;
      }
      if (i >= len) {
        return -1;
      }
      return i + 1;
    }

    private boolean endsWith(String suffix) {
      int n = suffix.length();
      int len = b.length();
      if (n > len) {
        return false;
      }
      for (int i = 0; i < n; i++) {
        if (b.charAt(len - n + i) != suffix.charAt(i)) {
          return false;
        }
      }
      return true;
    }

    /** The longest of {@code suffixes} the buffer ends with, or null. */
    private @Nullable String longestSuffix(String... suffixes) {
      String best = null;
      for (String s : suffixes) {
        if ((best == null || s.length() > best.length()) && endsWith(s)) {
          best = s;
        }
      }
      return best;
    }

    private void replaceSuffix(String suffix, String by) {
      b.setLength(b.length() - suffix.length());
      b.append(by);
    }

    private boolean containsVowel(int from, int to) {
      for (int i = from; i < to; i++) {
        if (isVowel(b.charAt(i))) {
          return true;
        }
      }
      return false;
    }

    /**
     * A short syllable ending at {@code end} (exclusive): non-vowel, vowel, non-vowel other than w,
     * x, Y; or, at the start of the word, vowel then non-vowel.
     */
    private boolean shortSyllableEndingAt(int end) {
      if (end >= 3) {
        char last = b.charAt(end - 1);
        if (!isVowel(last)
            && last != 'w'
            && last != 'x'
            && last != 'Y'
            && isVowel(b.charAt(end - 2))
            && !isVowel(b.charAt(end - 3))) {
          return true;
        }
      }
      return end == 2 && isVowel(b.charAt(0)) && !isVowel(b.charAt(1));
    }

    private void step1a() {
      String apostrophe = longestSuffix("'", "'s", "'s'");
      if (apostrophe != null) {
        b.setLength(b.length() - apostrophe.length());
      }
      String suffix = longestSuffix("sses", "ied", "ies", "s", "us", "ss");
      if (suffix == null) {
        return;
      }
      int stemEnd = b.length() - suffix.length();
      switch (suffix) {
        case "sses" -> replaceSuffix(suffix, "ss");
        case "ied", "ies" -> replaceSuffix(suffix, stemEnd > 1 ? "i" : "ie");
        case "s" -> {
          if (stemEnd >= 2 && containsVowel(0, stemEnd - 1)) {
            b.setLength(stemEnd);
          }
        }
        default -> {
          // "us" and "ss" stay
        }
      }
    }

    private void step1b() {
      String suffix = longestSuffix("eed", "eedly", "ed", "edly", "ing", "ingly");
      if (suffix == null) {
        return;
      }
      int stemEnd = b.length() - suffix.length();
      if (suffix.equals("eed") || suffix.equals("eedly")) {
        if (stemEnd >= p1) {
          replaceSuffix(suffix, "ee");
        }
        return;
      }
      if (!containsVowel(0, stemEnd)) {
        return;
      }
      b.setLength(stemEnd);
      if (endsWith("at") || endsWith("bl") || endsWith("iz")) {
        b.append('e');
      } else if (endsWithDouble()) {
        b.setLength(b.length() - 1);
      } else if (p1 == b.length() && shortSyllableEndingAt(b.length())) {
        b.append('e');
      }
    }

    private boolean endsWithDouble() {
      int len = b.length();
      if (len < 2) {
        return false;
      }
      char c = b.charAt(len - 1);
      return c == b.charAt(len - 2) && "bdfgmnprt".indexOf(c) >= 0;
    }

    private void step1c() {
      int len = b.length();
      if (len < 3) {
        return;
      }
      char last = b.charAt(len - 1);
      if ((last == 'y' || last == 'Y') && !isVowel(b.charAt(len - 2))) {
        b.setCharAt(len - 1, 'i');
      }
    }

    private void step2() {
      String suffix =
          longestSuffix(
              "tional", "enci", "anci", "abli", "entli", "izer", "ization", "ational", "ation",
              "ator", "alism", "aliti", "alli", "fulness", "ousli", "ousness", "iveness", "iviti",
              "biliti", "bli", "ogi", "fulli", "lessli", "li");
      if (suffix == null || b.length() - suffix.length() < p1) {
        return;
      }
      int stemEnd = b.length() - suffix.length();
      switch (suffix) {
        case "tional" -> replaceSuffix(suffix, "tion");
        case "enci" -> replaceSuffix(suffix, "ence");
        case "anci" -> replaceSuffix(suffix, "ance");
        case "abli" -> replaceSuffix(suffix, "able");
        case "entli" -> replaceSuffix(suffix, "ent");
        case "izer", "ization" -> replaceSuffix(suffix, "ize");
        case "ational", "ation", "ator" -> replaceSuffix(suffix, "ate");
        case "alism", "aliti", "alli" -> replaceSuffix(suffix, "al");
        case "fulness" -> replaceSuffix(suffix, "ful");
        case "ousli", "ousness" -> replaceSuffix(suffix, "ous");
        case "iveness", "iviti" -> replaceSuffix(suffix, "ive");
        case "biliti", "bli" -> replaceSuffix(suffix, "ble");
        case "ogi" -> {
          if (stemEnd > 0 && b.charAt(stemEnd - 1) == 'l') {
            replaceSuffix(suffix, "og");
          }
        }
        case "fulli" -> replaceSuffix(suffix, "ful");
        case "lessli" -> replaceSuffix(suffix, "less");
        case "li" -> {
          if (stemEnd > 0 && "cdeghkmnrt".indexOf(b.charAt(stemEnd - 1)) >= 0) {
            b.setLength(stemEnd);
          }
        }
        default -> throw new AssertionError(suffix);
      }
    }

    private void step3() {
      String suffix =
          longestSuffix(
              "tional", "ational", "alize", "icate", "iciti", "ical", "ful", "ness", "ative");
      if (suffix == null || b.length() - suffix.length() < p1) {
        return;
      }
      switch (suffix) {
        case "tional" -> replaceSuffix(suffix, "tion");
        case "ational" -> replaceSuffix(suffix, "ate");
        case "alize" -> replaceSuffix(suffix, "al");
        case "icate", "iciti", "ical" -> replaceSuffix(suffix, "ic");
        case "ful", "ness" -> replaceSuffix(suffix, "");
        case "ative" -> {
          if (b.length() - suffix.length() >= p2) {
            replaceSuffix(suffix, "");
          }
        }
        default -> throw new AssertionError(suffix);
      }
    }

    private void step4() {
      String suffix =
          longestSuffix(
              "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent",
              "ism", "ate", "iti", "ous", "ive", "ize", "ion");
      if (suffix == null) {
        return;
      }
      int stemEnd = b.length() - suffix.length();
      if (stemEnd < p2) {
        return;
      }
      if (suffix.equals("ion")) {
        if (stemEnd > 0 && (b.charAt(stemEnd - 1) == 's' || b.charAt(stemEnd - 1) == 't')) {
          b.setLength(stemEnd);
        }
        return;
      }
      b.setLength(stemEnd);
    }

    private void step5() {
      int len = b.length();
      if (len == 0) {
        return;
      }
      char last = b.charAt(len - 1);
      if (last == 'e') {
        int stemEnd = len - 1;
        if (stemEnd >= p2 || (stemEnd >= p1 && !shortSyllableEndingAt(stemEnd))) {
          b.setLength(stemEnd);
        }
      } else if (last == 'l') {
        int stemEnd = len - 1;
        if (stemEnd >= p2 && stemEnd > 0 && b.charAt(stemEnd - 1) == 'l') {
          b.setLength(stemEnd);
        }
      }
    }
  }
}
