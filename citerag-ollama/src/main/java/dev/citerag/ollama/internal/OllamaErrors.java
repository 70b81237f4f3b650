package dev.citerag.ollama.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.ProviderException.Kind;
import dev.citerag.TransientProviderException;
import dev.citerag.internal.Redact;
import dev.citerag.provider.internal.RetryHints;
import java.io.IOException;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Maps Ollama's failures to typed exceptions. Ollama's error body is {@code {"error":"..."}} with a
 * plain string, but a proxy or an unknown route answers with text or HTML, so the body is never
 * assumed to be JSON.
 */
public final class OllamaErrors {
  /** The provider name carried by every exception. */
  public static final String PROVIDER = "ollama";

  private static final int MAX_DETAIL = 300;

  private final String displayUrl;
  private final String model;

  public OllamaErrors(String displayUrl, String model) {
    this.displayUrl = displayUrl;
    this.model = model;
  }

  /** A non-2xx reply. */
  public ProviderException forStatus(
      int status, String method, String path, String body, @Nullable String retryAfter) {
    Optional<String> ollamaError = errorText(body);
    String said = ollamaError.map(e -> "\"" + shorten(e) + "\"").orElse(bodySnippet(body));
    String where =
        " (HTTP " + status + " from " + method + " " + displayUrl + "/" + path + ": " + said + ")";
    Duration hint =
        RetryHints.retryAfterHeader(retryAfter, ZonedDateTime.now(ZoneOffset.UTC)).orElse(null);
    return switch (status) {
      case 400 ->
          permanent(Kind.BAD_REQUEST, status, "the server rejected the request" + where, null);
      case 401, 403 ->
          permanent(
              Kind.AUTH,
              status,
              "not authorised"
                  + where
                  + "; cloud models need `ollama signin`, a proxy may need credentials",
              null);
      case 404 ->
          ollamaError.isPresent()
              ? permanent(
                  Kind.NOT_FOUND,
                  status,
                  "model \""
                      + model
                      + "\" is not available on the"
                      + " Ollama server at "
                      + displayUrl
                      + where
                      + "; download it with `ollama pull "
                      + model
                      + "`",
                  null)
              : permanent(
                  Kind.NOT_FOUND,
                  status,
                  "endpoint not found"
                      + where
                      + "; is this an Ollama server, and recent enough to serve /"
                      + path
                      + "?",
                  null);
      case 429 -> transientFailure(Kind.RATE_LIMITED, status, "rate limited" + where, hint, null);
      case 500, 502, 503 ->
          transientFailure(Kind.UNAVAILABLE, status, "server unavailable" + where, hint, null);
      case 504 -> transientFailure(Kind.TIMEOUT, status, "gateway timeout" + where, hint, null);
      default ->
          status >= 400 && status < 500
              ? permanent(Kind.BAD_REQUEST, status, "request failed" + where, null)
              : permanent(Kind.PROTOCOL, status, "unexpected reply" + where, null);
    };
  }

  /** An {@code {"error": ...}} object inside a successful (HTTP 200) reply, e.g. mid-stream. */
  public ProviderException inBody(String path, String error) {
    return transientFailure(
        Kind.UNAVAILABLE,
        200,
        "the server failed while answering POST "
            + displayUrl
            + "/"
            + path
            + ": \""
            + shorten(error)
            + "\"",
        null,
        null);
  }

  /** A reply that does not follow Ollama's wire format. */
  public ProviderException protocol(String path, String what, @Nullable Throwable cause) {
    return permanent(
        Kind.PROTOCOL,
        200,
        "unexpected reply from " + displayUrl + "/" + path + ": " + what,
        cause);
  }

  // The two exits of every message: whatever server text went into it (an error string, a body, a
  // parser's quote of the body) passes through Redact: credential-looking tokens masked, control
  // characters removed. The cause is kept only when it carries no server text (an IOException).

  private ProviderException permanent(
      Kind kind, int status, String message, @Nullable Throwable cause) {
    return new PermanentProviderException(
        PROVIDER, kind, status, null, safe(message), keptCause(cause));
  }

  private ProviderException transientFailure(
      Kind kind, int status, String message, @Nullable Duration hint, @Nullable Throwable cause) {
    return new TransientProviderException(
        PROVIDER, kind, status, null, safe(message), hint, keptCause(cause));
  }

  private static String safe(String message) {
    return Redact.providerText(message, Integer.MAX_VALUE / 8, List.of());
  }

  /** A parser's exception quotes the body it choked on: it does not travel as the cause. */
  private static @Nullable Throwable keptCause(@Nullable Throwable cause) {
    return cause instanceof IOException
            && !(cause instanceof com.fasterxml.jackson.core.JacksonException)
        ? cause
        : null;
  }

  /** A short provider-given string (model name, done reason) safe for a result or a trace. */
  public static String providerId(@Nullable String text) {
    return Redact.providerText(text, 200, List.of());
  }

  /** The {@code error} string of an Ollama error body, if the body is one. */
  static Optional<String> errorText(String body) {
    String t = body.strip();
    if (!t.startsWith("{")) {
      return Optional.empty();
    }
    try {
      JsonNode node = OllamaTransport.MAPPER.readTree(t);
      JsonNode error = node == null ? null : node.get("error");
      if (error == null || error.isNull()) {
        return Optional.empty();
      }
      return Optional.of(error.isTextual() ? error.asText() : error.toString());
    } catch (IOException notJson) {
      return Optional.empty();
    }
  }

  static String errorText(JsonNode error) {
    return error.isTextual() ? error.asText() : error.toString();
  }

  private static String bodySnippet(String body) {
    String t = Redact.providerText(body, 4 * MAX_DETAIL, List.of()).strip();
    return t.isEmpty() ? "empty body" : "\"" + shorten(t) + "\"";
  }

  private static String shorten(String s) {
    return Redact.providerText(s, MAX_DETAIL, List.of());
  }
}
