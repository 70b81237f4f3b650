package dev.citerag;

import org.jspecify.annotations.Nullable;

/**
 * Root of every exception citerag throws on purpose. Misuse of the API (a blank question, a
 * negative {@code k}) is reported with {@link IllegalArgumentException} or {@link
 * IllegalStateException} instead, with the offending field and rule in the message.
 */
public class CiteragException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CiteragException(String message) {
    super(message);
  }

  public CiteragException(String message, @Nullable Throwable cause) {
    super(message, cause);
  }
}
