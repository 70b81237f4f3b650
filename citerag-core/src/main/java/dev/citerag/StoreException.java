package dev.citerag;

import org.jspecify.annotations.Nullable;

/**
 * A vector store failed (connection lost, statement failed). The cause carries the driver's error.
 */
public class StoreException extends CiteragException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what the store was doing (e.g. which collection it wrote to)
   * @param cause the driver's exception, or {@code null} if the failure was detected by citerag
   */
  public StoreException(String message, @Nullable Throwable cause) {
    super(message, cause);
  }
}
