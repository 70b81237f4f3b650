package dev.citerag.ollama.internal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Wire records of {@code POST /api/chat}. Field names follow Ollama's {@code api/types.go}. */
final class ChatWire {
  private ChatWire() {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Request(
      String model,
      List<Message> messages,
      boolean stream,
      JsonNode format,
      Options options,
      Object think,
      @JsonProperty("keep_alive") @Nullable Object keepAlive) {}

  record Message(String role, String content) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Options(
      double temperature,
      @Nullable Integer seed,
      @JsonProperty("num_ctx") @Nullable Integer numCtx,
      @JsonProperty("num_predict") int numPredict) {}

  /** One reply object: the whole reply, or one NDJSON line of a streamed one. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record Reply(
      @Nullable String model,
      @JsonProperty("created_at") @Nullable String createdAt,
      @Nullable ReplyMessage message,
      @Nullable Boolean done,
      @JsonProperty("done_reason") @Nullable String doneReason,
      @JsonProperty("total_duration") @Nullable Long totalDuration,
      @JsonProperty("load_duration") @Nullable Long loadDuration,
      @JsonProperty("prompt_eval_count") @Nullable Integer promptEvalCount,
      @JsonProperty("prompt_eval_duration") @Nullable Long promptEvalDuration,
      @JsonProperty("eval_count") @Nullable Integer evalCount,
      @JsonProperty("eval_duration") @Nullable Long evalDuration,
      @Nullable JsonNode error) {}

  /** {@code thinking} is read only to be ignored explicitly; it never reaches the caller. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record ReplyMessage(@Nullable String role, @Nullable String content, @Nullable String thinking) {}
}
