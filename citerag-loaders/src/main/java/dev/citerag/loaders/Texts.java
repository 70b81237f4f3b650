package dev.citerag.loaders;

/** Extracted text made storable. */
final class Texts {
  private Texts() {}

  /**
   * The text without NUL characters (PostgreSQL cannot store them; an extractor that yields them
   * has read a glyph without a meaning) and with lone surrogates replaced by U+FFFD.
   */
  static String clean(String s) {
    StringBuilder b = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean drop = c == '\0';
      boolean lone =
          Character.isSurrogate(c)
              && !(Character.isHighSurrogate(c)
                  && i + 1 < s.length()
                  && Character.isLowSurrogate(s.charAt(i + 1)));
      if (Character.isHighSurrogate(c) && !lone) {
        if (b != null) {
          b.append(c).append(s.charAt(i + 1));
        }
        i++;
        continue;
      }
      if ((drop || lone) && b == null) {
        b = new StringBuilder(s.length()).append(s, 0, i);
      }
      if (b != null) {
        if (lone) {
          b.append('\uFFFD');
        } else if (!drop) {
          b.append(c);
        }
      }
    }
    return b == null ? s : b.toString();
  }
}
