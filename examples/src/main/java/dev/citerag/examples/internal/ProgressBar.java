package dev.citerag.examples.internal;

import dev.citerag.ingest.IngestListener;
import dev.citerag.ingest.IngestProgress;
import java.io.PrintStream;
import java.util.Locale;

/**
 * An {@link IngestListener} drawing a one-line progress bar on stderr ({@code \r} redraws it in
 * place) when stderr is a terminal; otherwise (a log file, a pipe, CI) it writes a plain line at
 * each quarter instead, so that no carriage return ends up in a log. {@link #finish()} ends the
 * line.
 */
public final class ProgressBar implements IngestListener {
  private static final int WIDTH = 30;

  private final PrintStream err;
  private final boolean terminal;
  private boolean drawn;
  private String last = "";
  private int lastQuarter = -1;

  /** A bar on {@code err}, redrawn in place when the process has a terminal. */
  // the build targets Java 17, where System.console() is null exactly when there is no terminal
  @SuppressWarnings("SystemConsoleNull")
  public ProgressBar(PrintStream err) {
    this(err, System.console() != null);
  }

  /**
   * @param terminal whether {@code err} is a terminal: a bar redrawn with {@code \r}; otherwise
   *     plain lines
   */
  public ProgressBar(PrintStream err, boolean terminal) {
    this.err = err;
    this.terminal = terminal;
  }

  @Override
  public void onProgress(IngestProgress p) {
    double fraction =
        p.chunksTotal() > 0
            ? (double) p.chunksDone() / p.chunksTotal()
            : p.documentsTotal() > 0 ? (double) p.documentsDone() / p.documentsTotal() : 1.0;
    if (!terminal) {
      int quarter = (int) Math.floor(Math.min(1.0, fraction) * 4);
      if (quarter != lastQuarter) {
        lastQuarter = quarter;
        err.printf(
            Locale.ROOT,
            "citerag: ingest %3d%%  %d/%d documents, %d/%d chunks%n",
            Math.round(fraction * 100),
            p.documentsDone(),
            p.documentsTotal(),
            p.chunksDone(),
            p.chunksTotal());
        err.flush();
      }
      return;
    }
    int filled = (int) Math.round(Math.min(1.0, fraction) * WIDTH);
    String line =
        String.format(
            Locale.ROOT,
            "\r[%s%s] %3d%%  %d/%d documents, %d/%d chunks, %.0f chunks/s",
            "#".repeat(filled),
            ".".repeat(WIDTH - filled),
            Math.round(fraction * 100),
            p.documentsDone(),
            p.documentsTotal(),
            p.chunksDone(),
            p.chunksTotal(),
            p.chunksPerSecond());
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
