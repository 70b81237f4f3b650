package dev.citerag.gemini.internal;

import dev.citerag.internal.Redact;
import org.jspecify.annotations.Nullable;

/** Keeps the API key out of text that people or logs will see. */
public final class Secrets {
  private Secrets() {}

  /** What {@code toString()} and configuration dumps show instead of a key. */
  public static final String MASK = Redact.MASK;

  /** Longest piece of server text copied into an exception message. */
  static final int MAX_SERVER_TEXT = 500;

  /** Longest provider-given identifier (model version, response id, reason code) kept. */
  static final int MAX_SERVER_ID = 200;

  /** {@link #MASK} when a key is set, {@code <none>} otherwise; never any character of the key. */
  public static String mask(@Nullable String key) {
    return key == null || key.isEmpty() ? "<none>" : MASK;
  }

  /**
   * Server-provided {@code text} safe for a message: every occurrence of {@code key}, and of any
   * piece of it at least {@value Redact#MIN_SECRET_PIECE} characters long, replaced by {@link
   * #MASK}, credential-looking tokens masked, control characters replaced by spaces and the result
   * cut to {@value #MAX_SERVER_TEXT} characters. Used on every server-provided string (messages,
   * quota ids, help links, metadata) before it goes into a message or a result.
   */
  public static String scrub(@Nullable String text, String key) {
    return Redact.providerText(text, MAX_SERVER_TEXT, key);
  }

  /** {@link #scrub} for a short server identifier (model version, response id, reason code). */
  public static String scrubId(@Nullable String text, String key) {
    return Redact.providerText(text, MAX_SERVER_ID, key);
  }

  /** A whole message assembled from scrubbed parts, scrubbed once more without cutting it short. */
  static String scrubMessage(String message, String key) {
    return Redact.providerText(message, Integer.MAX_VALUE / 8, key);
  }
}
