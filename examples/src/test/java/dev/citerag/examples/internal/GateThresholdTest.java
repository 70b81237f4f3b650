package dev.citerag.examples.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.citerag.testkit.eval.EvaluationReport;
import dev.citerag.testkit.eval.EvaluationRunner;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Reruns the testkit's gate-1 sweep over the golden cases with the command line's offline setup
 * and checks {@link Engine#LOCAL_MIN_SIMILARITY} against it, so the default moves with the
 * embedder, chunker or corpus instead of going stale.
 */
class GateThresholdTest {

  @Test
  void the_local_default_is_the_highest_swept_threshold_that_blocks_no_answerable_golden_case() {
    CliOptions o = CliOptions.parse(CliOptions.Command.ASK, List.of("--model", "extractive", "--min-similarity", "0"));
    try (Engine engine = Engine.open(o, Map.of(),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), Engine.Mode.ANSWER)) {
      EvaluationReport report = EvaluationRunner.builder().pipeline(engine.pipeline()).build().run();
      EvaluationReport.SweepRow recommended = report.sweep().stream()
          .filter(row -> row.answerableBlocked() == 0)
          .max((a, b) -> Double.compare(a.threshold(), b.threshold()))
          .orElseThrow();
      assertThat(Engine.LOCAL_MIN_SIMILARITY)
          .as("sweep: %s", report.sweep())
          .isCloseTo(recommended.threshold(), within(1e-9));
      // the gate earns its place: it stops some unanswerable questions before the model
      assertThat(recommended.unanswerableLetThrough()).isLessThan(report.unanswerable());
    }
  }
}
