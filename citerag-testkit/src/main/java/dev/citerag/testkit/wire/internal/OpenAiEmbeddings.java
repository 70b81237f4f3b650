package dev.citerag.testkit.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.testkit.fakes.internal.Json;
import dev.citerag.text.internal.TokenEstimator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code /v1/embeddings} and {@code /v1/models} as the fake serves them, with OpenAI's request
 * checks and error bodies.
 */
final class OpenAiEmbeddings {
  private static final Set<String> EMBED_FIELDS =
      Set.of("model", "input", "dimensions", "encoding_format", "user");

  private final OpenAiProtocol.Settings settings;

  OpenAiEmbeddings(OpenAiProtocol.Settings settings) {
    this.settings = settings;
  }

  FakeHttp.Reply embed(FakeHttp.Request req) {
    JsonNode body = req.json();
    if (body == null || !body.isObject()) {
      return OpenAiProtocol.error(
          400,
          "We could not parse the JSON body of your request.",
          "invalid_request_error",
          null,
          null);
    }
    for (Map.Entry<String, JsonNode> e : body.properties()) {
      if (!EMBED_FIELDS.contains(e.getKey())) {
        return OpenAiProtocol.error(
            400,
            "Unrecognized request argument supplied: " + e.getKey(),
            "invalid_request_error",
            null,
            null);
      }
    }
    String name = body.path("model").asText("");
    OpenAiProtocol.EmbeddingModel model = settings.embeddingModels().get(name);
    if (model == null) {
      return OpenAiProtocol.modelNotFound(name);
    }
    JsonNode input = body.get("input");
    List<String> texts = new ArrayList<>();
    if (input != null && input.isTextual()) {
      texts.add(input.asText());
    } else if (input != null && input.isArray() && !input.isEmpty() && input.size() <= 2048) {
      for (JsonNode n : input) {
        if (!n.isTextual()) {
          return invalidInput();
        }
        texts.add(n.asText());
      }
    } else {
      return invalidInput();
    }
    for (String s : texts) {
      if (s.isEmpty()) {
        return invalidInput();
      }
    }
    Integer dims = null;
    if (body.hasNonNull("dimensions")) {
      if (!model.shortens()) {
        return OpenAiProtocol.error(
            400,
            "This model does not support specifying dimensions.",
            "invalid_request_error",
            null,
            null);
      }
      dims = body.get("dimensions").asInt();
      if (dims < 1 || dims > model.source().nativeDimensions()) {
        return OpenAiProtocol.error(
            400,
            "Invalid value for 'dimensions' = "
                + dims
                + ". Must be between 1 and "
                + model.source().nativeDimensions()
                + ".",
            "invalid_request_error",
            "dimensions",
            null);
      }
    }
    String encoding = body.path("encoding_format").asText("float");
    if (!encoding.equals("float") && !encoding.equals("base64")) {
      return OpenAiProtocol.error(
          400,
          "Invalid value for 'encoding_format' = " + encoding + ". Must be float or base64.",
          "invalid_request_error",
          "encoding_format",
          null);
    }
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("object", "list");
    ArrayNode data = root.putArray("data");
    int n = texts.size();
    int tokens = 0;
    for (int k = 0; k < n; k++) {
      // a scrambled server answers the batch back to front; the index still says which is which
      int i = settings.scrambleEmbeddingOrder() ? n - 1 - k : k;
      float[] v = unit(model.source().vector(false, texts.get(i), null, dims));
      tokens += Math.max(1, TokenEstimator.estimate(texts.get(i)));
      ObjectNode item = data.addObject();
      item.put("object", "embedding");
      item.put("index", i);
      if (encoding.equals("base64")) {
        ByteBuffer buf = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : v) {
          buf.putFloat(f);
        }
        item.put("embedding", Base64.getEncoder().encodeToString(buf.array()));
      } else {
        ArrayNode values = item.putArray("embedding");
        for (float f : v) {
          values.add(f);
        }
      }
    }
    root.put("model", model.name());
    root.putObject("usage").put("prompt_tokens", tokens).put("total_tokens", tokens);
    return FakeHttp.Reply.json(200, root.toString());
  }

  /** OpenAI returns unit vectors, shortened ones too. */
  /** The 400 the real API gives for an {@code input} that is not text or a list of texts. */
  private static FakeHttp.Reply invalidInput() {
    return OpenAiProtocol.error(
        400,
        "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/"
            + "api-reference.",
        "invalid_request_error",
        null,
        null);
  }

  private static float[] unit(float[] v) {
    double s = 0;
    for (float f : v) {
      s += (double) f * f;
    }
    double norm = Math.sqrt(s);
    if (norm == 0) {
      return v;
    }
    float[] out = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (float) (v[i] / norm);
    }
    return out;
  }

  FakeHttp.Reply models() {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("object", "list");
    ArrayNode data = root.putArray("data");
    for (String name : settings.chatModels().keySet()) {
      data.addObject()
          .put("id", name)
          .put("object", "model")
          .put("created", 1_721_172_741L)
          .put("owned_by", "system");
    }
    for (String name : settings.embeddingModels().keySet()) {
      data.addObject()
          .put("id", name)
          .put("object", "model")
          .put("created", 1_705_953_180L)
          .put("owned_by", "system");
    }
    return FakeHttp.Reply.json(200, root.toString());
  }
}
