package dev.citerag.openai.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.http.internal.Embeddings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Builds {@code /embeddings} bodies and checks, orders and normalises the vectors that come back.
 */
public final class EmbedCodec {
  private EmbedCodec() {}

  /** The body for one batch. */
  public static byte[] encode(String model, List<String> texts, @Nullable Integer dimensions) {
    try {
      return Json.MAPPER.writeValueAsBytes(
          new EmbedWire.Request(model, List.copyOf(texts), "float", dimensions));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise an embeddings request", e);
    }
  }

  /**
   * The vectors of one batch in input order (the server's {@code index} decides, not the order of
   * {@code data}), each L2-normalised (OpenAI's are unit length already; other servers' need not
   * be).
   *
   * @param dimensions the expected length, or 0 when unknown (then all must have one length)
   * @throws PermanentProviderException kind {@code PROTOCOL} when the body is not the expected
   *     JSON, has another number of vectors than texts sent, an index missing, repeated or out of
   *     range, a vector of the wrong length, with a non-finite component or of zero length
   */
  public static List<float[]> decode(
      byte[] body, int expectedCount, int dimensions, @Nullable String apiKey) {
    EmbedWire.Response r;
    try {
      r = Json.MAPPER.readValue(body, EmbedWire.Response.class);
    } catch (IOException e) {
      throw protocol(
          "embeddings reply is not the expected JSON ("
              + body.length
              + " bytes): "
              + Json.describe(e, apiKey));
    }
    if (r == null || r.data() == null) {
      throw protocol("embeddings reply has no data");
    }
    if (r.data().size() != expectedCount) {
      throw protocol(
          "embeddings returned " + r.data().size() + " vectors for " + expectedCount + " texts");
    }
    float[][] out = new float[expectedCount][];
    int length = dimensions;
    for (int i = 0; i < expectedCount; i++) {
      EmbedWire.Item item = r.data().get(i);
      if (item == null) {
        throw protocol("data[" + i + "] is null");
      }
      Integer index = item.index();
      int at = index == null ? i : index;
      if (index == null && expectedCount > 1) {
        throw protocol("data[" + i + "] has no index, so the order of the vectors is unknown");
      }
      if (at < 0 || at >= expectedCount) {
        throw protocol("data[" + i + "].index is " + at + ", outside 0.." + (expectedCount - 1));
      }
      if (out[at] != null) {
        throw protocol("data[" + i + "].index " + at + " appears twice");
      }
      double[] v = values(item.embedding(), i);
      if (length == 0) {
        length = v.length;
      }
      out[at] = normalised(v, i, length);
    }
    return new ArrayList<>(Arrays.asList(out));
  }

  private static double[] values(@Nullable JsonNode embedding, int i) {
    if (embedding == null || !embedding.isArray()) {
      throw protocol(
          "data["
              + i
              + "].embedding is not an array of numbers (the request asks for"
              + " encoding_format float)");
    }
    double[] v = new double[embedding.size()];
    for (int j = 0; j < v.length; j++) {
      JsonNode n = embedding.get(j);
      if (!n.isNumber()) {
        throw protocol("data[" + i + "].embedding[" + j + "] is not a number");
      }
      v[j] = n.asDouble();
    }
    return v;
  }

  private static float[] normalised(double[] v, int index, int dimensions) {
    String label = "data[" + index + "].embedding";
    return Embeddings.unitLength(v, dimensions, label, label, OpenAiTransport.PROVIDER);
  }

  private static ProviderException protocol(String message) {
    return Embeddings.protocol(OpenAiTransport.PROVIDER, message);
  }
}
