package dev.citerag.anthropic.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.http.internal.Secrets;
import dev.citerag.internal.SchemaTree;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Turns a {@link ChatRequest} into a {@code /v1/messages} body, and a reply into a {@link Decoded}
 * message and, for the JSON modes, a {@link ChatResponse}.
 */
public final class MessagesCodec {
  private MessagesCodec() {}

  /** The tool the model must call in {@link JsonMode#TOOL}. */
  public static final String TOOL_NAME = "citerag_answer";

  /** {@code providerFinishReason} when the reply has no {@code stop_reason}. */
  static final String NONE = "none";

  /** How the answer contract's JSON is asked for. */
  public enum JsonMode {
    /** {@code output_config: {format: {type: json_schema, schema}}}: constrained decoding. */
    OUTPUT_FORMAT,
    /** A tool whose {@code input_schema} is the schema, forced by {@code tool_choice}. */
    TOOL
  }

  /**
   * A decoded reply: its content blocks, the mapped stop reason, usage, model and id.
   *
   * @param blocks the content blocks that are not null, in order
   * @param finishReason the mapped stop reason
   * @param providerReason the API's {@code stop_reason}, scrubbed, or {@value #NONE}
   * @param usage the token counts
   * @param model the model the reply names, else the configured one
   * @param id the message id, or null
   */
  public record Decoded(
      List<MessagesWire.ContentBlock> blocks,
      FinishReason finishReason,
      String providerReason,
      TokenUsage usage,
      String model,
      @Nullable String id) {

    /** The text of every {@code text} block, concatenated. */
    public String text() {
      StringBuilder b = new StringBuilder();
      for (MessagesWire.ContentBlock c : blocks) {
        if ("text".equals(c.type()) && c.text() != null) {
          b.append(c.text());
        }
      }
      return b.toString();
    }

    /** The same reply with another text (what the trace keeps of it). */
    public ChatResponse response(String text) {
      return new ChatResponse(text, finishReason, providerReason, usage, model, id);
    }
  }

  /**
   * The body of a JSON-mode request: the request's system instruction and user content, the schema
   * as structured output or as a forced tool.
   *
   * @param temperature overrides the request's when not null
   * @param maxTokens overrides the request's output limit when not null
   */
  public static byte[] encodeJson(
      ChatRequest request,
      String model,
      JsonMode mode,
      @Nullable Double temperature,
      @Nullable Integer maxTokens) {
    JsonNode schema = SchemaTree.of(request.responseSchema());
    MessagesWire.Request body =
        new MessagesWire.Request(
            model,
            maxTokens != null ? maxTokens : request.maxOutputTokens(),
            temperature != null ? temperature : request.temperature(),
            request.systemInstruction(),
            List.of(
                new MessagesWire.Message(
                    "user", List.of(MessagesWire.Block.text(request.userContent())))),
            mode == JsonMode.OUTPUT_FORMAT
                ? new MessagesWire.OutputConfig(new MessagesWire.Format("json_schema", schema))
                : null,
            mode == JsonMode.TOOL
                ? List.of(
                    new MessagesWire.Tool(
                        TOOL_NAME, "Record the answer, with its claims and citations.", schema))
                : null,
            mode == JsonMode.TOOL ? new MessagesWire.ToolChoice("tool", TOOL_NAME) : null);
    return write(body);
  }

  /**
   * The body of a native-citations request: one plain-text document block per source with citations
   * enabled, then the text block.
   *
   * @param documents each document's text and title, in the order sent
   */
  public static byte[] encodeNative(
      String model,
      int maxTokens,
      double temperature,
      String system,
      List<String[]> documents,
      String text) {
    List<MessagesWire.Block> content = new ArrayList<>(documents.size() + 1);
    for (String[] d : documents) {
      content.add(MessagesWire.Block.document(d[0], d[1]));
    }
    content.add(MessagesWire.Block.text(text));
    return write(
        new MessagesWire.Request(
            model,
            maxTokens,
            temperature,
            system,
            List.of(new MessagesWire.Message("user", content)),
            null,
            null,
            null));
  }

  private static byte[] write(MessagesWire.Request body) {
    try {
      return Json.MAPPER.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      // Only records, strings, numbers and a JsonNode: cannot fail short of a Jackson bug.
      throw new IllegalStateException("cannot serialise a messages request", e);
    }
  }

