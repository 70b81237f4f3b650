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

  /** The server's retry hint, or null. */
  private final @Nullable Duration retryAfter;

  /**
   * Creates the exception.
   *
   * @param provider the provider's name, e.g. {@code gemini}
   * @param kind the category, typically {@code RATE_LIMITED}, {@code UNAVAILABLE}, {@code TIMEOUT}
   *     or {@code CONNECTION}
   * @param httpStatus the HTTP status, or 0 when there was no HTTP answer
   * @param providerStatus the provider's own status word, or {@code null}
   * @param message what failed, without credentials
   * @param retryAfter how long the server asked the caller to wait, or {@code null}
   * @param cause the underlying failure, or {@code null}
   */
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

  /** {@return always {@code true}} */
  @Override
  public boolean retryable() {
    return true;
  }

  /** {@return the wait the server asked for, or empty when it named none} */
  @Override
  public Optional<Duration> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }
}
