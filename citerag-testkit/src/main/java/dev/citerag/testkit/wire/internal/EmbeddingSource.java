package dev.citerag.testkit.wire.internal;

import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.testkit.fakes.DeterministicEmbedder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Where a wire fake's embedding vectors come from: a test's own {@link Embedder} (fixed length;
 * shorter requested lengths are cut from the end like Matryoshka models), or, by default, a {@link
 * DeterministicEmbedder} per requested length (so a short vector is never empty).
 */
public final class EmbeddingSource {

  /** Thrown when the requested length cannot be served. */
  public static final class DimensionsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    DimensionsException(String message) {
      super(message);
    }
  }

  private final @Nullable Embedder fixed;
  private final int nativeDimensions;
  private final Map<Integer, DeterministicEmbedder> byDims = new HashMap<>();

  private EmbeddingSource(@Nullable Embedder fixed, int nativeDimensions) {
    this.fixed = fixed;
    this.nativeDimensions = nativeDimensions;
  }

  public static EmbeddingSource deterministic(int nativeDimensions) {
    return new EmbeddingSource(null, nativeDimensions);
  }

  public static EmbeddingSource of(Embedder embedder) {
    return new EmbeddingSource(embedder, embedder.identity().dimensions());
  }

  public int nativeDimensions() {
    return nativeDimensions;
  }

  /**
   * A vector of {@code dims} components (native length when null). The native-length vector is a
   * unit vector; a shorter one is, like a prefix cut from a Matryoshka embedding, shorter than 1.
   *
   * @throws DimensionsException when {@code dims} is not in 1..native
   */
  public float[] vector(
      boolean query, String text, @Nullable String title, @Nullable Integer dims) {
    int n = dims == null ? nativeDimensions : dims;
    if (n < 1 || n > nativeDimensions) {
      throw new DimensionsException(
          "requested " + n + " dimensions, the model has " + nativeDimensions);
    }
    if (fixed != null) {
      float[] v =
          query
              ? fixed.embedQuery(text)
              : fixed.embedDocuments(List.of(new DocumentText(text, title))).get(0);
      if (n == v.length) {
        return v;
      }
      float[] cut = new float[n];
      System.arraycopy(v, 0, cut, 0, n);
      return cut;
    }
    DeterministicEmbedder e;
    synchronized (byDims) {
      e =
          byDims.computeIfAbsent(
              n,
              d ->
                  DeterministicEmbedder.builder()
                      .dimensions(Math.max(4, d))
                      .controlledAxes(1)
                      .build());
    }
    float[] v =
        query
            ? e.embedQuery(text)
            : e.embedDocuments(List.of(new DocumentText(text, title))).get(0);
    float[] out = new float[n];
    System.arraycopy(v, 0, out, 0, n);
    if (n < nativeDimensions) {
      // a prefix of a longer unit vector is shorter than 1: mimic that
      float scale = (float) Math.sqrt((double) n / nativeDimensions);
      for (int i = 0; i < n; i++) {
        out[i] *= scale;
      }
    }
    return out;
  }
}
