package dev.citerag.answer.internal;

import java.lang.Character.UnicodeScript;
import java.text.Normalizer;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * A text under the quotation normalisation, with a map from every normalised character back to the
 * characters of the original it came from, and the token boundaries quotes must respect.
 *
 * <p>The normalisation, applied to a passage and a quote alike:
 *
 * <ul>
 *   <li>Unicode NFKC, applied one base character (with its combining marks) at a time: NFC forms
 *       and NFD forms compare equal, and compatibility characters (ligatures such as {@code ﬁ},
 *       full-width forms) compare equal to what they stand for; except that a superscript,
 *       subscript or vulgar fraction right after a digit (or another such character) is kept as
 *       written and is part of the number: {@code 10²} is not {@code 102}, {@code 2½} not {@code
 *       21}, {@code 10⁻³} not {@code 10-3} (after a letter it folds: {@code CO₂} is {@code CO2});
 *   <li>typographic apostrophes and single quotes ({@code ‘ ’ ‚ ‛ ′ ʼ}) become {@code '},
 *       typographic double quotes ({@code “ ” „ ‟ ″}) become {@code "}, the hyphen, non-breaking
 *       hyphen and minus sign ({@code U+2010}, {@code U+2011}, {@code U+2212}) become {@code -};
 *   <li>format characters (Unicode category Cf: soft hyphen, zero-width space and joiners, the byte
 *       order mark, direction marks) and control characters other than whitespace are removed;
 *   <li>every run of whitespace (including no-break spaces and the line end NEL, {@code U+0085})
 *       becomes one space; both ends are trimmed.
 * </ul>
 *
 * Case, letters, digits, other punctuation and order are kept, so a changed letter, digit or word
 * still differs.
 *
 * <p>Tokens: letters, digits, {@code _} and combining marks form words; a word continues across an
 * inner {@code - ' _ . /} between two word characters ({@code Non-production}, {@code can't},
 * {@code v2.3.1}, {@code and/or}) and across an inner {@code ,} or {@code :} between two digits
 * ({@code 1,000}, {@code 10:30}). In scripts written without spaces (Han, Hiragana, Katakana, Thai,
 * Lao, Khmer, Myanmar) every character is a token of its own (with its marks).
 *
 * <p>Quote edges ({@link #isQuoteEdge}) are token boundaries that also keep a number whole with
 * what is written against it: a sign ({@code -5}, {@code −5}, {@code –5}, {@code +5}), a currency
 * sign ({@code $5}, {@code 5€}), a percent sign ({@code 5%}, {@code 5 %}), a range dash ({@code
 * 10–12}); a quote that drops one of them is not an excerpt.
 */
public final class NormalizedText {

  private final String text;
  // null for a text the normalisation leaves as it is: character i comes from character i
  private final int @Nullable [] from;
  private final int @Nullable [] to;
  private final String original;

  private NormalizedText(String original, String text, int @Nullable [] from, int @Nullable [] to) {
    this.original = original;
    this.text = text;
    this.from = from;
    this.to = to;
  }

  /** Normalises {@code s}. */
  public static NormalizedText of(String s) {
    return alreadyNormal(s) ? new NormalizedText(s, s, null, null) : normalize(s);
  }

  /** The normalisation, character by character (what {@link #of} does unless nothing changes). */
  static NormalizedText normalize(String s) {
    Out out = new Out(s.length());
    int n = s.length();
    int i = 0;
    while (i < n) {
      int cp = s.codePointAt(i);
      int segEnd = i + Character.charCount(cp);
      // an ASCII character is never a mark: skip the Unicode look-up for it
      while (segEnd < n && s.charAt(segEnd) >= 0x80 && isMarkLike(s.codePointAt(segEnd))) {
        segEnd += Character.charCount(s.codePointAt(segEnd));
      }
      if (cp < 0x80 && segEnd == i + 1) {
        out.add((char) cp, i, segEnd);
      } else if (isNumberForm(cp) && segEnd == i + Character.charCount(cp) && out.afterNumber()) {
        // 10² is not 102, 2½ is not 21, 10⁻³ is not 10-3: kept as written right after a number
        out.addCodePoint(cp, i, segEnd);
      } else {
        String piece =
            fold(Normalizer.normalize(dropInvisible(s, i, segEnd), Normalizer.Form.NFKC));
        for (int k = 0; k < piece.length(); k++) {
          out.add(piece.charAt(k), i, segEnd);
        }
      }
      i = segEnd;
    }
    return new NormalizedText(
        s,
        out.b.toString(),
        Arrays.copyOf(out.from, out.b.length()),
        Arrays.copyOf(out.to, out.b.length()));
  }

  /**
   * Whether the normalisation leaves {@code s} as it is, cheaply decided for the common case:
   * printable ASCII words separated by single spaces, nothing to trim (no ASCII character composes
   * with another, and the fold and NFKC map each of them to itself).
   */
  private static boolean alreadyNormal(String s) {
    int n = s.length();
    if (n > 0 && (s.charAt(0) == ' ' || s.charAt(n - 1) == ' ')) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c == ' ' ? s.charAt(i - 1) == ' ' : c < 0x21 || c > 0x7E) {
        return false;
      }
    }
    return true;
  }

  /** The normalised characters and, for each, the original range it came from. */
  private static final class Out {
    final StringBuilder b;
    int[] from;
    int[] to;
    int pendingSpace = -1;

    Out(int capacity) {
      b = new StringBuilder(capacity);
      from = new int[capacity + 1];
      to = new int[capacity + 1];
    }

    /**
     * Whether the last character added is a digit or a kept number form, with no space after it.
     */
    boolean afterNumber() {
      if (pendingSpace >= 0 || b.length() == 0) {
        return false;
      }
      int last = b.codePointBefore(b.length());
      return Character.isDigit(last) || isNumberForm(last);
    }

    void addCodePoint(int cp, int start, int end) {
      if (Character.isBmpCodePoint(cp)) {
        add((char) cp, start, end);
      } else {
        add(Character.highSurrogate(cp), start, end);
        add(Character.lowSurrogate(cp), start, end);
      }
    }

    void add(char c, int start, int end) {
      if (isSpace(c)) {
        if (pendingSpace < 0) {
          pendingSpace = start;
        }
        return;
      }
      if (c < 0x20 || c == 0x7F) {
        return; // control characters other than whitespace
      }
      if (pendingSpace >= 0 && b.length() > 0) {
        put(' ', pendingSpace, start);
      }
      pendingSpace = -1;
      put(c, start, end);
    }

    private void put(char c, int start, int end) {
      int k = b.length();
      if (k == from.length) {
        from = Arrays.copyOf(from, 2 * k + 8);
        to = Arrays.copyOf(to, 2 * k + 8);
      }
      b.append(c);
      from[k] = start;
      to[k] = end;
    }
  }

  /** The normalised text. */
  public String text() {
    return text;
  }

  /** The text this was made from. */
  public String original() {
    return original;
  }

  /** The original text behind the normalised range {@code [start, end)}, exactly as written. */
  public String originalOf(int start, int end) {
    if (start >= end) {
      return "";
    }
    if (from == null || to == null) {
      return original.substring(start, end);
    }
    return original.substring(from[start], to[end - 1]);
  }

  /** Offset in the original text where normalised character {@code i} starts. */
  public int originalStart(int i) {
    return from == null ? i : from[i];
  }

  /**
   * The original range {@code [start, end)} behind the non-empty normalised range {@code [start,
   * end)}: where {@link #originalOf} takes its text from.
   */
  public int[] originalRange(int start, int end) {
    if (from == null || to == null) {
      return new int[] {start, end};
    }
    return new int[] {from[start], to[end - 1]};
  }

  /**
   * Whether a quote may start or end at normalised offset {@code i}: true at both ends of the text
   * and between two tokens, false inside a token.
   */
  public boolean isBoundary(int i) {
    return i <= 0 || i >= text.length() || !joined(text, i);
  }

  /**
   * Whether a quote may start or end at normalised offset {@code i}: on a token boundary ({@link
   * #isBoundary}) that does not part a number from a sign, currency, percent sign or range dash
   * written against it ({@code -5}, {@code $5}, {@code 5%}, {@code 10–12}).
   */
  public boolean isQuoteEdge(int i) {
    return i <= 0 || i >= text.length() || !insideQuoteUnit(text, i);
  }

  /**
   * Whether a quote may not start or end at {@code i} (between the code points before and at it):
   * inside a token ({@link #joined}), or between a number and what is written against it and
   * changes what it says ({@link #numberAffix}).
   */
  static boolean insideQuoteUnit(String s, int i) {
    if (joined(s, i)) {
      return true;
    }
    return numberAffix(s, i, s.codePointBefore(i), s.codePointAt(i));
  }

  /**
   * How long a quote is, in words: tokens holding a letter or digit in scripts written with spaces
   * count one each, characters of scripts written without spaces count half each (so the default of
   * 4 words asks for 8 Chinese, Japanese or Thai characters). Punctuation and markup ({@code |},
   * {@code -}, {@code >}) count nothing.
   */
  public static double lengthInWords(String normalized) {
    double words = 0;
    for (int i = 0; i < normalized.length(); ) {
      int cp = normalized.codePointAt(i);
      if (isWord(cp) && !isMark(cp)) {
        if (isNoSpaceScript(cp)) {
          words += 0.5;
        } else if (i == 0 || !joined(normalized, i)) {
          words += 1;
        }
      }
      i += Character.charCount(cp);
    }
    return words;
  }

  /**
   * Whether the boundary at {@code i} (between the code points before and at it) lies inside a
   * token.
   */
  static boolean joined(String s, int i) {
    int y = s.codePointAt(i);
    int x = s.codePointBefore(i);
    if (isMark(y)) {
      return true;
    }
    if (isNoSpaceScript(x) || isNoSpaceScript(y)) {
      return false;
    }
    boolean wx = isWord(x);
    boolean wy = isWord(y);
    if (wx && wy) {
      return true;
    }
    if (wx && isConnector(y)) {
      int after = i + Character.charCount(y);
      return after < s.length() && connects(x, y, s.codePointAt(after));
    }
    if (isConnector(x) && wy) {
      int before = i - Character.charCount(x);
      return before > 0 && connects(s.codePointBefore(before), x, y);
    }
    return false;
  }

  private static boolean connects(int left, int connector, int right) {
    if (!isWord(left) || !isWord(right) || isNoSpaceScript(left) || isNoSpaceScript(right)) {
      return false;
    }
    if (connector == ',' || connector == ':') {
      return Character.isDigit(left) && Character.isDigit(right);
    }
    return true;
  }

  private static boolean isConnector(int c) {
    return c == '-' || c == '\'' || c == '_' || c == '.' || c == '/' || c == ',' || c == ':';
  }

  /** Dashes that join two digits into one range ({@code 10–12}): figure dash and en dash. */
  private static boolean isDigitDash(int c) {
    return c == 0x2012 || c == 0x2013;
  }

  /**
   * Whether the boundary at {@code i}, next to a figure or en dash, lies inside a range of two
   * numbers ({@code 10–12}) or between such a dash used as a sign and its number ({@code –5}).
   */
  private static boolean digitDash(String s, int i, int x, int y) {
    if (isDigitDash(y)) {
      int after = i + Character.charCount(y);
      return Character.isDigit(x) && after < s.length() && Character.isDigit(s.codePointAt(after));
    }
    // x is the dash
    if (!Character.isDigit(y)) {
      return false;
    }
    int before = i - Character.charCount(x);
    return before <= 0
        || Character.isDigit(s.codePointBefore(before))
        || !isWord(s.codePointBefore(before));
  }

  /**
   * Whether the boundary at {@code i} separates a number from a sign or unit written against it, so
   * that a quote cannot drop it: a sign ({@code - + ±}, and a figure or en dash) that starts a
   * number ({@code -5}, not the hyphen of {@code A-5}), a currency sign before or after its digits
   * ({@code $5}, {@code US$5}, {@code 5€}), a percent or per-mille sign after them ({@code 5%},
   * also {@code 5 %} with one space), a figure or en dash between two numbers ({@code 10–12}).
   */
  static boolean numberAffix(String s, int i, int x, int y) {
    if (isDigitDash(x) || isDigitDash(y)) {
      return digitDash(s, i, x, y);
    }
    if (Character.isDigit(y)) {
      if (Character.getType(x) == Character.CURRENCY_SYMBOL) {
        return true;
      }
      if (isSign(x)) {
        int before = i - Character.charCount(x);
        return before <= 0 || !isWord(s.codePointBefore(before));
      }
      return false;
    }
    if (Character.isDigit(x)) {
      if (isPercent(y) || Character.getType(y) == Character.CURRENCY_SYMBOL) {
        return true;
      }
      int after = i + Character.charCount(y);
      return y == ' ' && after < s.length() && isPercent(s.codePointAt(after));
    }
    return false;
  }

  private static boolean isSign(int c) {
    return c == '-' || c == '+' || c == 0x00B1 || c == 0x2212;
  }

  private static boolean isPercent(int c) {
    return c == '%' || c == 0x2030 || c == 0x2031;
  }

  /**
   * Superscripts and subscripts ({@code ² ³ ¹}, the U+2070 block: {@code ⁻ ³ ₂}) and vulgar
   * fractions ({@code ½ ⅓}): kept as written, and part of the number, when they follow a digit.
   */
  static boolean isNumberForm(int cp) {
    return cp == 0x00B2
        || cp == 0x00B3
        || cp == 0x00B9
        || (cp >= 0x00BC && cp <= 0x00BE)
        || (cp >= 0x2070 && cp <= 0x209F)
        || (cp >= 0x2150 && cp <= 0x215F)
        || cp == 0x2189;
  }

  /** Letters, digits, {@code _} and combining marks. */
  public static boolean isWord(int cp) {
    return Character.isLetterOrDigit(cp) || cp == '_' || isMark(cp) || isNumberForm(cp);
  }

  static boolean isMark(int cp) {
    if (cp < 0x300) {
      return false; // no mark comes before the combining diacritical marks (saves a look-up)
    }
    int t = Character.getType(cp);
    return t == Character.NON_SPACING_MARK
        || t == Character.COMBINING_SPACING_MARK
        || t == Character.ENCLOSING_MARK;
  }

  /**
   * Marks, and the Hangul vowel and final jamo and half-width kana sound marks that compose with
   * what precedes them.
   */
  static boolean isMarkLike(int cp) {
    return isMark(cp)
        || (cp >= 0x1160 && cp <= 0x11FF)
        || (cp >= 0xD7B0 && cp <= 0xD7FF)
        || cp == 0xFF9E
        || cp == 0xFF9F;
  }

  /** Letters of scripts written without spaces between words. */
  public static boolean isNoSpaceScript(int cp) {
    if (cp < 0x0E00) {
      return false;
    }
    UnicodeScript s = UnicodeScript.of(cp);
    return s == UnicodeScript.HAN
        || s == UnicodeScript.HIRAGANA
        || s == UnicodeScript.KATAKANA
        || s == UnicodeScript.THAI
        || s == UnicodeScript.LAO
        || s == UnicodeScript.KHMER
        || s == UnicodeScript.MYANMAR
        || s == UnicodeScript.BOPOMOFO;
  }

  static boolean isSpace(char c) {
    return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == NEXT_LINE;
  }

  /** NEXT LINE (U+0085): a line end, so a space, not a control character to drop. */
  private static final char NEXT_LINE = '\u0085';

  /** The segment without format and control characters (whitespace kept). */
  private static String dropInvisible(String s, int start, int end) {
    StringBuilder b = new StringBuilder(end - start);
    for (int i = start; i < end; ) {
      int cp = s.codePointAt(i);
      if (!invisible(cp)) {
        b.appendCodePoint(cp);
      }
      i += Character.charCount(cp);
    }
    return b.toString();
  }

  private static boolean invisible(int cp) {
    int t = Character.getType(cp);
    return t == Character.FORMAT
        || (t == Character.CONTROL && !Character.isWhitespace(cp) && cp != NEXT_LINE);
  }

  /** Typographic quotes and hyphens to ASCII; invisible characters dropped (again, after NFKC). */
  private static String fold(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      if (invisible(cp)) {
        continue;
      }
      switch (cp) {
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x02BC -> b.append('\'');
        case 0x201C, 0x201D, 0x201E, 0x201F, 0x2033 -> b.append('"');
        case 0x2010, 0x2011, 0x2212 -> b.append('-');
        default -> b.appendCodePoint(cp);
      }
    }
    return b.toString();
  }
}
