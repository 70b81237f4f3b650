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

  public static final ChunkerSettings DEFAULT = new ChunkerSettings(300, 40, false);

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

  public String describe() {
    return "markdown-v1:max=" + maxTokens + ",overlap=" + overlapTokens + ",faq=" + faqMode;
  }
}
