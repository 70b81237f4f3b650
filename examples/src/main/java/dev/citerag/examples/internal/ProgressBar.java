package dev.citerag.examples.internal;

import dev.citerag.ingest.IngestListener;
import dev.citerag.ingest.IngestProgress;
import java.io.PrintStream;
import java.util.Locale;

/**
 * An {@link IngestListener} drawing a one-line progress bar on stderr ({@code \r} redraws it in
 * place); {@link #finish()} ends the line.
 */
public final class ProgressBar implements IngestListener {
  private static final int WIDTH = 30;

  private final PrintStream err;
  private boolean drawn;
  private String last = "";

  public ProgressBar(PrintStream err) {
    this.err = err;
  }

  @Override
  public void onProgress(IngestProgress p) {
    double fraction = p.chunksTotal() > 0
        ? (double) p.chunksDone() / p.chunksTotal()
        : p.documentsTotal() > 0 ? (double) p.documentsDone() / p.documentsTotal() : 1.0;
    int filled = (int) Math.round(Math.min(1.0, fraction) * WIDTH);
    String line = String.format(Locale.ROOT, "\r[%s%s] %3d%%  %d/%d documents, %d/%d chunks, %.0f chunks/s",
        "#".repeat(filled), ".".repeat(WIDTH - filled), Math.round(fraction * 100),
        p.documentsDone(), p.documentsTotal(), p.chunksDone(), p.chunksTotal(), p.chunksPerSecond());
    if (!line.equals(last)) {
      err.print(line);
      err.flush();
      last = line;
      drawn = true;
    }
  }

  /** Ends the progress line, if one was drawn. */
  public void finish() {
    if (drawn) {
      err.println();
      drawn = false;
    }
  }
}
