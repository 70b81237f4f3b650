package dev.citerag.chat;

/**
 * Tokens a model call consumed, as the provider reported them. Providers omit counts they do not
 * know; those are 0 here. {@code outputTokens} excludes reasoning ("thinking") tokens, which are
 * counted separately in {@code reasoningTokens}.
 *
 * @param inputTokens prompt tokens
 * @param outputTokens visible output tokens
 * @param reasoningTokens hidden reasoning tokens (Gemini's thoughts), 0 when none
 * @param cachedTokens prompt tokens served from a cache, 0 when none
 * @param totalTokens the provider's total, or the sum when it reports none
 */
public record TokenUsage(
    int inputTokens, int outputTokens, int reasoningTokens, int cachedTokens, int totalTokens) {

  public static final TokenUsage ZERO = new TokenUsage(0, 0, 0, 0, 0);

  public TokenUsage {
    if (inputTokens < 0 || outputTokens < 0 || reasoningTokens < 0 || cachedTokens < 0
        || totalTokens < 0) {
      throw new IllegalArgumentException("token counts must be >= 0");
    }
  }

  /** Usage with the total computed as input + output + reasoning. */
  public static TokenUsage of(int inputTokens, int outputTokens, int reasoningTokens) {
    return new TokenUsage(
        inputTokens, outputTokens, reasoningTokens, 0, inputTokens + outputTokens + reasoningTokens);
  }

  public TokenUsage plus(TokenUsage other) {
    return new TokenUsage(
        inputTokens + other.inputTokens,
        outputTokens + other.outputTokens,
        reasoningTokens + other.reasoningTokens,
        cachedTokens + other.cachedTokens,
        totalTokens + other.totalTokens);
  }
}
