package dev.citerag.pipeline;

import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.internal.Checks;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One generation attempt as traced.
 *
 * @param number 1-based
 * @param rawReply the reply text, cut to {@link #MAX_RAW_CHARS} characters
 * @param finishReason mapped stop reason
 * @param providerFinishReason the provider's word
 * @param usage tokens of this attempt
 * @param model the model that answered
 * @param responseId the provider's response id, if any
 * @param issues what the parser/validator found
 * @param latency time of the generation call
 */
public record Attempt(
    int number,
    String rawReply,
    FinishReason finishReason,
    String providerFinishReason,
    TokenUsage usage,
    String model,
    @Nullable String responseId,
    List<ValidationIssue> issues,
    Duration latency) {

  public static final int MAX_RAW_CHARS = 65_536;

  public Attempt {
    Checks.positive(number, "number");
    Checks.notNull(rawReply, "rawReply");
    if (rawReply.length() > MAX_RAW_CHARS) {
      rawReply = rawReply.substring(0, MAX_RAW_CHARS);
    }
    Checks.notNull(finishReason, "finishReason");
    Checks.notNull(usage, "usage");
    issues = List.copyOf(Checks.noNullElements(issues, "issues"));
  }
}
