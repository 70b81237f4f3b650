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

  /**
   * What went wrong, independent of the provider's own vocabulary. The kind does not decide
   * retrying, {@link #retryable()} does: an exhausted daily quota is {@code RATE_LIMITED} but
   * permanent.
   */
  public enum Kind {
    /** The provider refused for quota or rate reasons (HTTP 429; 402 for used-up credit). */
    RATE_LIMITED,
    /** The provider is overloaded or down (HTTP 500, 502, 503 and other 5xx). */
    UNAVAILABLE,
    /** No complete answer within the configured timeout, or HTTP 408 or 504. */
    TIMEOUT,
    /** The connection could not be made or broke mid-way (DNS, refused, reset). */
    CONNECTION,
    /** The provider rejected the request as malformed or unsupported (HTTP 400, other 4xx). */
    BAD_REQUEST,
    /** The credentials are missing, wrong or lack permission (HTTP 401, 403). */
    AUTH,
    /** The model or endpoint does not exist (HTTP 404). */
    NOT_FOUND,
    /** The provider answered something that does not follow its own wire format. */
    PROTOCOL
  }

  /** The provider's name. */
  private final String provider;

  /** The provider-neutral category. */
  private final Kind kind;

  /** The HTTP status, or 0 or less when there was no HTTP answer. */
  private final int httpStatus;

  /** The provider's own status word, or null. */
  private final @Nullable String providerStatus;

  /**
   * Creates the exception; only the two permitted subclasses call this.
   *
   * @param provider the provider's name, e.g. {@code gemini}; it prefixes the message
   * @param kind the provider-neutral category of the failure
   * @param httpStatus the HTTP status, or 0 (or less) when there was no HTTP answer
   * @param providerStatus the provider's own status word, or {@code null}
   * @param message what failed, without credentials
   * @param cause the underlying failure (e.g. an {@code IOException}), or {@code null}
   */
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

  /** {@return the provider's name, e.g. {@code gemini}} */
  public String provider() {
    return provider;
  }

  /** {@return the provider-neutral category of the failure} */
  public Kind kind() {
    return kind;
  }

  /** {@return the HTTP status, or empty when the failure came without an HTTP answer} */
  public OptionalInt httpStatus() {
    return httpStatus > 0 ? OptionalInt.of(httpStatus) : OptionalInt.empty();
  }

  /**
   * {@return the provider's own status word, e.g. {@code RESOURCE_EXHAUSTED}, or empty when it sent
   * none}
   */
  public Optional<String> providerStatus() {
    return Optional.ofNullable(providerStatus);
  }

  /**
   * {@return whether retrying the same request may succeed: {@code true} exactly for {@link
   * TransientProviderException}}
   */
  public abstract boolean retryable();

  /**
   * {@return the server's hint of how long to wait before retrying (e.g. from {@code Retry-After}),
   * or empty when it sent none; always empty for a permanent failure}
   */
  public Optional<Duration> retryAfter() {
    return Optional.empty();
  }
}
