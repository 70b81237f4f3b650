package dev.citerag.bench;

import dev.citerag.bench.data.Dataset;
import dev.citerag.bench.harness.Report;
import org.jspecify.annotations.Nullable;

/** Sections 2 and 3 (pgvector); filled in once citerag-pgvector exists. */
final class PgSections {
  private PgSections() {}

  static void run(Dataset data, int[][][] exact, @Nullable String jdbc, int passes, Report report) {
    throw new UnsupportedOperationException("pgvector sections not written yet");
  }
}
