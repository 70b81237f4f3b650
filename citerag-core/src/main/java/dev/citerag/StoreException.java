package dev.citerag;

import org.jspecify.annotations.Nullable;

/**
 * A vector store failed (connection lost, statement failed). The cause carries the driver's error.
 */
public class StoreException extends CiteragException {
  private static final long serialVersionUID = 1L;

  public StoreException(String message, @Nullable Throwable cause) {
    super(message, cause);
  }
}
