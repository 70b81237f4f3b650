package dev.citerag.openai.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.http.internal.Secrets;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Turns a {@link ChatRequest} into a {@code /chat/completions} body and the reply into a {@link
 * ChatResponse}.
 */
public final class ChatCodec {
  private ChatCodec() {}

  /** The {@code json_schema.name} sent with the answer schema. */
  public static final String SCHEMA_NAME = "citerag_answer";

  /** {@code providerFinishReason} of a reply whose {@code message.refusal} is set. */
  public static final String REFUSAL = "refusal";

  /** {@code providerFinishReason} when the server sent no {@code finish_reason}. */
  static final String NONE = "none";

  /** What the server should be asked for. */
  public enum Format {
    /** {@code {"type":"json_schema","json_schema":{"name","strict":true,"schema"}}}. */
    JSON_SCHEMA,
    /** {@code {"type":"json_object"}}, with the schema written into the system message. */
    JSON_OBJECT
  }

  /**
   * The request body.
   *
   * @param maxCompletionTokens whether the limit goes in {@code max_completion_tokens} (else {@code
   *     max_tokens})
   * @param temperature overrides the request's temperature when not null
   * @param maxOutputTokens overrides the request's output limit when not null
   */
  public static byte[] encode(
      ChatRequest request,
      String model,
      Format format,
      boolean maxCompletionTokens,
      @Nullable Double temperature,
      @Nullable Integer maxOutputTokens) {
    String system = request.systemInstruction();
    ChatWire.ResponseFormat rf;
    if (format == Format.JSON_SCHEMA) {
      rf =
          new ChatWire.ResponseFormat(
              "json_schema",
              new ChatWire.JsonSchema(
                  SCHEMA_NAME, true, StrictSchema.of(request.responseSchemaView())));
    } else {
      rf = new ChatWire.ResponseFormat("json_object", null);
      system = system + schemaInstruction(request.responseSchemaView());
    }
    int limit = maxOutputTokens != null ? maxOutputTokens : request.maxOutputTokens();
    ChatWire.Request body =
        new ChatWire.Request(
            model,
            List.of(
                new ChatWire.Message("system", system),
                new ChatWire.Message("user", request.userContent())),
            temperature != null ? temperature : request.temperature(),
            maxCompletionTokens ? null : limit,
            maxCompletionTokens ? limit : null,
            rf,
            false);
    try {
      return Json.MAPPER.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      // Only records, strings, numbers and a JsonNode: cannot fail short of a Jackson bug.
      throw new IllegalStateException("cannot serialise a chat/completions request", e);
    }
  }

  /**
   * The text appended to the system message in {@link Format#JSON_OBJECT} mode: the server then
   * only promises syntactically valid JSON, so the shape is asked for in words (and the reply
   * checked by the pipeline's strict parser either way). It contains the word "JSON", which OpenAI
   * requires in the messages for this mode.
   */
  static String schemaInstruction(JsonNode schema) {
    return "\n\nReply with exactly one JSON object and nothing else (no prose, no code fence). It must"
        + " match this JSON Schema:\n"
        + schema;
  }

