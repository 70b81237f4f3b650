package dev.citerag.gemini.internal;

import org.jspecify.annotations.Nullable;

/** Keeps the API key out of text that people or logs will see. */
public final class Secrets {
  private Secrets() {}

  /** What {@code toString()} and configuration dumps show instead of a key. */
  public static final String MASK = "****";

  /** Longest piece of server text copied into an exception message. */
  static final int MAX_SERVER_TEXT = 500;

  /** {@link #MASK} when a key is set, {@code <none>} otherwise; never any character of the key. */
  public static String mask(@Nullable String key) {
    return key == null || key.isEmpty() ? "<none>" : MASK;
  }

  /**
   * {@code text} with every occurrence of {@code key} replaced by {@link #MASK}, control characters
   * replaced by spaces and the result cut to {@value #MAX_SERVER_TEXT} characters. Used on any
   * server-provided text before it goes into a message, in case a server echoes the key back.
   */
  public static String scrub(@Nullable String text, String key) {
    if (text == null) {
      return "";
    }
    String s = key.isEmpty() ? text : text.replace(key, MASK);
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
}