  /**
   * The reply of an HTTP 2xx. Refusals and truncated replies are results, not exceptions.
   *
   * @param configuredModel the model to report when the reply names none
   * @param apiKey only to scrub it from server text
   * @throws PermanentProviderException kind {@code PROTOCOL} when the body is not a message
   */
  public static Decoded decode(byte[] body, String configuredModel, @Nullable String apiKey) {
    MessagesWire.Response r;
    try {
      r = Json.MAPPER.readValue(body, MessagesWire.Response.class);
    } catch (IOException e) {
      throw protocol(
          "messages reply is not the expected JSON ("
              + body.length
              + " bytes): "
              + Json.describe(e, apiKey));
    }
    if (r == null) {
      throw protocol("messages reply is JSON null");
    }
    if (r.type() != null && !r.type().equals("message")) {
      throw protocol("messages reply has type \"" + Secrets.scrub(r.type(), apiKey, 40) + "\"");
    }
    if (r.content() == null) {
      throw protocol("messages reply has no content");
    }
    List<MessagesWire.ContentBlock> blocks = new ArrayList<>();
    for (MessagesWire.ContentBlock b : r.content()) {
      if (b != null) {
        blocks.add(b);
      }
    }
    String model =
        r.model() != null && !r.model().isBlank()
            ? Secrets.scrub(r.model().strip(), apiKey, 128)
            : configuredModel;
    String id =
        r.id() != null && !r.id().isBlank() ? Secrets.scrub(r.id().strip(), apiKey, 128) : null;
    String reason =
        r.stopReason() != null && !r.stopReason().isBlank()
            ? Secrets.scrub(r.stopReason().strip(), apiKey, 64)
            : NONE;
    return new Decoded(blocks, finishReason(reason), reason, usage(r.usage()), model, id);
  }

  /**
   * The chat response of a JSON-mode reply: the text blocks ({@link JsonMode#OUTPUT_FORMAT}) or the
   * forced tool's input ({@link JsonMode#TOOL}); a refusal has no text.
   */
  public static ChatResponse toChatResponse(Decoded d, JsonMode mode) {
    if (d.finishReason() == FinishReason.BLOCKED) {
      // the model declined; its explanation is not an answer and is not passed on
      return d.response("");
    }
    if (mode == JsonMode.TOOL) {
      for (MessagesWire.ContentBlock b : d.blocks()) {
        if ("tool_use".equals(b.type()) && TOOL_NAME.equals(b.name()) && b.input() != null) {
          FinishReason f =
              d.providerReason().equals("tool_use") ? FinishReason.STOP : d.finishReason();
          return new ChatResponse(
              b.input().toString(), f, d.providerReason(), d.usage(), d.model(), d.id());
        }
      }
    }
    return d.response(d.text());
  }

  /**
   * Maps {@code stop_reason}: {@code end_turn} and {@code stop_sequence} are {@link
   * FinishReason#STOP}; {@code max_tokens} and {@code model_context_window_exceeded} {@link
   * FinishReason#LENGTH}; {@code refusal} {@link FinishReason#BLOCKED}; {@code tool_use}, {@code
   * pause_turn}, unknown and future values {@link FinishReason#OTHER}.
   */
  static FinishReason finishReason(String reason) {
    return switch (reason) {
      case "end_turn", "stop_sequence" -> FinishReason.STOP;
      case "max_tokens", "model_context_window_exceeded" -> FinishReason.LENGTH;
      case "refusal" -> FinishReason.BLOCKED;
      default -> FinishReason.OTHER;
    };
  }

  /**
   * Input is {@code input_tokens} plus the prompt tokens read from and written to the cache (the
   * API counts those apart); cached is the tokens read from the cache.
   */
  static TokenUsage usage(MessagesWire.@Nullable Usage u) {
    if (u == null) {
      return TokenUsage.ZERO;
    }
    long in = count(u.inputTokens(), "input_tokens");
    long created = count(u.cacheCreationInputTokens(), "cache_creation_input_tokens");
    long read = count(u.cacheReadInputTokens(), "cache_read_input_tokens");
    long out = count(u.outputTokens(), "output_tokens");
    long input = saturatedSum(saturatedSum(in, created), read);
    return new TokenUsage(
        TokenUsage.saturated(input),
        TokenUsage.saturated(out),
        0,
        TokenUsage.saturated(read),
        TokenUsage.saturated(saturatedSum(input, out)));
  }

  private static long saturatedSum(long a, long b) {
    return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
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
        AnthropicTransport.PROVIDER, ProviderException.Kind.PROTOCOL, 200, null, message, null);
  }
}
