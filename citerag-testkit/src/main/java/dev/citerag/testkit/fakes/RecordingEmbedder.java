package dev.citerag.testkit.fakes;

import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.internal.Checks;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Delegates to a real {@link Embedder} and keeps every vector it returns, to be saved with {@link
 * RecordedEmbeddings#writeTo} and replayed offline by {@link ReplayEmbedder}. Obtain one with
 * {@link RecordedEmbeddings#recording}. Thread-safe.
 */
public final class RecordingEmbedder implements Embedder {
  private final Embedder real;
  private final Map<RecordedEmbeddings.Key, float[]> vectors = new LinkedHashMap<>();

  RecordingEmbedder(Embedder real) {
    this.real = real;
  }

  @Override
  public List<float[]> embedDocuments(List<DocumentText> documents) {
    Checks.noNullElements(documents, "documents");
    List<float[]> out = real.embedDocuments(documents);
    if (out.size() != documents.size()) {
      throw new IllegalStateException(
          "the real embedder returned "
              + out.size()
              + " vectors for "
              + documents.size()
              + " documents");
    }
    synchronized (vectors) {
      for (int i = 0; i < documents.size(); i++) {
        DocumentText d = documents.get(i);
        vectors.put(
            new RecordedEmbeddings.Key(RecordedEmbeddings.DOCUMENT, d.text(), d.title()),
            out.get(i).clone());
      }
    }
    return out;
  }

  @Override
  public float[] embedQuery(String query) {
    float[] v = real.embedQuery(query);
    synchronized (vectors) {
      vectors.put(new RecordedEmbeddings.Key(RecordedEmbeddings.QUERY, query, null), v.clone());
    }
    return v;
  }

  @Override
  public EmbedderIdentity identity() {
    return real.identity();
  }

  /** {@return everything recorded so far, as an immutable snapshot} */
  public RecordedEmbeddings recorded() {
    synchronized (vectors) {
      return new RecordedEmbeddings(
          real.identity(), vectors, "recording of " + real.identity().model());
    }
  }

  @Override
  public String toString() {
    return "RecordingEmbedder[" + real + "]";
  }
}
