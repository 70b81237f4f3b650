package dev.citerag.ollama.internal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Wire records of {@code POST /api/embed}, {@code GET /api/tags} and {@code POST /api/show}. */
final class EmbedWire {
  private EmbedWire() {}

  /** {@code truncate} is left out on purpose: the server's default ({@code true}) applies. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Request(
      String model,
      List<String> input,
      @Nullable Integer dimensions,
      @JsonProperty("keep_alive") @Nullable Object keepAlive) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  // a JSON wire type: read or written once, never compared or kept, so its array needs no copy
  @SuppressWarnings("ArrayRecordComponent")
  record Reply(
      @Nullable String model,
      float @Nullable [] @Nullable [] embeddings,
      @JsonProperty("total_duration") @Nullable Long totalDuration,
      @JsonProperty("load_duration") @Nullable Long loadDuration,
      @JsonProperty("prompt_eval_count") @Nullable Integer promptEvalCount,
      @Nullable JsonNode error) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record Tags(@Nullable List<TagModel> models) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record TagModel(
      @Nullable String name,
      @Nullable String model,
      @Nullable String digest,
      @Nullable TagDetails details) {}

  /** {@code embedding_length} appears in recent servers only. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record TagDetails(
      @Nullable String family,
      @JsonProperty("parameter_size") @Nullable String parameterSize,
      @JsonProperty("quantization_level") @Nullable String quantizationLevel,
      @JsonProperty("embedding_length") @Nullable Integer embeddingLength) {}

  record ShowRequest(String model) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record ShowReply(@JsonProperty("model_info") @Nullable Map<String, JsonNode> modelInfo) {}
}
