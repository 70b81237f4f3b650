package dev.citerag;

import org.jspecify.annotations.Nullable;

/** A provider failure that retrying cannot fix: bad request, invalid key, missing model. */
public final class PermanentProviderException extends ProviderException {
  private static final long serialVersionUID = 1L;

  public PermanentProviderException(
      String provider,
      Kind kind,
      int httpStatus,
      @Nullable String providerStatus,
      String message,
      @Nullable Throwable cause) {
    super(provider, kind, httpStatus, providerStatus, message, cause);
  }

  @Override
  public boolean retryable() {
    return false;
  }
}
