package dev.citerag.text.internal;

/**
 * Estimates tokens without a tokenizer: {@code ceil(chars / 4)} for text, the common rule of thumb
 * for English under BPE tokenizers (GPT, Gemini and Llama families land between 3.5 and 4.5
 * characters per token on prose). It errs high on code and numbers-heavy text, which keeps context
 * budgets conservative. Used for budgets and traces, never for billing.
 */
public final class TokenEstimator {
  private TokenEstimator() {}

  /** Characters per token assumed. */
  public static final int CHARS_PER_TOKEN = 4;

  public static int estimate(CharSequence text) {
    int n = text.length();
    return (n + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN;
  }
}
