package dev.citerag;

import org.jspecify.annotations.Nullable;

/**
 * Root of every exception citerag throws on purpose. Misuse of the API (a blank question, a
 * negative {@code k}) is reported with {@link IllegalArgumentException} or {@link
 * IllegalStateException} instead, with the offending field and rule in the message.
 */
public class CiteragException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception without a cause.
   *
   * @param message what failed; callers never put a credential in it
   */
  public CiteragException(String message) {
    super(message);
  }

  /**
   * Creates an exception that wraps the failure it came from.
   *
   * @param message what failed; callers never put a credential in it
   * @param cause the underlying failure, or {@code null} if there is none
   */
  public CiteragException(String message, @Nullable Throwable cause) {
    super(message, cause);
  }
}