  /**
   * The response of an HTTP 2xx. Refusals, filtered and truncated replies are results, not
   * exceptions.
   *
   * @param configuredModel the model to report when the reply names none
   * @param apiKey only to scrub it from server text; may be null
   * @throws PermanentProviderException kind {@code PROTOCOL} when the body is not JSON, has no
   *     choice, or a {@code content} of another type than string, null or text parts
   */
  public static ChatResponse decode(byte[] body, String configuredModel, @Nullable String apiKey) {
    ChatWire.Response r;
    try {
      r = Json.MAPPER.readValue(body, ChatWire.Response.class);
    } catch (IOException e) {
      throw protocol(
          "chat/completions reply is not the expected JSON ("
              + body.length
              + " bytes): "
              + Json.describe(e, apiKey));
    }
    if (r == null) {
      throw protocol("chat/completions reply is JSON null");
    }
    if (r.choices() == null || r.choices().isEmpty()) {
      throw protocol("chat/completions reply has no choices");
    }
    ChatWire.Choice c = r.choices().get(0);
    if (c == null) {
      throw protocol("chat/completions reply has a null choice");
    }
    String model =
        r.model() != null && !r.model().isBlank()
            ? Secrets.scrub(r.model().strip(), apiKey, 128)
            : configuredModel;
    String id =
        r.id() != null && !r.id().isBlank() ? Secrets.scrub(r.id().strip(), apiKey, 128) : null;
    TokenUsage usage = usage(r.usage());
    ChatWire.ResponseMessage m = c.message();
    if (m != null && m.refusal() != null && !m.refusal().isBlank()) {
      // The model declined; its explanation is not an answer and is not passed on.
      return new ChatResponse("", FinishReason.BLOCKED, REFUSAL, usage, model, id);
    }
    String providerReason =
        c.finishReason() != null && !c.finishReason().isBlank()
            ? Secrets.scrub(c.finishReason().strip(), apiKey, 64)
            : NONE;
    return new ChatResponse(
        text(m == null ? null : m.content()),
        finishReason(providerReason),
        providerReason,
        usage,
        model,
        id);
  }

  /** Maps {@code finish_reason}; unknown and future values become {@link FinishReason#OTHER}. */
  static FinishReason finishReason(String reason) {
    return switch (reason) {
      case "stop" -> FinishReason.STOP;
      case "length" -> FinishReason.LENGTH;
      case "content_filter" -> FinishReason.BLOCKED;
      // tool_calls / function_call (no tools were offered, so no answer either), a server's own
      // words, or none at all
      default -> FinishReason.OTHER;
    };
  }

  private static String text(@Nullable JsonNode content) {
    if (content == null || content.isNull()) {
      return "";
    }
    if (content.isTextual()) {
      return content.asText();
    }
    if (content.isArray()) {
      StringBuilder sb = new StringBuilder();
      for (JsonNode part : content) {
        JsonNode t = part.get("text");
        if (t == null || !t.isTextual()) {
          throw protocol("chat/completions message.content has a part without text");
        }
        if (part.path("type").asText("text").equals("text")) {
          sb.append(t.asText());
        }
      }
      return sb.toString();
    }
    throw protocol(
        "chat/completions message.content is a "
            + content.getNodeType().name().toLowerCase(Locale.ROOT)
            + ", expected a string");
  }

  private static TokenUsage usage(ChatWire.@Nullable Usage u) {
    if (u == null) {
      return TokenUsage.ZERO;
    }
    long in = count(u.promptTokens(), "prompt_tokens");
    long completion = count(u.completionTokens(), "completion_tokens");
    long reasoning =
        u.completionTokensDetails() == null
            ? 0
            : count(
                u.completionTokensDetails().reasoningTokens(),
                "completion_tokens_details.reasoning_tokens");
    long cached =
        u.promptTokensDetails() == null
            ? 0
            : count(u.promptTokensDetails().cachedTokens(), "prompt_tokens_details.cached_tokens");
    // completion_tokens includes the reasoning tokens; TokenUsage counts them apart
    long visible = Math.max(0, completion - reasoning);
    long total =
        u.totalTokens() != null
            ? count(u.totalTokens(), "total_tokens")
            : (in > Long.MAX_VALUE - completion ? Long.MAX_VALUE : in + completion);
    return new TokenUsage(
        TokenUsage.saturated(in),
        TokenUsage.saturated(visible),
        TokenUsage.saturated(reasoning),
        TokenUsage.saturated(cached),
        TokenUsage.saturated(total));
  }

  private static long count(@Nullable Long n, String field) {
    if (n == null) {
      return 0;
    }
    if (n < 0) {
      throw protocol("usage." + field + " is negative: " + n);
    }
    return n;
  }

  static ProviderException protocol(String message) {
    return new PermanentProviderException(
        OpenAiTransport.PROVIDER, ProviderException.Kind.PROTOCOL, 200, null, message, null);
  }
}
