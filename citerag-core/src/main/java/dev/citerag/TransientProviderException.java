package dev.citerag;

import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A provider failure that may clear by itself: rate limits, overload, timeouts, dropped
 * connections.
 */
public final class TransientProviderException extends ProviderException {
  private static final long serialVersionUID = 1L;

  private final @Nullable Duration retryAfter;

  public TransientProviderException(
      String provider,
      Kind kind,
      int httpStatus,
      @Nullable String providerStatus,
      String message,
      @Nullable Duration retryAfter,
      @Nullable Throwable cause) {
    super(provider, kind, httpStatus, providerStatus, message, cause);
    this.retryAfter = retryAfter;
  }

  @Override
  public boolean retryable() {
    return true;
  }

  @Override
  public Optional<Duration> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }
}
