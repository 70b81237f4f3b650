package dev.citerag.ingest;

import java.time.Duration;

/**
 * Progress of an ingest run.
 *
 * @param documentsDone documents finished (written or skipped)
 * @param documentsTotal documents in the run
 * @param chunksDone chunks embedded so far; written too, except during an initial load into an
 *     empty store, which is written in one go at the end
 * @param chunksTotal chunks of the documents that need writing (known after chunking)
 * @param elapsed time since the run started
 */
public record IngestProgress(
    int documentsDone, int documentsTotal, int chunksDone, int chunksTotal, Duration elapsed) {

  /**
   * Checks the elapsed time.
   *
   * @param documentsDone documents finished (written or skipped)
   * @param documentsTotal documents in the run
   * @param chunksDone chunks embedded so far; written too, except during an initial load into an
   *     empty store, which is written in one go at the end
   * @param chunksTotal chunks of the documents that need writing (known after chunking)
   * @param elapsed time since the run started
   * @throws IllegalArgumentException when {@code elapsed} is null or negative
   */
  public IngestProgress {
    if (elapsed == null || elapsed.isNegative()) {
      throw new IllegalArgumentException("elapsed must be >= 0, was " + elapsed);
    }
  }

  /**
   * Progress with no elapsed time recorded ({@link Duration#ZERO}).
   *
   * @param documentsDone documents finished
   * @param documentsTotal documents in the run
   * @param chunksDone chunks embedded so far
   * @param chunksTotal chunks that need writing
   */
  public IngestProgress(int documentsDone, int documentsTotal, int chunksDone, int chunksTotal) {
    this(documentsDone, documentsTotal, chunksDone, chunksTotal, Duration.ZERO);
  }

  /**
   * {@return {@link #chunksDone()} per second of {@link #elapsed()}; 0 before any time has passed}
   */
  public double chunksPerSecond() {
    double s = elapsed.toNanos() / 1e9;
    return s <= 0 ? 0 : chunksDone / s;
  }
}
