package dev.citerag.http.internal;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.embed.DocumentText;
import dev.citerag.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** The parts of an embedding client that do not depend on the provider's wire format. */
public final class Embeddings {
  private Embeddings() {}

  /**
   * The documents' texts as the adapter sends them, each checked non-blank.
   *
   * @throws IllegalArgumentException when the list or an element is null, or a text is blank
   *     (naming {@code documents[i].text})
   */
  public static <T> List<T> texts(List<DocumentText> documents, Function<DocumentText, T> toWire) {
    Checks.noNullElements(documents, "documents");
    List<T> texts = new ArrayList<>(documents.size());
    for (int i = 0; i < documents.size(); i++) {
      DocumentText d = documents.get(i);
      if (d.text().isBlank()) {
        throw new IllegalArgumentException("documents[" + i + "].text must not be blank");
      }
      texts.add(toWire.apply(d));
    }
    return texts;
  }

  /** The vectors of {@code texts}, embedded {@code size} at a time, in input order. */
  public static <T> List<float[]> inBatches(
      List<T> texts, int size, Function<List<T>, List<float[]>> batch) {
    List<float[]> out = new ArrayList<>(texts.size());
    for (int from = 0; from < texts.size(); from += size) {
      out.addAll(batch.apply(texts.subList(from, Math.min(from + size, texts.size()))));
    }
    return out;
  }

  /**
   * {@code v} as a unit-length float vector, checked: of length {@code expected}, every component a
   * finite float, a norm that is neither zero nor infinite.
   *
   * @param label names the vector in messages, e.g. {@code embeddings[3]}
   * @param valuesLabel names its components, e.g. {@code embeddings[3].values}
   * @throws PermanentProviderException kind PROTOCOL otherwise
   */
  public static float[] unitLength(
      double[] v, int expected, String label, String valuesLabel, String provider) {
    if (v.length == 0 || v.length != expected) {
      throw protocol(provider, label + " has " + v.length + " values, expected " + expected);
    }
    double sum = 0;
    for (int j = 0; j < v.length; j++) {
      if (!Double.isFinite(v[j]) || !Float.isFinite((float) v[j])) {
        throw protocol(provider, valuesLabel + "[" + j + "] is not a finite float: " + v[j]);
      }
      sum += v[j] * v[j];
    }
    double norm = Math.sqrt(sum);
    if (norm == 0 || !Double.isFinite(norm)) {
      throw protocol(provider, label + " has norm " + norm + " and cannot be normalised");
    }
    float[] out = new float[v.length];
    for (int j = 0; j < v.length; j++) {
      out[j] = (float) (v[j] / norm);
    }
    return out;
  }

  /** A reply outside the wire format: HTTP 200, kind PROTOCOL, not retried. */
  public static ProviderException protocol(String provider, String message) {
    return new PermanentProviderException(
        provider, ProviderException.Kind.PROTOCOL, 200, null, message, null);
  }
}
