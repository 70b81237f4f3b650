package dev.citerag.text.internal;

/** Whitespace normalisation used wherever quotes are compared. */
public final class Whitespace {
  private Whitespace() {}

  /**
   * Collapses every run of whitespace (including non-breaking spaces and line breaks) to one space
   * and trims both ends. Nothing else changes: case, punctuation and order are kept.
   */
  public static String collapse(CharSequence s) {
    StringBuilder b = new StringBuilder(s.length());
    boolean pendingSpace = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (isSpace(c)) {
        pendingSpace = b.length() > 0;
      } else {
        if (pendingSpace) {
          b.append(' ');
          pendingSpace = false;
        }
        b.append(c);
      }
    }
    return b.toString();
  }

  /** Whitespace as Java sees it, plus the no-break spaces U+00A0, U+2007 and U+202F. */
  public static boolean isSpace(char c) {
    return Character.isWhitespace(c) || c == '\u00A0' || c == '\u2007' || c == '\u202F';
  }

  /** Number of whitespace-separated words. */
  public static int wordCount(CharSequence s) {
    int n = 0;
    boolean inWord = false;
    for (int i = 0; i < s.length(); i++) {
      boolean space = isSpace(s.charAt(i));
      if (!space && !inWord) {
        n++;
      }
      inWord = !space;
    }
    return n;
  }
}
