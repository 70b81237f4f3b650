package dev.citerag.pipeline;

import dev.citerag.answer.ValidationIssue;
import dev.citerag.answer.VerificationUsage;
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
 * @param rawReply the reply text, cut to {@link #MAX_RAW_CHARS} characters: the debug field, the
 *     only place where a rejected reply's text is kept (never shown as an answer)
 * @param finishReason mapped stop reason
 * @param providerFinishReason the provider's word
 * @param usage tokens of this attempt
 * @param model the model that answered
 * @param responseId the provider's response id, if any
 * @param issues what the parser/validator found
 * @param latency time of the generation call
 * @param verification model calls, tokens and time the support verifier spent on this attempt
 *     ({@link VerificationUsage#NONE} for the deterministic verifier)
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
    Duration latency,
    VerificationUsage verification) {

  /** The longest raw reply kept in a trace, in characters (UTF-16 units); longer ones are cut. */
  public static final int MAX_RAW_CHARS = 65_536;

  /**
   * Checks the fields, cuts the raw reply to {@link #MAX_RAW_CHARS} and copies the issues.
   *
   * @param number 1-based
   * @param rawReply the reply text, cut to {@link #MAX_RAW_CHARS} characters: the debug field, the
   *     only place where a rejected reply's text is kept (never shown as an answer)
   * @param finishReason mapped stop reason
   * @param providerFinishReason the provider's word
   * @param usage tokens of this attempt
   * @param model the model that answered
   * @param responseId the provider's response id, if any
   * @param issues what the parser/validator found
   * @param latency time of the generation call
   * @param verification model calls, tokens and time the support verifier spent on this attempt
   *     ({@link VerificationUsage#NONE} for the deterministic verifier)
   * @throws IllegalArgumentException when {@code number} is not positive, or a non-null field is
   *     null
   */
  public Attempt {
    Checks.positive(number, "number");
    Checks.notNull(rawReply, "rawReply");
    if (rawReply.length() > MAX_RAW_CHARS) {
      rawReply = rawReply.substring(0, MAX_RAW_CHARS);
    }
    Checks.notNull(finishReason, "finishReason");
    Checks.notNull(usage, "usage");
    issues = List.copyOf(Checks.noNullElements(issues, "issues"));
    Checks.notNull(verification, "verification");
  }

  /**
   * An attempt whose support verification called no model ({@link VerificationUsage#NONE}).
   *
   * @param number 1-based
   * @param rawReply the reply text (cut to {@link #MAX_RAW_CHARS} characters)
   * @param finishReason mapped stop reason
   * @param providerFinishReason the provider's word
   * @param usage tokens of this attempt
   * @param model the model that answered
   * @param responseId the provider's response id, or {@code null}
   * @param issues what the parser and validator found
   * @param latency time of the generation call
   */
  public Attempt(
      int number,
      String rawReply,
      FinishReason finishReason,
      String providerFinishReason,
      TokenUsage usage,
      String model,
      @Nullable String responseId,
      List<ValidationIssue> issues,
      Duration latency) {
    this(
        number,
        rawReply,
        finishReason,
        providerFinishReason,
        usage,
        model,
        responseId,
        issues,
        latency,
        VerificationUsage.NONE);
  }
}
