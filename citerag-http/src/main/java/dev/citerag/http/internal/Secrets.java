package dev.citerag.http.internal;

import dev.citerag.internal.Redact;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Keeps an API key out of text that people or logs will see. Every string that comes from a server
 * (error messages, error codes, model ids, response ids, finish reasons, an I/O exception's
 * message) passes through {@link #scrub} before it goes into an exception, a log line, a response
 * or a trace, because servers echo keys back: OpenAI's own 401 quotes the start and the end of the
 * key it rejected.
 *
 * <p>On top of core's {@link Redact#providerText} (the key and any piece of it at least {@value
 * Redact#MIN_SECRET_PIECE} characters long, credential-looking tokens, control characters, a length
 * bound), words shaped like a provider key ({@code sk-...}, {@code sk-proj-...}, {@code sess-...})
 * are masked whether or not they are this client's key.
 */
public final class Secrets {
  private Secrets() {}

  /** What {@code toString()} and configuration dumps show instead of a key. */
  public static final String MASK = Redact.MASK;

  /** Longest piece of server text copied into a message. */
  public static final int MAX_SERVER_TEXT = 500;

  /** Longest provider-given identifier (model version, response id, reason code) kept. */
  public static final int MAX_SERVER_ID = 200;

  /**
   * Words shaped like a provider key, even partly masked by the server (its last characters kept).
   */
  private static final Pattern KEY_SHAPED =
      Pattern.compile("\\b(?:sk|rk|pk|sess)-[A-Za-z0-9_*.\\-]{3,}");

  /** {@link #MASK} when a key is set, {@code <none>} otherwise; never any character of the key. */
  public static String mask(@Nullable String key) {
    return key == null || key.isEmpty() ? "<none>" : MASK;
  }

  /** {@link #scrub(String, String, int)} cut to {@value #MAX_SERVER_TEXT} characters. */
  public static String scrub(@Nullable String text, @Nullable String key) {
    return scrub(text, key, MAX_SERVER_TEXT);
  }

  /** {@link #scrub(String, String, int)} cut to {@value #MAX_SERVER_ID} characters. */
  public static String scrubId(@Nullable String text, @Nullable String key) {
    return scrub(text, key, MAX_SERVER_ID);
  }

  /** A whole message assembled from scrubbed parts, scrubbed once more without cutting it short. */
  public static String scrubMessage(String message, @Nullable String key) {
    return scrub(message, key, Integer.MAX_VALUE / 8);
  }

  /**
   * {@code text} with every occurrence of {@code key}, of any piece of it at least {@value
   * Redact#MIN_SECRET_PIECE} characters long, of any credential-looking token and of any key-shaped
   * word replaced by {@link #MASK}; control characters replaced by spaces; cut to {@code max}
   * characters (plus {@code ...}). Null gives the empty string.
   */
  public static String scrub(@Nullable String text, @Nullable String key, int max) {
    // key-shaped words first, whole: a server's partly masked echo keeps the key's last characters,
    // which masking the key's pieces first would leave standing
    String s =
        text == null || text.indexOf('-') < 0 ? text : KEY_SHAPED.matcher(text).replaceAll(MASK);
    return Redact.providerText(s, max, key);
  }

  /** {@code SocketTimeoutException: timeout}, the message scrubbed. */
  public static String describe(Throwable e, @Nullable String key) {
    return e.getClass().getSimpleName() + ": " + scrub(e.getMessage(), key);
  }
}
