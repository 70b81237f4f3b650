package dev.citerag;

import org.jspecify.annotations.Nullable;

/** A provider failure that retrying cannot fix: bad request, invalid key, missing model. */
public final class PermanentProviderException extends ProviderException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param provider the provider's name, e.g. {@code gemini}
   * @param kind the category, typically {@code BAD_REQUEST}, {@code AUTH}, {@code NOT_FOUND} or
   *     {@code PROTOCOL}
   * @param httpStatus the HTTP status, or 0 when there was no HTTP answer
   * @param providerStatus the provider's own status word, or {@code null}
   * @param message what failed, without credentials
   * @param cause the underlying failure, or {@code null}
   */
  public PermanentProviderException(
      String provider,
      Kind kind,
      int httpStatus,
      @Nullable String providerStatus,
      String message,
      @Nullable Throwable cause) {
    super(provider, kind, httpStatus, providerStatus, message, cause);
  }

  /** {@return always {@code false}} */
  @Override
  public boolean retryable() {
    return false;
  }
}
