package dev.citerag.ingest;

/** Receives progress during {@link Ingestor#ingest}; called from the ingesting thread. */
@FunctionalInterface
public interface IngestListener {

  /** A listener that ignores every report. */
  IngestListener NONE = p -> {};

  /**
   * Receives one progress report. An exception thrown here propagates out of the ingest call and
   * stops the run, so keep it cheap and let it not fail.
   *
   * @param progress the counts so far
   */
  void onProgress(IngestProgress progress);
}
