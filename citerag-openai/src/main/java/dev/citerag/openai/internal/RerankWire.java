package dev.citerag.openai.internal;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** JSON shapes of the rerank requests; field names in snake_case by {@link Json#MAPPER}. */
final class RerankWire {
  private RerankWire() {}

  /** The Cohere shape: {@code top_n} asks for every document back. */
  record Request(@Nullable String model, String query, List<String> documents, int topN) {}

  /** TEI's shape: {@code return_text} false, the texts are not echoed. */
  record TeiRequest(String query, List<String> texts, boolean returnText) {}
}
