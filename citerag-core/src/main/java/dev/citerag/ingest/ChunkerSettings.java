package dev.citerag.ingest;

import dev.citerag.internal.Checks;

/**
 * Size limits of {@link MarkdownChunker}.
 *
 * @param maxTokens the most estimated tokens a chunk may hold, heading prefix included (default
 *     300)
 * @param overlapTokens how much of the previous piece is repeated at the start of the next when a
 *     section must be split (default 40); must be less than half of {@code maxTokens}
 * @param faqMode when true, a heading that ends with {@code ?} and its answer form one chunk each
 *     (if it fits)
 */
public record ChunkerSettings(int maxTokens, int overlapTokens, boolean faqMode) {

  /** 300 tokens per chunk, 40 tokens of overlap, FAQ mode off. */
  public static final ChunkerSettings DEFAULT = new ChunkerSettings(300, 40, false);

  /**
   * Checks the limits.
   *
   * @param maxTokens the most estimated tokens a chunk may hold, heading prefix included (default
   *     300)
   * @param overlapTokens how much of the previous piece is repeated at the start of the next when a
   *     section must be split (default 40); must be less than half of {@code maxTokens}
   * @param faqMode when true, a heading that ends with {@code ?} and its answer form one chunk each
   *     (if it fits)
   * @throws IllegalArgumentException when {@code maxTokens} is outside 32..8192, {@code
   *     overlapTokens} is negative, or {@code overlapTokens * 2 >= maxTokens}
   */
  public ChunkerSettings {
    Checks.inRange(maxTokens, 32, 8192, "maxTokens");
    Checks.nonNegative(overlapTokens, "overlapTokens");
    if (overlapTokens * 2 >= maxTokens) {
      throw new IllegalArgumentException(
          "overlapTokens must be < maxTokens / 2, was "
              + overlapTokens
              + " with maxTokens "
              + maxTokens);
    }
  }

  /**
   * {@return the settings as the chunker records them in a collection's identity, e.g. {@code
   * markdown-v1:max=300,overlap=40,faq=false}}
   */
  public String describe() {
    return "markdown-v1:max=" + maxTokens + ",overlap=" + overlapTokens + ",faq=" + faqMode;
  }
}
