package dev.citerag.testkit.fakes;

import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.internal.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * An {@link Embedder} that returns vectors recorded from a real model ({@link RecordedEmbeddings})
 * and reports that model's identity. It never invents a vector: a text that was not recorded throws
 * {@link UnrecordedInputException} naming the text and the recording, so a test that drifted from
 * its recording fails loudly. Thread-safe.
 *
 * <pre>{@code
 * Embedder e = RecordedEmbeddings.fromResource("embeddings/nomic-golden.jsonl").replayer();
 * }</pre>
 */
public final class ReplayEmbedder implements Embedder {
  private final RecordedEmbeddings recorded;

  /**
   * Replays {@code recorded}.
   *
   * @param recorded the vectors to replay
   * @throws IllegalArgumentException when {@code recorded} is null
   */
  public ReplayEmbedder(RecordedEmbeddings recorded) {
    this.recorded = Checks.notNull(recorded, "recorded");
  }

  /**
   * @throws UnrecordedInputException for the first document without a recorded vector
   */
  @Override
  public List<float[]> embedDocuments(List<DocumentText> documents) {
    Checks.noNullElements(documents, "documents");
    List<float[]> out = new ArrayList<>(documents.size());
    for (DocumentText d : documents) {
      out.add(
          recorded
              .document(d.text(), d.title())
              .orElseThrow(
                  () ->
                      unrecorded(
                          RecordedEmbeddings.DOCUMENT,
                          d.text(),
                          d.title() == null ? "" : " (title \"" + d.title() + "\")")));
    }
    return out;
  }

  /**
   * @throws UnrecordedInputException when the query has no recorded vector
   */
  @Override
  public float[] embedQuery(String query) {
    Checks.notNull(query, "query");
    return recorded.query(query).orElseThrow(() -> unrecorded(RecordedEmbeddings.QUERY, query, ""));
  }

  @Override
  public EmbedderIdentity identity() {
    return recorded.identity();
  }

  private UnrecordedInputException unrecorded(String kind, String text, String extra) {
    String shown = text.length() > 200 ? text.substring(0, 197) + "..." : text;
    return new UnrecordedInputException(
        kind,
        text,
        "no recorded vector for "
            + kind
            + " \""
            + shown
            + "\""
            + extra
            + " in "
            + recorded.origin()
            + " ("
            + recorded.queryCount()
            + " queries, "
            + recorded.documentCount()
            + " documents recorded); record it against the real model with RecordedEmbeddings.recording(embedder)");
  }

  @Override
  public String toString() {
    return "ReplayEmbedder[" + recorded + "]";
  }
}
