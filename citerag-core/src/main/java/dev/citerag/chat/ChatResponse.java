package dev.citerag.chat;

import dev.citerag.internal.Checks;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a model returned. A blocked or truncated reply is a normal response with the matching {@link
 * FinishReason}, not an exception: the pipeline turns it into a typed result.
 *
 * @param text the visible reply text (reasoning/thought parts excluded); may be empty
 * @param finishReason the mapped stop reason
 * @param providerFinishReason the provider's own word, e.g. {@code MAX_TOKENS}, {@code
 *     PROMPT_BLOCKED:SAFETY}, {@code length}
 * @param usage tokens consumed
 * @param model the model that answered, as the provider names it (Gemini's modelVersion)
 * @param responseId the provider's response id, when it sends one
 */
public record ChatResponse(
    String text,
    FinishReason finishReason,
    String providerFinishReason,
    TokenUsage usage,
    String model,
    @Nullable String responseId) {

  /**
   * Checks the fields.
   *
   * @param text the visible reply text
   * @param finishReason the mapped stop reason
   * @param providerFinishReason the provider's own word
   * @param usage tokens consumed
   * @param model the model that answered
   * @param responseId the provider's response id, or {@code null}
   * @throws IllegalArgumentException when a field other than {@code responseId} is null
   */
  public ChatResponse {
    Checks.notNull(text, "text");
    Checks.notNull(finishReason, "finishReason");
    Checks.notNull(providerFinishReason, "providerFinishReason");
    Checks.notNull(usage, "usage");
    Checks.notNull(model, "model");
  }

  /** {@return the provider's response id, or empty when it sent none} */
  public Optional<String> responseIdOption() {
    return Optional.ofNullable(responseId);
  }
}
