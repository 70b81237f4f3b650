package dev.citerag.answer;

import dev.citerag.chat.TokenUsage;
import dev.citerag.internal.Checks;
import java.time.Duration;

/**
 * What support verification cost: model calls, their tokens and time (all zero for the
 * deterministic verifier).
 *
 * @param calls model calls made
 * @param tokens tokens they consumed
 * @param latency time they took
 */
public record VerificationUsage(int calls, TokenUsage tokens, Duration latency) {

  /** No model call. */
  public static final VerificationUsage NONE =
      new VerificationUsage(0, TokenUsage.ZERO, Duration.ZERO);

  /**
   * Checks the fields.
   *
   * @param calls model calls made
   * @param tokens tokens they consumed
   * @param latency time they took
   * @throws IllegalArgumentException when {@code calls} or {@code latency} is negative, or a field
   *     is null
   */
  public VerificationUsage {
    Checks.nonNegative(calls, "calls");
    Checks.notNull(tokens, "tokens");
    Checks.notNull(latency, "latency");
    if (latency.isNegative()) {
      throw new IllegalArgumentException("latency must be >= 0, was " + latency);
    }
  }

  /**
   * Adds two usages.
   *
   * @param o the usage to add
   * @return calls, tokens (saturating) and latencies summed
   */
  public VerificationUsage plus(VerificationUsage o) {
    return new VerificationUsage(calls + o.calls, tokens.plus(o.tokens), latency.plus(o.latency));
  }
}
