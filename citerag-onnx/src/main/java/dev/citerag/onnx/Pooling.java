package dev.citerag.onnx;

/** How one vector is made from the model's per-token output ({@code last_hidden_state}). */
public enum Pooling {
  /** The first token's vector ({@code [CLS]}): the BGE family. */
  CLS,
  /**
   * The mean of the vectors of the real tokens (padding excluded): sentence-transformers models.
   */
  MEAN;

  /** {@return the lower-case name recorded in the embedder's identity, e.g. {@code cls}} */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
