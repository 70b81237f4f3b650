package dev.citerag.openai.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.ProviderException;
import dev.citerag.http.internal.Embeddings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Rerank request bodies and replies in the two shapes servers use: the Cohere shape ({@code {model,
 * query, documents, top_n}} → {@code {"results": [{"index", "relevance_score"}]}}), which Cohere,
 * Jina, vLLM and llama.cpp's server answer, and Hugging Face TEI's ({@code {query, texts}} → {@code
 * [{"index", "score"}]}). Replies list the documents best first; the scores come back in the order
 * the documents were sent.
 */
public final class RerankCodec {
  private RerankCodec() {}

  /** The body; {@code model} is left out when null (TEI serves one model and takes none). */
  public static byte[] encode(
      boolean tei, @Nullable String model, String query, List<String> documents) {
    try {
      Object body =
          tei
              ? new RerankWire.TeiRequest(query, List.copyOf(documents), false)
              : new RerankWire.Request(model, query, List.copyOf(documents), documents.size());
      return Json.MAPPER.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise a rerank request", e);
    }
  }

  /**
   * One score per document, in the order sent.
   *
   * @throws ProviderException kind {@code PROTOCOL} when the body is not the expected JSON, an
   *     index is missing, repeated or out of range, or a score is not a finite number
   */
  public static List<Double> decode(
      byte[] body, boolean tei, int documents, @Nullable String apiKey) {
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(body);
    } catch (IOException e) {
      throw protocol(
          "rerank reply is not JSON (" + body.length + " bytes): " + Json.describe(e, apiKey));
    }
    JsonNode results = tei ? root : root == null ? null : root.get("results");
    if (results == null || !results.isArray()) {
      throw protocol(
          tei
              ? "rerank reply is not a list of {index, score}"
              : "rerank reply has no \"results\" list");
    }
    String scoreField = tei ? "score" : "relevance_score";
    Double[] scores = new Double[documents];
    for (int i = 0; i < results.size(); i++) {
      JsonNode r = results.get(i);
      JsonNode index = r == null ? null : r.get("index");
      JsonNode score = r == null ? null : r.get(scoreField);
      if (index == null || !index.canConvertToInt()) {
        throw protocol("results[" + i + "] has no integer index");
      }
      int at = index.asInt();
      if (at < 0 || at >= documents) {
        throw protocol(
            String.format(
                Locale.ROOT, "results[%d].index is %d, outside 0..%d", i, at, documents - 1));
      }
      if (scores[at] != null) {
        throw protocol("results[" + i + "].index " + at + " appears twice");
      }
      if (score == null || !score.isNumber() || !Double.isFinite(score.asDouble())) {
        throw protocol("results[" + i + "]." + scoreField + " is not a finite number");
      }
      scores[at] = score.asDouble();
    }
    for (int i = 0; i < documents; i++) {
      if (scores[i] == null) {
        throw protocol("the reply has no score for document " + i + " of " + documents);
      }
    }
    return new ArrayList<>(Arrays.asList(scores));
  }

  private static ProviderException protocol(String message) {
    return Embeddings.protocol(OpenAiTransport.PROVIDER, message);
  }
}
