package dev.citerag.gemini.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** JSON shapes of {@code models/{model}:generateContent} (v1beta), request and response. */
final class ChatWire {
  private ChatWire() {}

  // ---- request ----

  record Request(
      Content systemInstruction, List<Content> contents, GenerationConfig generationConfig) {}

  /** {@code role} is {@code user} or {@code model}; a system instruction has none. */
  record Content(@Nullable String role, List<TextPart> parts) {}

  record TextPart(String text) {}

  record GenerationConfig(
      double temperature,
      int maxOutputTokens,
      String responseMimeType,
      JsonNode responseJsonSchema,
      @Nullable ThinkingConfig thinkingConfig) {}

  record ThinkingConfig(int thinkingBudget) {}

  // ---- response (every field optional: proto3 JSON omits defaults) ----

  record Response(
      @Nullable List<@Nullable Candidate> candidates,
      @Nullable PromptFeedback promptFeedback,
      @Nullable UsageMetadata usageMetadata,
      @Nullable String modelVersion,
      @Nullable String responseId) {}

  /** {@code finishReason} stays a String so that values added to the API never break parsing. */
  record Candidate(@Nullable CandidateContent content, @Nullable String finishReason) {}

  record CandidateContent(@Nullable String role, @Nullable List<@Nullable Part> parts) {}

  /** {@code thought: true} marks a thought summary, which is not part of the answer. */
  record Part(@Nullable String text, @Nullable Boolean thought) {}

  record PromptFeedback(@Nullable String blockReason) {}

  record UsageMetadata(
      @Nullable Integer promptTokenCount,
      @Nullable Integer candidatesTokenCount,
      @Nullable Integer thoughtsTokenCount,
      @Nullable Integer cachedContentTokenCount,
      @Nullable Integer totalTokenCount) {}
}
