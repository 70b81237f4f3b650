package dev.citerag.ingest;

/**
 * Progress of an ingest run.
 *
 * @param documentsDone documents finished (written or skipped)
 * @param documentsTotal documents in the run
 * @param chunksDone chunks embedded so far; written too, except during an initial load into an
 *     empty store, which is written in one go at the end
 * @param chunksTotal chunks of the documents that need writing (known after chunking)
 */
public record IngestProgress(int documentsDone, int documentsTotal, int chunksDone, int chunksTotal) {}
