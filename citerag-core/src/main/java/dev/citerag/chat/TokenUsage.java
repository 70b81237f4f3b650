package dev.citerag.chat;

/**
 * Tokens a model call consumed, as the provider reported them. Providers omit counts they do not
 * know; those are 0 here. {@code outputTokens} excludes reasoning ("thinking") tokens, which are
 * counted separately in {@code reasoningTokens}. Sums saturate at {@link Integer#MAX_VALUE}: a
 * provider reporting absurd counts gives a large total, never a negative one (and never an
 * exception on the request path).
 *
 * @param inputTokens prompt tokens
 * @param outputTokens visible output tokens
 * @param reasoningTokens hidden reasoning tokens (Gemini's thoughts), 0 when none
 * @param cachedTokens prompt tokens served from a cache, 0 when none
 * @param totalTokens the provider's total, or the sum when it reports none
 */
public record TokenUsage(
    int inputTokens, int outputTokens, int reasoningTokens, int cachedTokens, int totalTokens) {

  /** No tokens at all: the usage of a step that made no model call. */
  public static final TokenUsage ZERO = new TokenUsage(0, 0, 0, 0, 0);

  /**
   * Checks the counts.
   *
   * @param inputTokens prompt tokens
   * @param outputTokens visible output tokens
   * @param reasoningTokens hidden reasoning tokens (Gemini's thoughts), 0 when none
   * @param cachedTokens prompt tokens served from a cache, 0 when none
   * @param totalTokens the provider's total, or the sum when it reports none
   * @throws IllegalArgumentException when a count is negative
   */
  public TokenUsage {
    if (inputTokens < 0
        || outputTokens < 0
        || reasoningTokens < 0
        || cachedTokens < 0
        || totalTokens < 0) {
      throw new IllegalArgumentException("token counts must be >= 0");
    }
  }

  /**
   * Usage with no cached tokens and the total computed as input + output + reasoning (saturating).
   *
   * @param inputTokens prompt tokens, &gt;= 0
   * @param outputTokens visible output tokens, &gt;= 0
   * @param reasoningTokens hidden reasoning tokens, &gt;= 0
   * @return the usage
   * @throws IllegalArgumentException when a count is negative
   */
  public static TokenUsage of(int inputTokens, int outputTokens, int reasoningTokens) {
    return new TokenUsage(
        inputTokens,
        outputTokens,
        reasoningTokens,
        0,
        saturated((long) inputTokens + outputTokens + reasoningTokens));
  }

  /**
   * Adds two usages, e.g. the calls of several attempts.
   *
   * @param other the usage to add
   * @return a new usage, field by field the sums, each saturating at {@link Integer#MAX_VALUE}
   */
  public TokenUsage plus(TokenUsage other) {
    return new TokenUsage(
        saturated((long) inputTokens + other.inputTokens),
        saturated((long) outputTokens + other.outputTokens),
        saturated((long) reasoningTokens + other.reasoningTokens),
        saturated((long) cachedTokens + other.cachedTokens),
        saturated((long) totalTokens + other.totalTokens));
  }

  /**
   * Caps a sum of counts at {@link Integer#MAX_VALUE}.
   *
   * @param n a sum computed in {@code long}
   * @return {@code n}, or {@link Integer#MAX_VALUE} when it is larger (a negative {@code n} is
   *     returned as is, for the constructor to reject)
   */
  public static int saturated(long n) {
    return n > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) n;
  }
}
