package dev.citerag.gemini.internal;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Maps a non-2xx Gemini reply to a typed {@link ProviderException}. The body is parsed as {@code
 * {"error":{code,message,status,details[]}}} when it is that, and quoted (scrubbed) when it is not:
 * proxies and load balancers answer with HTML or plain text.
 */
final class ErrorMapper {
  private ErrorMapper() {}

  private static final String TYPE_PREFIX = "type.googleapis.com/google.rpc.";

  /** What the error body said, as far as it could be read. */
  record ErrorInfo(
      @Nullable String status,
      @Nullable String message,
      List<String> reasons,
      List<String> quotaIds,
      @Nullable String retryDelay) {}

  /**
   * @param code HTTP status, not 2xx
   * @param body the response body (possibly empty, possibly not JSON)
   * @param retryAfterHeader the {@code Retry-After} header, if any
   * @param model the model called, named in 404 messages
   * @param method e.g. {@code generateContent}
   * @param apiKey scrubbed from any server text quoted in the message
   */
  static ProviderException map(
      int code,
      byte[] body,
      @Nullable String retryAfterHeader,
      String model,
      String method,
      String apiKey) {
    ErrorInfo info = parse(body);
    String text = describe(code, info, body, apiKey);
    String status = info.status();
    switch (code) {
      case 400 -> {
        if (info.reasons().contains("API_KEY_INVALID")) {
          return permanent(apiKey, Kind.AUTH, code, status, "API key rejected (" + text + ")");
        }
        return permanent(apiKey, Kind.BAD_REQUEST, code, status, text);
      }
      case 401, 403 -> {
        return permanent(apiKey, Kind.AUTH, code, status, text);
      }
      case 404 -> {
        return permanent(
            apiKey,
            Kind.NOT_FOUND,
            code,
            status,
            "model " + model + " not found or not supported for " + method + " (" + text + ")");
      }
      case 429 -> {
        return rateLimited(code, info, retryAfterHeader, text, apiKey);
      }
      case 408, 504 -> {
        return transientFailure(
            apiKey, Kind.TIMEOUT, code, status, text, retryAfter(info, retryAfterHeader));
      }
      case 500, 502, 503 -> {
        return transientFailure(
            apiKey, Kind.UNAVAILABLE, code, status, text, retryAfter(info, retryAfterHeader));
      }
      default -> {
        if (code >= 300 && code < 400) {
          // Redirects are not followed: the key header must not travel to another host.
          return permanent(
              apiKey, Kind.PROTOCOL, code, status, "unexpected redirect (" + text + ")");
        }
        if (code >= 500) {
          return transientFailure(
              apiKey, Kind.UNAVAILABLE, code, status, text, retryAfter(info, retryAfterHeader));
        }
        // 402 (prepaid credit used up), 409, 413 and other client errors: retrying cannot help.
        return permanent(
            apiKey, code == 402 ? Kind.RATE_LIMITED : Kind.BAD_REQUEST, code, status, text);
      }
    }
  }

  private static ProviderException rateLimited(
      int code, ErrorInfo info, @Nullable String retryAfterHeader, String text, String apiKey) {
    for (String quotaId : info.quotaIds()) {
      if (quotaId.contains("PerDay")) {
        return permanent(
            apiKey,
            Kind.RATE_LIMITED,
            code,
            info.status(),
            "daily quota "
                + Secrets.scrubId(quotaId, apiKey)
                + " exhausted; it will not reset within a retry window ("
                + text
                + ")");
      }
    }
    return transientFailure(
        apiKey, Kind.RATE_LIMITED, code, info.status(), text, retryAfter(info, retryAfterHeader));
  }

  /** The RetryInfo hint, else the Retry-After header. */
  private static @Nullable Duration retryAfter(ErrorInfo info, @Nullable String header) {
    Optional<Duration> d = RetryHints.protoDuration(info.retryDelay());
    if (d.isEmpty()) {
      d = RetryHints.retryAfterHeader(header, ZonedDateTime.now(ZoneOffset.UTC));
    }
    return d.orElse(null);
  }

  static ErrorInfo parse(byte[] body) {
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(body);
    } catch (IOException e) {
      root = null;
    }
    JsonNode error = root == null ? null : root.get("error");
    if (error == null || !error.isObject()) {
      return new ErrorInfo(null, null, List.of(), List.of(), null);
    }
    List<String> reasons = new ArrayList<>();
    List<String> quotaIds = new ArrayList<>();
    String retryDelay = null;
    for (JsonNode d : error.path("details")) {
      String type = d.path("@type").asText("");
      if (type.equals(TYPE_PREFIX + "ErrorInfo") && d.path("reason").isTextual()) {
        reasons.add(d.get("reason").asText());
      } else if (type.equals(TYPE_PREFIX + "QuotaFailure")) {
        for (JsonNode v : d.path("violations")) {
          if (v.path("quotaId").isTextual()) {
            quotaIds.add(v.get("quotaId").asText());
          }
        }
      } else if (type.equals(TYPE_PREFIX + "RetryInfo") && d.path("retryDelay").isTextual()) {
        retryDelay = d.get("retryDelay").asText();
      }
    }
    String status = textOrNull(error.get("status"));
    if (status != null && !status.matches("[A-Z_]{1,64}")) {
      status = null; // not a canonical code word: do not let arbitrary server text become a field
    }
    return new ErrorInfo(
        status,
        textOrNull(error.get("message")),
        List.copyOf(reasons),
        List.copyOf(quotaIds),
        retryDelay);
  }

  /** {@code HTTP 503 UNAVAILABLE: The model is overloaded...}, the server text scrubbed. */
  private static String describe(int code, ErrorInfo info, byte[] body, String apiKey) {
    StringBuilder sb = new StringBuilder("HTTP ").append(code);
    if (info.status() != null) {
      sb.append(' ').append(Secrets.scrub(info.status(), apiKey));
    }
    if (info.message() != null) {
      sb.append(": ").append(Secrets.scrub(info.message(), apiKey));
    } else if (body.length == 0) {
      sb.append(" (empty body)");
    } else if (info.status() == null) {
      sb.append(" (body is not a Gemini error): ")
          .append(Secrets.scrub(new String(body, StandardCharsets.UTF_8), apiKey));
    }
    return sb.toString();
  }

  private static @Nullable String textOrNull(@Nullable JsonNode n) {
    return n != null && n.isTextual() ? n.asText() : null;
  }

  // The two exits of every message: whatever server text went into it (message, status, quota ids,
  // help links), the key and any long piece of it are masked and control characters removed here.

  private static ProviderException permanent(
      String apiKey, Kind kind, int code, @Nullable String status, String message) {
    return new PermanentProviderException(
        GeminiTransport.PROVIDER,
        kind,
        code,
        status == null ? null : Secrets.scrubId(status, apiKey),
        Secrets.scrubMessage(message, apiKey),
        null);
  }

  private static ProviderException transientFailure(
      String apiKey,
      Kind kind,
      int code,
      @Nullable String status,
      String message,
      @Nullable Duration retryAfter) {
    return new TransientProviderException(
        GeminiTransport.PROVIDER,
        kind,
        code,
        status == null ? null : Secrets.scrubId(status, apiKey),
        Secrets.scrubMessage(message, apiKey),
        retryAfter,
        null);
  }
}
