package dev.citerag.embed;

import dev.citerag.internal.Checks;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Exactly which model makes an embedder's vectors. Stores record it so that vectors of two
 * different models are never mixed in one collection.
 *
 * @param provider e.g. {@code local}, {@code gemini}, {@code ollama}
 * @param model the model name, e.g. {@code gemini-embedding-001}
 * @param digest the provider's content digest of the model weights, when it reports one (Ollama)
 * @param dimensions the vector length, &gt; 0
 * @param queryInstruction the prefix or task applied to queries only, when any
 */
public record EmbedderIdentity(
    String provider,
    String model,
    @Nullable String digest,
    int dimensions,
    @Nullable String queryInstruction) {

  /**
   * Checks the fields.
   *
   * @param provider e.g. {@code onnx}, {@code gemini}; not blank
   * @param model the model name; not blank
   * @param digest the weights' digest, or {@code null}
   * @param dimensions the vector length, &gt; 0
   * @param queryInstruction the query prefix or task, or {@code null}
   * @throws IllegalArgumentException when provider or model is blank or dimensions not positive
   */
  public EmbedderIdentity {
    Checks.notBlank(provider, "provider");
    Checks.notBlank(model, "model");
    Checks.positive(dimensions, "dimensions");
  }

  /** {@return the weights' digest, or empty when the provider reports none} */
  public Optional<String> digestOption() {
    return Optional.ofNullable(digest);
  }

  /** {@return the query prefix or task, or empty when queries are embedded as they are} */
  public Optional<String> queryInstructionOption() {
    return Optional.ofNullable(queryInstruction);
  }
}
