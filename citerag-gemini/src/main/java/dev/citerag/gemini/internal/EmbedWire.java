package dev.citerag.gemini.internal;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** JSON shapes of {@code models/{model}:batchEmbedContents} (v1beta). */
final class EmbedWire {
  private EmbedWire() {}

  record BatchRequest(List<EmbedRequest> requests) {}

  /**
   * One text. {@code model} is {@code models/{model}} and must match the model in the URL; {@code
   * title} is sent only with {@code RETRIEVAL_DOCUMENT}.
   */
  record EmbedRequest(
      String model,
      Content content,
      String taskType,
      @Nullable String title,
      int outputDimensionality) {}

  record Content(List<TextPart> parts) {}

  record TextPart(String text) {}

  record BatchResponse(@Nullable List<@Nullable Embedding> embeddings) {}

  // a JSON wire type: read or written once, never compared or kept, so its array needs no copy
  @SuppressWarnings("ArrayRecordComponent")
  record Embedding(double @Nullable [] values) {}
}
