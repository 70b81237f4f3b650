package dev.citerag.openai.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** JSON shapes of {@code POST /embeddings}; field names in snake_case by {@link Json#MAPPER}. */
final class EmbedWire {
  private EmbedWire() {}

  /** {@code dimensions} only when asked for; {@code encoding_format} always {@code float}. */
  record Request(
      String model, List<String> input, String encodingFormat, @Nullable Integer dimensions) {}

  record Response(@Nullable List<@Nullable Item> data, @Nullable String model) {}

  /** {@code embedding} stays a tree: a server answering base64 must give a clear error. */
  record Item(@Nullable Integer index, @Nullable JsonNode embedding) {}
}
