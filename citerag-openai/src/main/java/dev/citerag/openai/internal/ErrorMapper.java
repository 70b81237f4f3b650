package dev.citerag.openai.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.ProviderException.Kind;
import dev.citerag.TransientProviderException;
import dev.citerag.http.internal.Secrets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Locale;
import okhttp3.Headers;
import org.jspecify.annotations.Nullable;

/**
 * Maps a non-2xx reply of an OpenAI-compatible server to a typed {@link ProviderException}. Servers
 * disagree on the error body, so all of these are read:
 *
 * <ul>
 *   <li>OpenAI, llama.cpp, Ollama {@code /v1}: {@code {"error":{"message","type","param","code"}}}
 *       ({@code code} a string such as {@code invalid_api_key}, or a number);
 *   <li>vLLM: {@code {"object":"error","message","type","param","code"}} at the top level;
 *   <li>others: {@code {"error":"text"}}, or no JSON at all (a proxy's HTML).
 * </ul>
 *
 * Every piece of server text is scrubbed ({@link Secrets#scrub}) before it is quoted.
 */
final class ErrorMapper {
  private ErrorMapper() {}

  /** What the error body said, as far as it could be read; every field scrubbed. */
  record ErrorInfo(@Nullable String message, @Nullable String type, @Nullable String code) {
    /** The most specific identifier: the code, else the type. */
    @Nullable String status() {
      return code != null ? code : type;
    }

    boolean is(String word) {
      return word.equalsIgnoreCase(code) || word.equalsIgnoreCase(type);
    }
  }

  /**
   * @param code HTTP status, not 2xx
   * @param body the response body (possibly empty, possibly not JSON)
   * @param headers the response headers (retry hints)
   * @param model the model asked for, named in 404 messages
   * @param endpoint e.g. {@code POST http://127.0.0.1:8000/v1/chat/completions}, for messages
   * @param apiKey scrubbed from any server text; null when none is sent
   */
  static ProviderException map(
      int code,
      byte[] body,
      Headers headers,
      String model,
      String endpoint,
      @Nullable String apiKey) {
    ErrorInfo info = parse(body, apiKey);
    String said = describe(info, body, apiKey);
    String where = " (HTTP " + code + " from " + endpoint + ": " + said + ")";
    String status = info.status();
    Duration hint = RetryHeaders.hint(headers, ZonedDateTime.now(ZoneOffset.UTC)).orElse(null);
    switch (code) {
      case 400 -> {
        if (info.is("invalid_api_key")) {
          return permanent(Kind.AUTH, code, status, "API key rejected" + where);
        }
        if (info.is("model_not_found")) {
          return modelNotFound(code, status, model, where);
        }
        return permanent(Kind.BAD_REQUEST, code, status, "request rejected" + where);
      }
      case 401 -> {
        return permanent(
            Kind.AUTH,
            code,
            status,
            (apiKey == null
                    ? "the server wants an API key and none is set: call apiKey(...) or set "
                        + Settings.ENV_API_KEY
                    : "API key rejected: check " + Settings.ENV_API_KEY + " or apiKey(...)")
                + where);
      }
      case 403 -> {
        return permanent(Kind.AUTH, code, status, "not permitted" + where);
      }
      case 404 -> {
        if (info.is("model_not_found") || mentionsModel(info)) {
          return modelNotFound(code, status, model, where);
        }
        return permanent(
            Kind.NOT_FOUND,
            code,
            status,
            "endpoint not found"
                + where
                + "; is the base URL right? OpenAI-compatible servers serve it under /v1");
      }
      case 408 -> {
        return transientFailure(Kind.TIMEOUT, code, status, "request timeout" + where, hint);
      }
      case 409 -> {
        return transientFailure(Kind.UNAVAILABLE, code, status, "conflict" + where, hint);
      }
      case 429 -> {
        if (info.is("insufficient_quota")) {
          // OpenAI answers 429 when the account's credit is used up: waiting does not help
          return permanent(
              Kind.RATE_LIMITED,
              code,
              status,
              "quota exhausted; check the plan and billing of the account" + where);
        }
        return transientFailure(Kind.RATE_LIMITED, code, status, "rate limited" + where, hint);
      }
      case 504 -> {
        return transientFailure(Kind.TIMEOUT, code, status, "gateway timeout" + where, hint);
      }
      default -> {
        if (code >= 300 && code < 400) {
          // Redirects are not followed: the Authorization header must not travel to another host.
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
            "request failed" + where);
      }
    }
  }

  private static ProviderException modelNotFound(
      int code, @Nullable String status, String model, String where) {
    return permanent(
        Kind.NOT_FOUND,
        code,
        status,
        "model \""
            + Secrets.scrub(model, null, 120)
            + "\" does not exist on the server or this key has no access to it"
            + where
            + "; set model(...) or "
            + Settings.ENV_MODEL
            + " / "
            + Settings.ENV_EMBED_MODEL);
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
    if (error != null && error.isObject()) {
      return new ErrorInfo(
          text(error.get("message"), apiKey),
          word(error.get("type"), apiKey),
          word(error.get("code"), apiKey));
    }
    if (error != null && error.isTextual()) {
      return new ErrorInfo(text(error, apiKey), null, null);
    }
    if (root.path("message").isTextual()) {
      return new ErrorInfo(
          text(root.get("message"), apiKey),
          word(root.get("type"), apiKey),
          word(root.get("code"), apiKey));
    }
    return new ErrorInfo(null, null, null);
  }

  /** {@code invalid_request_error: The model `x` does not exist}, or the scrubbed body. */
  private static String describe(ErrorInfo info, byte[] body, @Nullable String apiKey) {
    StringBuilder sb = new StringBuilder();
    if (info.status() != null) {
      sb.append(info.status());
    }
    if (info.message() != null) {
      sb.append(sb.length() > 0 ? ": " : "").append('"').append(info.message()).append('"');
    } else if (info.status() == null) {
      String t = new String(body, StandardCharsets.UTF_8).strip().replaceAll("\\s+", " ");
      sb.append(t.isEmpty() ? "empty body" : "\"" + Secrets.scrub(t, apiKey, 300) + "\"");
    }
    return sb.toString();
  }

  private static @Nullable String text(@Nullable JsonNode n, @Nullable String apiKey) {
    return n != null && n.isTextual() ? Secrets.scrub(n.asText(), apiKey, 400) : null;
  }

  /**
   * A short identifier such as {@code invalid_api_key} or {@code 404}; anything else is dropped.
   */
  private static @Nullable String word(@Nullable JsonNode n, @Nullable String apiKey) {
    if (n == null || !(n.isTextual() || n.isIntegralNumber())) {
      return null;
    }
    String s = n.asText().strip();
    if (s.isEmpty() || !s.matches("[A-Za-z0-9_.\\-]{1,64}")) {
      return null; // not a code word: do not let arbitrary server text become a status field
    }
    String scrubbed = Secrets.scrub(s, apiKey, 64);
    return scrubbed.equals(s) ? s : null;
  }

  private static ProviderException permanent(
      Kind kind, int code, @Nullable String status, String message) {
    return new PermanentProviderException(
        OpenAiTransport.PROVIDER, kind, code, status, message, null);
  }

  private static ProviderException transientFailure(
      Kind kind, int code, @Nullable String status, String message, @Nullable Duration retryAfter) {
    return new TransientProviderException(
        OpenAiTransport.PROVIDER, kind, code, status, message, retryAfter, null);
  }
}
