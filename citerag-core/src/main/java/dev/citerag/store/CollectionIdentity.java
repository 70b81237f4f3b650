package dev.citerag.store;

import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a collection's vectors were made with. A store records it on first use and refuses to be
 * used with a different one ({@link dev.citerag.IdentityMismatchException}).
 *
 * @param embeddingProvider the embedder's provider, e.g. {@code onnx}, {@code gemini}
 * @param embeddingModel the embedding model's name
 * @param modelDigest the provider's digest of the model weights, or {@code null} when unknown
 * @param dimensions the vector length, &gt; 0
 * @param queryInstruction the prefix or task applied to queries, or {@code null} when none
 * @param chunkerSettings the chunker's {@link dev.citerag.ingest.Chunker#settingsDescription()}
 */
public record CollectionIdentity(
    String embeddingProvider,
    String embeddingModel,
    @Nullable String modelDigest,
    int dimensions,
    @Nullable String queryInstruction,
    String chunkerSettings) {

  /**
   * Checks the fields.
   *
   * @param embeddingProvider the embedder's provider, e.g. {@code onnx}, {@code gemini}
   * @param embeddingModel the embedding model's name
   * @param modelDigest the provider's digest of the model weights, or {@code null} when unknown
   * @param dimensions the vector length, &gt; 0
   * @param queryInstruction the prefix or task applied to queries, or {@code null} when none
   * @param chunkerSettings the chunker's {@link dev.citerag.ingest.Chunker#settingsDescription()}
   * @throws IllegalArgumentException when provider or model is blank, {@code dimensions} is not
   *     positive or {@code chunkerSettings} is null
   */
  public CollectionIdentity {
    Checks.notBlank(embeddingProvider, "embeddingProvider");
    Checks.notBlank(embeddingModel, "embeddingModel");
    Checks.positive(dimensions, "dimensions");
    Checks.notNull(chunkerSettings, "chunkerSettings");
  }

  /**
   * The identity of a collection written by this embedder and chunker.
   *
   * @param embedder the embedder's identity
   * @param chunkerSettings the chunker's settings description
   * @return the identity
   * @throws IllegalArgumentException when {@code chunkerSettings} is null
   */
  public static CollectionIdentity of(EmbedderIdentity embedder, String chunkerSettings) {
    return new CollectionIdentity(
        embedder.provider(),
        embedder.model(),
        embedder.digest(),
        embedder.dimensions(),
        embedder.queryInstruction(),
        chunkerSettings);
  }

  /**
   * Compares two identities field by field (used in {@link dev.citerag.IdentityMismatchException}
   * messages).
   *
   * @param other the identity to compare with, e.g. the one requested
   * @return one entry per field that differs, e.g. {@code dimensions: stored 384 vs requested 768};
   *     empty when the identities are equal
   */
  public List<String> differencesFrom(CollectionIdentity other) {
    List<String> d = new ArrayList<>();
    diff(d, "embeddingProvider", embeddingProvider, other.embeddingProvider);
    diff(d, "embeddingModel", embeddingModel, other.embeddingModel);
    diff(d, "modelDigest", modelDigest, other.modelDigest);
    diff(d, "dimensions", dimensions, other.dimensions);
    diff(d, "queryInstruction", queryInstruction, other.queryInstruction);
    diff(d, "chunkerSettings", chunkerSettings, other.chunkerSettings);
    return d;
  }

  /**
   * How {@code embedder} differs from the embedding recorded here, one entry per field that differs
   * (provider, model, digest, dimensions, query instruction; the chunker settings do not matter for
   * reading). A digest is compared only when both sides know one. Empty when a pipeline built with
   * this embedder may search the collection.
   *
   * @param embedder the identity of the embedder that would make the query vectors
   * @return one entry per field that differs; empty when the embedder matches
   */
  public List<String> embeddingDifferencesFrom(EmbedderIdentity embedder) {
    List<String> d = new ArrayList<>();
    diff(d, "embeddingProvider", embeddingProvider, embedder.provider());
    diff(d, "embeddingModel", embeddingModel, embedder.model());
    if (modelDigest != null && embedder.digest() != null) {
      diff(d, "modelDigest", modelDigest, embedder.digest());
    }
    diff(d, "dimensions", dimensions, embedder.dimensions());
    diff(d, "queryInstruction", queryInstruction, embedder.queryInstruction());
    return d;
  }

  private static void diff(List<String> out, String field, @Nullable Object a, @Nullable Object b) {
    if (!Objects.equals(a, b)) {
      out.add(field + ": stored " + a + " vs requested " + b);
    }
  }
}
