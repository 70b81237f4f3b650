package dev.citerag.gemini.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.http.internal.Secrets;
import java.io.IOException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Turns a {@link ChatRequest} into a {@code generateContent} body and the reply into a {@link
 * ChatResponse}.
 */
public final class ChatCodec {
  private ChatCodec() {}

  /** {@code providerFinishReason} prefix of a prompt the API refused before generating anything. */
  public static final String PROMPT_BLOCKED = "PROMPT_BLOCKED:";

  /** The proto default, which proto3 JSON leaves out: what an absent {@code finishReason} means. */
  static final String UNSPECIFIED = "FINISH_REASON_UNSPECIFIED";

  /**
   * The request body.
   *
   * @param temperature overrides the request's temperature when not null
   * @param maxOutputTokens overrides the request's output limit when not null
   * @param thinkingBudget sent as {@code thinkingConfig.thinkingBudget} when not null
   */
  public static byte[] encode(
      ChatRequest request,
      @Nullable Double temperature,
      @Nullable Integer maxOutputTokens,
      @Nullable Integer thinkingBudget) {
    ChatWire.Request body =
        new ChatWire.Request(
            new ChatWire.Content(null, List.of(new ChatWire.TextPart(request.systemInstruction()))),
            List.of(
                new ChatWire.Content(
                    "user", List.of(new ChatWire.TextPart(request.userContent())))),
            new ChatWire.GenerationConfig(
                temperature != null ? temperature : request.temperature(),
                maxOutputTokens != null ? maxOutputTokens : request.maxOutputTokens(),
                "application/json",
                request.responseSchemaView(),
                thinkingBudget != null ? new ChatWire.ThinkingConfig(thinkingBudget) : null));
    try {
      return Json.MAPPER.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      // Only records, strings, numbers and a JsonNode: cannot fail short of a Jackson bug.
      throw new IllegalStateException("cannot serialise a generateContent request", e);
    }
  }

  /**
   * The response of an HTTP 200. Blocks and truncation are results, not exceptions.
   *
   * @param configuredModel the model to report when the reply names none
   * @param apiKey only to scrub it from error text (the parser quotes the body it choked on); the
   *     parser's exception is not kept as the cause for the same reason
   * @throws PermanentProviderException kind {@code PROTOCOL} when the body is not JSON or has
   *     neither {@code candidates} nor {@code promptFeedback}
   */
  public static ChatResponse decode(byte[] body, String configuredModel, String apiKey) {
    ChatWire.Response r;
    try {
      r = Json.MAPPER.readValue(body, ChatWire.Response.class);
    } catch (IOException e) {
      throw protocol(
          "generateContent reply is not the expected JSON ("
              + body.length
              + " bytes): "
              + Json.describe(e, apiKey),
          null);
    }
    if (r == null) {
      throw protocol("generateContent reply is JSON null", null);
    }
    // Every string the server chose is scrubbed before it enters a result, a trace or a message.
    String model =
        r.modelVersion() != null && !r.modelVersion().isBlank()
            ? Secrets.scrubId(r.modelVersion(), apiKey)
            : configuredModel;
    String responseId = r.responseId() == null ? null : Secrets.scrubId(r.responseId(), apiKey);
    TokenUsage usage = usage(r.usageMetadata());
    ChatWire.Candidate first = firstCandidate(r.candidates());
    if (first == null) {
      if (r.promptFeedback() == null) {
        throw protocol("generateContent reply has neither candidates nor promptFeedback", null);
      }
      String block =
          r.promptFeedback().blockReason() == null
              ? null
              : Secrets.scrubId(r.promptFeedback().blockReason(), apiKey);
      if (block == null || block.isBlank()) {
        // No candidate and no stated reason: nothing was generated, for reasons unknown.
        return new ChatResponse("", FinishReason.OTHER, "NO_CANDIDATES", usage, model, responseId);
      }
      return new ChatResponse(
          "", FinishReason.BLOCKED, PROMPT_BLOCKED + block, usage, model, responseId);
    }
    String providerReason =
        first.finishReason() != null && !first.finishReason().isBlank()
            ? Secrets.scrubId(first.finishReason(), apiKey)
            : UNSPECIFIED;
    return new ChatResponse(
        text(first.content()),
        finishReason(providerReason),
        providerReason,
        usage,
        model,
        responseId);
  }

  /**
   * Maps Gemini's {@code finishReason}; unknown and future values become {@link
   * FinishReason#OTHER}.
   */
  static FinishReason finishReason(String reason) {
    return switch (reason) {
      case "STOP" -> FinishReason.STOP;
      case "MAX_TOKENS" -> FinishReason.LENGTH;
      case "SAFETY", "RECITATION", "LANGUAGE", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII" ->
          FinishReason.BLOCKED;
      // IMAGE_SAFETY, IMAGE_PROHIBITED_CONTENT, IMAGE_RECITATION, IMAGE_OTHER; not NO_IMAGE.
      default -> reason.startsWith("IMAGE_") ? FinishReason.BLOCKED : FinishReason.OTHER;
    };
  }

  private static ChatWire.@Nullable Candidate firstCandidate(
      @Nullable List<ChatWire.@Nullable Candidate> cs) {
    if (cs == null || cs.isEmpty()) {
      return null;
    }
    ChatWire.Candidate c = cs.get(0);
    if (c == null) {
      throw protocol("generateContent reply has a null candidate", null);
    }
    return c;
  }

  /** The answer: the text of every part that is not a thought summary, in order. */
  private static String text(ChatWire.@Nullable CandidateContent content) {
    if (content == null || content.parts() == null) {
      return "";
    }
    StringBuilder sb = new StringBuilder();
    for (ChatWire.Part p : content.parts()) {
      if (p != null && p.text() != null && !Boolean.TRUE.equals(p.thought())) {
        sb.append(p.text());
      }
    }
    return sb.toString();
  }

  private static TokenUsage usage(ChatWire.@Nullable UsageMetadata u) {
    if (u == null) {
      return TokenUsage.ZERO;
    }
    int in = count(u.promptTokenCount(), "promptTokenCount");
    int out = count(u.candidatesTokenCount(), "candidatesTokenCount");
    int thoughts = count(u.thoughtsTokenCount(), "thoughtsTokenCount");
    int cached = count(u.cachedContentTokenCount(), "cachedContentTokenCount");
    int total =
        u.totalTokenCount() != null
            ? count(u.totalTokenCount(), "totalTokenCount")
            : TokenUsage.saturated((long) in + out + thoughts);
    return new TokenUsage(in, out, thoughts, cached, total);
  }

  private static int count(@Nullable Integer n, String field) {
    if (n == null) {
      return 0; // proto3 JSON leaves zero counts out
    }
    if (n < 0) {
      throw protocol("usageMetadata." + field + " is negative: " + n, null);
    }
    return n;
  }

  static ProviderException protocol(String message, @Nullable Throwable cause) {
    return new PermanentProviderException(
        GeminiTransport.PROVIDER, ProviderException.Kind.PROTOCOL, 200, null, message, cause);
  }
}
