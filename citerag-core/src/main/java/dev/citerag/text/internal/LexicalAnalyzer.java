package dev.citerag.text.internal;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Splits text into search terms for the in-memory lexical index, the lexical gate and the
 * extractive generator. Numbers, units and identifiers survive whole: {@code 141.80}, {@code
 * 0.015}, {@code deploy-bot}, {@code SVC_KEY}, {@code v2.3.1} are single terms, and compound terms
 * also contribute their parts ({@code deploy-bot} gives {@code deploy-bot}, {@code deploy} and
 * {@code bot}). Terms are lower-cased; English stop words are dropped; plain alphabetic words
 * ({@code a-z} only) are reduced to their Porter2 (Snowball English) stem, so that {@code keys}
 * matches {@code key} and {@code represented} matches {@code representing}. The PostgreSQL store's
 * full-text side ({@code to_tsvector('english', ...)}) applies the same Snowball English stemmer.
 *
 * <p>Negation words are stop words here (they carry no topic, and a lexical index should not rank a
 * passage up for saying "not"), but they are not thrown away silently: {@link #negations} counts
 * them, so a caller can compare the polarity of a question and of a sentence.
 */
public final class LexicalAnalyzer {
  private LexicalAnalyzer() {}

  private static final Pattern SEPARATORS = Pattern.compile("[.,:/\\-'_]+");
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
          "should", "so", "such", "than", "that", "the", "their", "them", "then", "there", "these",
          "they", "this", "those", "to", "up", "us", "was", "we", "were", "what", "when", "where",
          "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your", "s", "t",
          "about", "after", "before", "any", "all", "also", "each", "other", "some", "out", "over",
          "under", "again", "am", "very", "just", "own", "same", "here", "via", "much", "many",
          "more", "most", "tell", "please", "need", "get", "one's");

  /**
   * Words that negate what they qualify: {@code not}, {@code no}, {@code never}, {@code none},
   * {@code nobody}, {@code nothing}, {@code nowhere}, {@code neither}, {@code nor}, {@code cannot}
   * and {@code without}; a word ending in {@code n't} ({@code isn't}, {@code can't}) counts too.
   */
  public static final Set<String> NEGATION_WORDS =
      Set.of(
          "not", "no", "never", "none", "nobody", "nothing", "nowhere", "neither", "nor", "cannot",
          "without");

  /**
   * How many negation words ({@link #NEGATION_WORDS}, or a word ending in {@code n't} with a
   * straight or typographic apostrophe) {@code text} contains.
   */
  public static int negations(CharSequence text) {
    int n = 0;
    Matcher m = TOKEN.matcher(text.toString().replace('\u2019', '\''));
    while (m.find()) {
      String raw = m.group().toLowerCase(Locale.ROOT);
      if (NEGATION_WORDS.contains(raw) || raw.endsWith("n't")) {
        n++;
      }
    }
    return n;
  }

  /** Terms of {@code text} in order, with repeats (for term frequencies). */
  public static List<String> terms(CharSequence text) {
    return terms(text, true);
  }

  /**
   * Distinct terms of {@code text} with only plural {@code -s}/{@code -es}/{@code -ies} reduced
   * (Porter's step 1a), the analysis the extractive generator's agreement rules were measured with;
   * transitional, until those rules are re-measured on Porter2 stems.
   */
  public static Set<String> distinctSurfaceTerms(CharSequence text) {
    return new LinkedHashSet<>(terms(text, false));
  }

  /**
   * Maps one lower-cased token (possessive {@code 's} removed; a compound and each of its parts are
   * offered in turn) to its term, or to {@code null} to drop it.
   */
  @FunctionalInterface
  public interface TermMapper {
    /**
     * The term of {@code token}.
     *
     * @param token a lower-cased token
     * @return its term, or {@code null} to drop it
     */
    @Nullable String map(String token);
  }

  private static final TermMapper PORTER2 = t -> STOP_WORDS.contains(t) ? null : stem(t);
  private static final TermMapper SURFACE = t -> STOP_WORDS.contains(t) ? null : pluralStem(t);

  private static List<String> terms(CharSequence text, boolean porter2) {
    return terms(text, porter2 ? PORTER2 : SURFACE);
  }

  /**
   * Terms of {@code text} in order, with repeats, tokenised as {@link #terms(CharSequence)} does
   * (letters and digits of any script, numbers and identifiers whole, compounds also by their
   * parts, lower-cased with {@link Locale#ROOT}) and mapped by {@code mapper}: the tokeniser of
   * every {@link dev.citerag.text.TextAnalyzer} citerag ships.
   */
  public static List<String> terms(CharSequence text, TermMapper mapper) {
    List<String> out = new ArrayList<>();
    if (asciiLetters(text)) {
      // one plain word, the common case (the support check asks word by word): no separator,
      // no possessive, nothing to split
      addTerm(out, text.toString().toLowerCase(Locale.ROOT), mapper);
      return out;
    }
    int n = text.length();
    for (int i = 0; i < n; ) {
      int cp = Character.codePointAt(text, i);
      if (!isTokenChar(cp)) {
        i += Character.charCount(cp);
        continue;
      }
      int end = tokenEnd(text, i);
      String raw = text.subSequence(i, end).toString().toLowerCase(Locale.ROOT);
      i = end;
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
      addTerm(out, raw, mapper);
      if (compound && !isNumberLike(raw)) {
        for (String part : SEPARATORS.split(raw, -1)) {
          if (!part.isEmpty() && !part.equals(raw)) {
            addTerm(out, part, mapper);
          }
        }
      }
    }
    return out;
  }

  private static boolean asciiLetters(CharSequence s) {
    if (s.length() == 0) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Where the token that starts at {@code i} (a token character) ends: the match of {@link #TOKEN}
   * there, found without a regular expression (this runs for every word the support check reads).
   */
  static int tokenEnd(CharSequence s, int i) {
    int n = s.length();
    int end = wordEnd(s, i);
    while (end + 1 < n
        && ".,:/-'".indexOf(s.charAt(end)) >= 0
        && isTokenChar(Character.codePointAt(s, end + 1))) {
      end = wordEnd(s, end + 1);
    }
    return end;
  }

  private static int wordEnd(CharSequence s, int i) {
    int n = s.length();
    while (i < n) {
      int cp = Character.codePointAt(s, i);
      if (!isTokenChar(cp)) {
        break;
      }
      i += Character.charCount(cp);
    }
    return i;
  }

  /**
   * {@code [\p{L}\p{N}_]}: a letter, a number (digit, letter number or other number) or {@code _}.
   */
  static boolean isTokenChar(int cp) {
    if (cp < 0x80) {
      return (cp >= 'a' && cp <= 'z')
          || (cp >= 'A' && cp <= 'Z')
          || (cp >= '0' && cp <= '9')
          || cp == '_';
    }
    if (Character.isLetter(cp)) {
      return true;
    }
    int t = Character.getType(cp);
    return t == Character.DECIMAL_DIGIT_NUMBER
        || t == Character.LETTER_NUMBER
        || t == Character.OTHER_NUMBER;
  }

  /** Distinct terms of {@code text}, in first-seen order. */
  public static Set<String> distinctTerms(CharSequence text) {
    return new LinkedHashSet<>(terms(text));
  }

  private static void addTerm(List<String> out, String t, TermMapper mapper) {
    String term = mapper.map(t);
    if (term != null) {
      out.add(term);
    }
  }

  /** Porter step 1a on purely alphabetic words of 4+ letters; anything else is left alone. */
  private static String pluralStem(String t) {
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

  /**
   * The Porter2 stem of a purely alphabetic ({@code a-z}) term; anything else (numbers,
   * identifiers, compounds, other scripts) is left alone.
   */
  public static String stem(String t) {
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c < 'a' || c > 'z') {
        return t;
      }
    }
    if (t.length() < 3) {
      return EnglishStemmer.stem(t); // returned as it is, nothing to remember
    }
    String cached = STEMS.get(t);
    if (cached != null) {
      return cached;
    }
    String stem = EnglishStemmer.stem(t);
    if (STEMS.size() >= STEM_CACHE_SIZE) {
      STEMS.clear(); // bounded: start over rather than track recency on every hit
    }
    STEMS.put(t, stem);
    return stem;
  }

  /** Words remembered by {@link #stem} before the memory starts over. */
  static final int STEM_CACHE_SIZE = 8192;

  /**
   * Stems already computed: a word's stem never changes, and a vocabulary repeats (every validation
   * stems its claims' and quotes' words). Shared by all threads; bounded by {@link
   * #STEM_CACHE_SIZE} entries (under 1 MB).
   */
  private static final ConcurrentHashMap<String, String> STEMS = new ConcurrentHashMap<>();

  /** Entries in the stem memory (for tests). */
  static int stemsRemembered() {
    return STEMS.size();
  }
}
