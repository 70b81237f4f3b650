package dev.citerag.loaders;

/** Showing file names safely. */
public final class FileNames {
  private FileNames() {}

  /**
   * The name with every character that could forge output escaped: control characters ({@code \n},
   * {@code \r}, {@code \t}, ESC...), format characters (bidirectional overrides, zero-width), line
   * and paragraph separators and lone surrogates become {@code \n}, {@code \r}, {@code \t} or
   * {@code \}{@code uXXXX}; a backslash followed by {@code n}, {@code r}, {@code t} or {@code u} is
   * doubled so that an escaped name cannot be mistaken for another. Everything else is kept.
   *
   * @param name a file name or path, possibly hostile
   * @return the escaped name; {@code name} itself when nothing needed escaping
   */
  public static String escape(String name) {
    StringBuilder b = null;
    int n = name.length();
    for (int i = 0; i < n; i++) {
      char c = name.charAt(i);
      String rep = null;
      if (c == '\n') {
        rep = "\\n";
      } else if (c == '\r') {
        rep = "\\r";
      } else if (c == '\t') {
        rep = "\\t";
      } else if (c == '\\' && i + 1 < n && "nrtu\\".indexOf(name.charAt(i + 1)) >= 0) {
        rep = "\\\\";
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(name.charAt(i + 1))) {
        if (b != null) {
          b.append(c).append(name.charAt(i + 1));
        }
        i++;
        continue;
      } else if (unsafe(c)) {
        rep = String.format("\\u%04x", (int) c);
      }
      if (rep != null && b == null) {
        b = new StringBuilder(n + 8).append(name, 0, i);
      }
      if (b != null) {
        if (rep != null) {
          b.append(rep);
        } else {
          b.append(c);
        }
      }
    }
    return b == null ? name : b.toString();
  }

  /**
   * Tells whether a name holds a character {@link #escape(String)} would escape (backslashes
   * aside); a loader refuses such names.
   *
   * @param name a file name or path
   * @return {@code true} when it holds a control, format, separator or lone surrogate character
   */
  public static boolean hasUnsafeCharacters(String name) {
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < name.length()
          && Character.isLowSurrogate(name.charAt(i + 1))) {
        i++;
      } else if (c == '\n' || c == '\r' || c == '\t' || unsafe(c)) {
        return true;
      }
    }
    return false;
  }

  private static boolean unsafe(char c) {
    int type = Character.getType(c);
    return type == Character.CONTROL
        || type == Character.FORMAT
        || type == Character.SURROGATE
        || type == Character.LINE_SEPARATOR
        || type == Character.PARAGRAPH_SEPARATOR;
  }
}
