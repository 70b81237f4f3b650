package dev.citerag.ingest;

import java.time.Duration;

/**
 * The outcome of an ingest run.
 *
 * @param documentsWritten new or changed documents whose chunks were replaced
 * @param documentsSkipped unchanged documents: nothing embedded, nothing written
 * @param chunksWritten chunks embedded and stored
 * @param chunksDeleted stale chunks removed
 * @param elapsed wall time
 * @param documentsRemoved documents removed because they are gone from the source (only {@link
 *     Ingestor#sync} removes any)
 */
public record IngestReport(
    int documentsWritten,
    int documentsSkipped,
    int chunksWritten,
    int chunksDeleted,
    Duration elapsed,
    int documentsRemoved) {

  /**
   * A report of an ingest that removed no document ({@code documentsRemoved} 0).
   *
   * @param documentsWritten new or changed documents whose chunks were replaced
   * @param documentsSkipped unchanged documents
   * @param chunksWritten chunks embedded and stored
   * @param chunksDeleted stale chunks removed
   * @param elapsed wall time
   */
  public IngestReport(
      int documentsWritten,
      int documentsSkipped,
      int chunksWritten,
      int chunksDeleted,
      Duration elapsed) {
    this(documentsWritten, documentsSkipped, chunksWritten, chunksDeleted, elapsed, 0);
  }
}
