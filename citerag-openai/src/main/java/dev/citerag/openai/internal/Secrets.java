package dev.citerag.openai.internal;

import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Keeps the API key out of text that people or logs will see. Every string that comes from the
 * server (error messages, error codes, the reported model id, the response id, finish reasons)
 * passes through {@link #scrub} before it goes into an exception, a log line, a response or a
 * trace, because servers echo keys back: OpenAI's own 401 quotes the start and the end of the key
 * it rejected.
 */
public final class Secrets {
  private Secrets() {}

  /** What {@code toString()} and configuration dumps show instead of a key. */
  public static final String MASK = "****";

  /** Longest piece of server text copied into a message. */
  static final int MAX_SERVER_TEXT = 500;

  /**
   * Shortest piece of the key that is masked on its own: a server or a parser may quote any part of
   * a key, not only the whole.
   */
  static final int MIN_KEY_PIECE = 8;

  /**
   * Words shaped like a provider key ({@code sk-...}, {@code sk-proj-...}, {@code sess-...}), even
   * partly masked by the server: masked whether or not they are this client's key.
   */
  private static final Pattern KEY_SHAPED =
      Pattern.compile("\\b(?:sk|rk|pk|sess)-[A-Za-z0-9_*.\\-]{3,}");

  /** {@link #MASK} when a key is set, {@code <none>} otherwise; never any character of the key. */
  public static String mask(@Nullable String key) {
    return key == null || key.isEmpty() ? "<none>" : MASK;
  }

  /**
   * {@code text} with every occurrence of {@code key}, of any piece of it at least {@value
   * #MIN_KEY_PIECE} characters long, and of any key-shaped word replaced by {@link #MASK}; control
   * characters replaced by spaces; cut to {@value #MAX_SERVER_TEXT} characters.
   */
  public static String scrub(@Nullable String text, @Nullable String key) {
    return scrub(text, key, MAX_SERVER_TEXT);
  }

  /** {@link #scrub(String, String)} cut to {@code max} characters. */
  public static String scrub(@Nullable String text, @Nullable String key, int max) {
    if (text == null) {
      return "";
    }
    // key-shaped words first, whole: a server's partly masked echo keeps the key's last characters
    String s = KEY_SHAPED.matcher(text).replaceAll(MASK);
    if (key != null && !key.isEmpty()) {
      s = maskPieces(s.replace(key, MASK), key);
    }
    StringBuilder out = new StringBuilder(Math.min(s.length(), max + 3));
    for (int i = 0; i < s.length() && out.length() < max; i++) {
      char c = s.charAt(i);
      out.append(Character.isISOControl(c) ? ' ' : c);
    }
    if (s.length() > max) {
      out.append("...");
    }
    return out.toString();
  }

  /**
   * Replaces every run of at least {@link #MIN_KEY_PIECE} characters that is also a substring of
   * the key.
   */
  private static String maskPieces(String text, String key) {
    int min = Math.min(MIN_KEY_PIECE, key.length());
    StringBuilder out = null;
    int i = 0;
    while (i < text.length()) {
      int longest = 0;
      for (int k = 0; k + min <= key.length(); k++) {
        int n = 0;
        while (i + n < text.length()
            && k + n < key.length()
            && text.charAt(i + n) == key.charAt(k + n)) {
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
