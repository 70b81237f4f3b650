package dev.citerag.testkit.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.testkit.fakes.internal.Json;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Gemini's {@code embedContent} and {@code batchEmbedContents} as the fake serves them: request
 * checks in the API's words, vectors from the server's {@link EmbeddingSource}.
 */
final class GeminiEmbeddings {

  /** Fields of one embedContent request. */
  static final Set<String> EMBED_FIELDS =
      Set.of("model", "content", "taskType", "title", "outputDimensionality");

  static final Set<String> QUERY_TASKS =
      Set.of("RETRIEVAL_QUERY", "CODE_RETRIEVAL_QUERY", "QUESTION_ANSWERING", "FACT_VERIFICATION");

  private final GeminiProtocol.Settings settings;

  GeminiEmbeddings(GeminiProtocol.Settings settings) {
    this.settings = settings;
  }

  FakeHttp.Reply one(String model, JsonNode body) {
    FakeHttp.Reply check = checkEmbedRequest(body, model, false);
    if (check != null) {
      return check;
    }
    ObjectNode root = Json.MAPPER.createObjectNode();
    try {
      putValues(root.putObject("embedding"), vector(body));
    } catch (EmbeddingSource.DimensionsException e) {
      return GeminiProtocol.error(
          400,
          "INVALID_ARGUMENT",
          "* EmbedContentRequest.output_dimensionality: " + e.getMessage() + "\n");
    }
    return FakeHttp.Reply.json(200, root.toString());
  }

  FakeHttp.Reply batch(String model, JsonNode body) {
    String unknown = WireSupport.unknownField(body, Set.of("requests"));
    if (unknown != null) {
      return GeminiProtocol.invalidField(unknown, null);
    }
    JsonNode requests = body.get("requests");
    if (requests == null || !requests.isArray() || requests.isEmpty()) {
      return GeminiProtocol.error(
          400,
          "INVALID_ARGUMENT",
          "* BatchEmbedContentsRequest.requests: requests is not specified\n");
    }
    if (requests.size() > 100) {
      return GeminiProtocol.error(
          400,
          "INVALID_ARGUMENT",
          "* BatchEmbedContentsRequest.requests: at most 100 requests can be in one batch\n");
    }
    ObjectNode root = Json.MAPPER.createObjectNode();
    ArrayNode out = root.putArray("embeddings");
    for (JsonNode r : requests) {
      FakeHttp.Reply check = checkEmbedRequest(r, model, true);
      if (check != null) {
        return check;
      }
      try {
        putValues(out.addObject(), vector(r));
      } catch (EmbeddingSource.DimensionsException e) {
        return GeminiProtocol.error(
            400,
            "INVALID_ARGUMENT",
            "* BatchEmbedContentsRequest.requests[].output_dimensionality: "
                + e.getMessage()
                + "\n");
      }
    }
    return FakeHttp.Reply.json(200, root.toString());
  }

  private FakeHttp.@Nullable Reply checkEmbedRequest(JsonNode r, String model, boolean batch) {
    if (!r.isObject()) {
      return GeminiProtocol.error(
          400, "INVALID_ARGUMENT", "Invalid JSON payload received. Expected an object.");
    }
    String unknown = WireSupport.unknownField(r, EMBED_FIELDS);
    if (unknown != null) {
      return GeminiProtocol.invalidField(unknown, batch ? "requests[0]" : null);
    }
    if (batch && !("models/" + model).equals(r.path("model").asText())) {
      return GeminiProtocol.error(
          400,
          "INVALID_ARGUMENT",
          "Model name in request ("
              + r.path("model").asText()
              + ") must match the model in the URL (models/"
              + model
              + ").");
    }
    JsonNode parts = r.path("content").path("parts");
    if (!parts.isArray() || parts.isEmpty()) {
      return GeminiProtocol.error(
          400, "INVALID_ARGUMENT", "* EmbedContentRequest.content: content is not specified\n");
    }
    return null;
  }

  private float[] vector(JsonNode r) {
    String text = GeminiProtocol.partsText(r.path("content").path("parts"));
    String task = r.path("taskType").asText("");
    boolean query = QUERY_TASKS.contains(task);
    String title = r.hasNonNull("title") ? r.get("title").asText() : null;
    Integer dims =
        r.hasNonNull("outputDimensionality") ? r.get("outputDimensionality").asInt() : null;
    return settings.embeddings().vector(query, text, query ? null : title, dims);
  }

  private static void putValues(ObjectNode target, float[] v) {
    ArrayNode values = target.putArray("values");
    for (float f : v) {
      values.add(f);
    }
  }
}
