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
 */
public record IngestReport(
    int documentsWritten, int documentsSkipped, int chunksWritten, int chunksDeleted, Duration elapsed) {}
