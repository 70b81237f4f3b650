package dev.citerag.ingest;

/** Receives progress during {@link Ingestor#ingest}; called from the ingesting thread. */
@FunctionalInterface
public interface IngestListener {

  IngestListener NONE = p -> {};

  void onProgress(IngestProgress progress);
}
