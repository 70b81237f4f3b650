package dev.citerag.anthropic.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.ProviderException.Kind;
import dev.citerag.TransientProviderException;
import dev.citerag.http.internal.Secrets;
import dev.citerag.provider.internal.RetryHints;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Locale;
import okhttp3.Headers;
import org.jspecify.annotations.Nullable;

/**
 * Maps a non-2xx reply of the Messages API to a typed {@link ProviderException}. The API's error
 * body is {@code {"type": "error", "error": {"type": "...", "message": "..."}, "request_id":
 * "..."}}; the error type ({@code invalid_request_error}, {@code authentication_error}, {@code
 * permission_error}, {@code not_found_error}, {@code rate_limit_error}, {@code api_error}, {@code
 * overloaded_error}, ...) becomes the exception's status. Every piece of server text is scrubbed
 * ({@link Secrets#scrub}) before it is quoted.
 */
final class ErrorMapper {
  private ErrorMapper() {}

  /** A hint longer than this is ignored. */
  static final Duration MAX_HINT = Duration.ofDays(1);

  /**
   * What the error body said, as far as it could be read; every field scrubbed.
   *
   * @param type the error type, e.g. {@code overloaded_error}
   * @param message the error's message
   * @param code {@code error.details.error_code} when present (e.g. a spend limit)
   */
  record ErrorInfo(@Nullable String type, @Nullable String message, @Nullable String code) {}

  /**
   * @param code HTTP status, not 2xx
   * @param body the response body (possibly empty, possibly not JSON)
   * @param headers the response headers ({@code retry-after})
   * @param model the model asked for, named in 404 messages
   * @param endpoint e.g. {@code POST https://api.anthropic.com/v1/messages}, for messages
   * @param apiKey scrubbed from any server text
   */
  static ProviderException map(
      int code,
      byte[] body,
      Headers headers,
      String model,
      String endpoint,
      @Nullable String apiKey) {
    ErrorInfo info = parse(body, apiKey);
    String where =
        " (HTTP " + code + " from " + endpoint + ": " + describe(info, body, apiKey) + ")";
    String status = info.type();
    Duration hint =
        RetryHints.retryAfterHeader(headers.get("retry-after"), ZonedDateTime.now(ZoneOffset.UTC))
            .filter(d -> d.compareTo(MAX_HINT) <= 0)
            .orElse(null);
    switch (code) {
      case 401 -> {
        return permanent(
            Kind.AUTH,
            code,
            status,
            "API key rejected ("
                + (status == null ? "authentication_error" : status)
                + "): check "
                + Settings.ENV_API_KEY
                + " or apiKey(...)"
                + where);
      }
      case 403 -> {
        return permanent(
            Kind.AUTH,
            code,
            status,
            "not permitted ("
                + (status == null ? "permission_error" : status)
                + "): this key may not use this model or feature"
                + where);
      }
      case 404 -> {
        if (mentionsModel(info)) {
          return permanent(
              Kind.NOT_FOUND,
              code,
              status,
              "model \""
                  + Secrets.scrub(model, null, 120)
                  + "\" does not exist or this key has no access to it"
                  + where
                  + "; set model(...) or "
                  + Settings.ENV_MODEL);
        }
        return permanent(
            Kind.NOT_FOUND,
            code,
            status,
            "endpoint not found" + where + "; is the base URL right? It is the part before /v1");
      }
      case 408 -> {
        return transientFailure(Kind.TIMEOUT, code, status, "request timeout" + where, hint);
      }
      case 409 -> {
        return transientFailure(Kind.UNAVAILABLE, code, status, "conflict" + where, hint);
      }
      case 429 -> {
        if (hint == null && "enforced_spend_limit_reached".equals(info.code())) {
          // a spend cap: waiting minutes does not help, the account's limit must change
          return permanent(
              Kind.RATE_LIMITED,
              code,
              status,
              "spend limit reached; check the plan and limits of the account" + where);
        }
        return transientFailure(Kind.RATE_LIMITED, code, status, "rate limited" + where, hint);
      }
      case 504 -> {
        return transientFailure(Kind.TIMEOUT, code, status, "gateway timeout" + where, hint);
      }
      case 529 -> {
        return transientFailure(
            Kind.UNAVAILABLE, code, status, "the API is overloaded" + where, hint);
      }
      default -> {
        if (code >= 300 && code < 400) {
          // Redirects are not followed: the key header must not travel to another host.
          return permanent(
              Kind.PROTOCOL, code, status, "unexpected redirect, not followed" + where);
        }
        if (code >= 500) {
          return transientFailure(
              Kind.UNAVAILABLE, code, status, "server unavailable" + where, hint);
        }
        return permanent(
            code == 402 ? Kind.RATE_LIMITED : Kind.BAD_REQUEST,
            code,
            status,
            (code == 402 ? "billing problem" : "request rejected") + where);
      }
    }
  }

  private static boolean mentionsModel(ErrorInfo info) {
    String m = info.message();
    return m != null && m.toLowerCase(Locale.ROOT).contains("model");
  }

  static ErrorInfo parse(byte[] body, @Nullable String apiKey) {
    JsonNode root;
    try {
      root = body.length == 0 ? null : Json.MAPPER.readTree(body);
    } catch (IOException e) {
      root = null;
    }
    if (root == null || !root.isObject()) {
      return new ErrorInfo(null, null, null);
    }
    JsonNode error = root.get("error");
    if (error == null || !error.isObject()) {
      return new ErrorInfo(null, null, null);
    }
    return new ErrorInfo(
        word(error.get("type"), apiKey),
        text(error.get("message"), apiKey),
        word(error.path("details").get("error_code"), apiKey));
  }

  /** {@code overloaded_error: "Overloaded"}, or the scrubbed body. */
  private static String describe(ErrorInfo info, byte[] body, @Nullable String apiKey) {
    StringBuilder sb = new StringBuilder();
    if (info.type() != null) {
      sb.append(info.type());
    }
    if (info.message() != null) {
      sb.append(sb.length() > 0 ? ": " : "").append('"').append(info.message()).append('"');
    } else if (info.type() == null) {
      String t = new String(body, StandardCharsets.UTF_8).strip().replaceAll("\\s+", " ");
      sb.append(t.isEmpty() ? "empty body" : "\"" + Secrets.scrub(t, apiKey, 300) + "\"");
    }
    return sb.toString();
  }

  private static @Nullable String text(@Nullable JsonNode n, @Nullable String apiKey) {
    return n != null && n.isTextual() ? Secrets.scrub(n.asText(), apiKey, 400) : null;
  }

  /** A short identifier such as {@code overloaded_error}; anything else is dropped. */
  private static @Nullable String word(@Nullable JsonNode n, @Nullable String apiKey) {
    if (n == null || !n.isTextual()) {
      return null;
    }
    String s = n.asText().strip();
    if (!s.matches("[A-Za-z0-9_.\\-]{1,64}")) {
      return null; // not a code word: arbitrary server text must not become a status field
    }
    return Secrets.scrub(s, apiKey, 64).equals(s) ? s : null;
  }

  private static ProviderException permanent(
      Kind kind, int code, @Nullable String status, String message) {
    return new PermanentProviderException(
        AnthropicTransport.PROVIDER, kind, code, status, message, null);
  }

  private static ProviderException transientFailure(
      Kind kind, int code, @Nullable String status, String message, @Nullable Duration retryAfter) {
    return new TransientProviderException(
        AnthropicTransport.PROVIDER, kind, code, status, message, retryAfter, null);
  }
}
