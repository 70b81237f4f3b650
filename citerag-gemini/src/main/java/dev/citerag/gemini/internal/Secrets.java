package dev.citerag.gemini.internal;

import org.jspecify.annotations.Nullable;

/** Keeps the API key out of text that people or logs will see. */
public final class Secrets {
  private Secrets() {}

  /** What {@code toString()} and configuration dumps show instead of a key. */
  public static final String MASK = "****";

  /** Longest piece of server text copied into an exception message. */
  static final int MAX_SERVER_TEXT = 500;

  /**
   * Shortest piece of the key that is masked on its own: parsers quote and cut offending values
   * (Jackson's base64 error quotes a key-shaped string from its first bad character on), so a
   * server echoing the key can surface any part of it, not only the whole.
   */
  static final int MIN_KEY_PIECE = 8;

  /** {@link #MASK} when a key is set, {@code <none>} otherwise; never any character of the key. */
  public static String mask(@Nullable String key) {
    return key == null || key.isEmpty() ? "<none>" : MASK;
  }

  /**
   * {@code text} with every occurrence of {@code key}, and of any piece of it at least {@value
   * #MIN_KEY_PIECE} characters long, replaced by {@link #MASK}, control characters replaced by
   * spaces and the result cut to {@value #MAX_SERVER_TEXT} characters. Used on any server-provided
   * text before it goes into a message, in case a server echoes the key back.
   */
  public static String scrub(@Nullable String text, String key) {
    if (text == null) {
      return "";
    }
    String s = key.isEmpty() ? text : maskPieces(text.replace(key, MASK), key);
    StringBuilder out = new StringBuilder(Math.min(s.length(), MAX_SERVER_TEXT + 3));
    for (int i = 0; i < s.length() && out.length() < MAX_SERVER_TEXT; i++) {
      char c = s.charAt(i);
      out.append(Character.isISOControl(c) ? ' ' : c);
    }
    if (s.length() > MAX_SERVER_TEXT) {
      out.append("...");
    }
    return out.toString();
  }

  /** Replaces every run of at least {@link #MIN_KEY_PIECE} characters that is also a substring of the key. */
  private static String maskPieces(String text, String key) {
    int min = Math.min(MIN_KEY_PIECE, key.length());
    StringBuilder out = null;
    int i = 0;
    while (i < text.length()) {
      int longest = 0;
      for (int k = 0; k + min <= key.length(); k++) {
        int n = 0;
        while (i + n < text.length() && k + n < key.length() && text.charAt(i + n) == key.charAt(k + n)) {
          n++;
        }
        longest = Math.max(longest, n);
      }
      if (longest >= min) {
        if (out == null) {
          out = new StringBuilder(text.length()).append(text, 0, i);
        }
        out.append(MASK);
        i += longest;
      } else {
        if (out != null) {
          out.append(text.charAt(i));
        }
        i++;
      }
    }
    return out == null ? text : out.toString();
  }
}
