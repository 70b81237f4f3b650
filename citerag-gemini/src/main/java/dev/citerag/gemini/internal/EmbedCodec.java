package dev.citerag.gemini.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.http.internal.Embeddings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Builds {@code batchEmbedContents} bodies and checks and normalises the vectors that come back.
 */
public final class EmbedCodec {
  private EmbedCodec() {}

  public static final String TASK_DOCUMENT = "RETRIEVAL_DOCUMENT";
  public static final String TASK_QUERY = "RETRIEVAL_QUERY";

  /** One text to embed; {@code title} is sent only with {@link #TASK_DOCUMENT}. */
  public record Text(String text, @Nullable String title) {}

  /** The body for one batch (at most 100 texts, which the caller ensures). */
  public static byte[] encode(String model, List<Text> texts, String taskType, int dimensions) {
    List<EmbedWire.EmbedRequest> requests = new ArrayList<>(texts.size());
    String modelRef = "models/" + model;
    for (Text t : texts) {
      String title =
          TASK_DOCUMENT.equals(taskType) && t.title() != null && !t.title().isBlank()
              ? t.title()
              : null;
      requests.add(
          new EmbedWire.EmbedRequest(
              modelRef,
              new EmbedWire.Content(List.of(new EmbedWire.TextPart(t.text()))),
              taskType,
              title,
              dimensions));
    }
    try {
      return Json.MAPPER.writeValueAsBytes(new EmbedWire.BatchRequest(requests));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise a batchEmbedContents request", e);
    }
  }

  /**
   * The vectors of one batch, in request order, each L2-normalised (the API returns only the full
   * 3072-dimension vector normalised; shorter ones are truncations that must be normalised here).
   *
   * @throws PermanentProviderException kind {@code PROTOCOL} when the body is not the expected
   *     JSON, has another number of vectors than texts sent, or a vector has the wrong length, a
   *     non-finite component or zero length
   */
  public static List<float[]> decode(
      byte[] body, int expectedCount, int dimensions, String apiKey) {
    EmbedWire.BatchResponse r;
    try {
      r = Json.MAPPER.readValue(body, EmbedWire.BatchResponse.class);
    } catch (IOException e) {
      throw protocol(
          "batchEmbedContents reply is not the expected JSON ("
              + body.length
              + " bytes): "
              + Json.describe(e, apiKey));
    }
    if (r == null || r.embeddings() == null) {
      throw protocol("batchEmbedContents reply has no embeddings");
    }
    if (r.embeddings().size() != expectedCount) {
      throw protocol(
          "batchEmbedContents returned "
              + r.embeddings().size()
              + " vectors for "
              + expectedCount
              + " texts");
    }
    List<float[]> out = new ArrayList<>(expectedCount);
    for (int i = 0; i < expectedCount; i++) {
      EmbedWire.Embedding e = r.embeddings().get(i);
      double[] v = e == null ? null : e.values();
      if (v == null) {
        throw protocol("embeddings[" + i + "] has no values");
      }
      out.add(normalised(v, i, dimensions));
    }
    return out;
  }

  private static float[] normalised(double[] v, int index, int dimensions) {
    String label = "embeddings[" + index + "]";
    return Embeddings.unitLength(v, dimensions, label, label + ".values", GeminiTransport.PROVIDER);
  }

  private static ProviderException protocol(String message) {
    return Embeddings.protocol(GeminiTransport.PROVIDER, message);
  }
}
