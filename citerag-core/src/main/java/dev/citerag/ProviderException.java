package dev.citerag;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * A model provider (Gemini, Ollama, ...) failed. Two branches: {@link TransientProviderException}
 * (rate limited, unavailable, timeout, connection failure: worth retrying) and {@link
 * PermanentProviderException} (bad request, auth, not found: retrying cannot help). Messages never
 * contain credentials.
 */
public abstract sealed class ProviderException extends CiteragException
    permits TransientProviderException, PermanentProviderException {
  private static final long serialVersionUID = 1L;

  /** What went wrong, independent of the provider's own vocabulary. */
  public enum Kind {
    RATE_LIMITED,
    UNAVAILABLE,
    TIMEOUT,
    CONNECTION,
    BAD_REQUEST,
    AUTH,
    NOT_FOUND,
    /** The provider answered something that does not follow its own wire format. */
    PROTOCOL
  }

  private final String provider;
  private final Kind kind;
  private final int httpStatus;
  private final @Nullable String providerStatus;

  protected ProviderException(
      String provider,
      Kind kind,
      int httpStatus,
      @Nullable String providerStatus,
      String message,
      @Nullable Throwable cause) {
    super(provider + ": " + message, cause);
    this.provider = provider;
    this.kind = kind;
    this.httpStatus = httpStatus;
    this.providerStatus = providerStatus;
  }

  /** The provider's name, e.g. {@code gemini}. */
  public String provider() {
    return provider;
  }

  public Kind kind() {
    return kind;
  }

  /** The HTTP status, when the failure came with one. */
  public OptionalInt httpStatus() {
    return httpStatus > 0 ? OptionalInt.of(httpStatus) : OptionalInt.empty();
  }

  /** The provider's own status word, e.g. {@code RESOURCE_EXHAUSTED}, when it sent one. */
  public Optional<String> providerStatus() {
    return Optional.ofNullable(providerStatus);
  }

  /** Whether retrying the same request may succeed. */
  public abstract boolean retryable();

  /** The server's hint of how long to wait before retrying, when it sent one. */
  public Optional<Duration> retryAfter() {
    return Optional.empty();
  }
}
