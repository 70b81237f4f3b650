package dev.citerag.openai.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * JSON shapes of {@code POST /chat/completions} (non-streaming), request and response. Field names
 * are written in snake_case by {@link Json#MAPPER}.
 */
final class ChatWire {
  private ChatWire() {}

  // ---- request ----

  /** Exactly one of {@code maxTokens} / {@code maxCompletionTokens} is set. */
  record Request(
      String model,
      List<Message> messages,
      double temperature,
      @Nullable Integer maxTokens,
      @Nullable Integer maxCompletionTokens,
      ResponseFormat responseFormat,
      boolean stream) {}

  /** {@code role} is {@code system} or {@code user}. */
  record Message(String role, String content) {}

  /** {@code type} is {@code json_schema} (with {@code jsonSchema}) or {@code json_object}. */
  record ResponseFormat(String type, @Nullable JsonSchema jsonSchema) {}

  record JsonSchema(String name, boolean strict, JsonNode schema) {}

  // ---- response (every field optional: compatible servers leave out what they do not know) ----

  record Response(
      @Nullable String id,
      @Nullable String model,
      @Nullable List<@Nullable Choice> choices,
      @Nullable Usage usage) {}

  /** {@code finishReason} stays a String so that values servers add never break parsing. */
  record Choice(@Nullable ResponseMessage message, @Nullable String finishReason) {}

  /**
   * {@code content} is a string or null on OpenAI; some servers send an array of {@code {type:
   * text, text}} parts. {@code refusal} is set when the model declined to answer.
   */
  record ResponseMessage(@Nullable JsonNode content, @Nullable String refusal) {}

  /** Counts as {@code long}: a server reporting absurd numbers must not break parsing. */
  record Usage(
      @Nullable Long promptTokens,
      @Nullable Long completionTokens,
      @Nullable Long totalTokens,
      @Nullable PromptTokensDetails promptTokensDetails,
      @Nullable CompletionTokensDetails completionTokensDetails) {}

  record PromptTokensDetails(@Nullable Long cachedTokens) {}

  record CompletionTokensDetails(@Nullable Long reasoningTokens) {}
}
