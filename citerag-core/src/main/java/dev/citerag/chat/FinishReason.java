package dev.citerag.chat;

/**
 * Why a model stopped, mapped from each provider's own vocabulary. The provider's word is kept
 * verbatim in {@link ChatResponse#providerFinishReason()}.
 */
public enum FinishReason {
  /** A natural stop: the reply is complete. */
  STOP,
  /** The output token limit was reached: the reply is truncated (possibly empty). */
  LENGTH,
  /**
   * The provider refused or filtered the prompt or the reply (safety, recitation, blocklist...).
   */
  BLOCKED,
  /** Anything else the provider reports, including values unknown when this library was built. */
  OTHER
}
