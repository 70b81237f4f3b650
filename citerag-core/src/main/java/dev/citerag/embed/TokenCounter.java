package dev.citerag.embed;

/**
 * A capability an {@link Embedder} may offer: it counts tokens with the model's own tokenizer and
 * knows the most tokens the model accepts in one input. An embedder without it is given chunks
 * sized by the estimate of about 4 characters per token only.
 *
 * <p>When the embedder passed to {@link dev.citerag.ingest.Ingestor} offers it, the default chunker
 * keeps every chunk within {@link #maxTokens()} by this count (splitting further where the estimate
 * alone would have let a chunk through), and the ingestor refuses a chunk from any chunker that
 * exceeds it, naming the document: text is never cut to fit.
 *
 * <p>Implementations are thread-safe.
 */
public interface TokenCounter {

  /**
   * Tokens the model sees when {@code text} is embedded as a document, special tokens (such as
   * BERT's {@code [CLS]} and {@code [SEP]}) included.
   *
   * @param text the passage, as it would be sent to {@link Embedder#embedDocuments}
   * @return the number of tokens, &gt;= 0
   * @throws IllegalArgumentException when {@code text} is null
   */
  int countTokens(String text);

  /** {@return the most tokens one input may hold, special tokens included; &gt; 0} */
  int maxTokens();
}
