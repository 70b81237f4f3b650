package dev.citerag.examples.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.ingest.IngestProgress;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Issue 14: the progress bar wrote carriage returns into logs when stderr was not a terminal. */
class ProgressBarTest {

  private static String run(boolean terminal) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ProgressBar bar =
        new ProgressBar(new PrintStream(bytes, true, StandardCharsets.UTF_8), terminal);
    for (int i = 0; i <= 100; i++) {
      bar.onProgress(new IngestProgress(i, 100, i * 3, 300));
    }
    bar.finish();
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void a_log_gets_plain_lines_without_carriage_returns() {
    String log = run(false);
    assertThat(log).doesNotContain("\r");
    assertThat(log.lines()).hasSize(5).allSatisfy(l -> assertThat(l).startsWith("citerag: ingest"));
    assertThat(log).contains("100%  100/100 documents, 300/300 chunks");
  }

  @Test
  void a_terminal_gets_one_line_redrawn_in_place() {
    String tty = run(true);
    assertThat(tty).contains("\r[");
    assertThat(tty.chars().filter(c -> c == '\n').count()).as("line ends").isEqualTo(1);
  }
}
