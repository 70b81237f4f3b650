package dev.citerag.examples.internal;

import dev.citerag.testkit.eval.EvaluationReport;
import dev.citerag.testkit.eval.EvaluationRunner;
import dev.citerag.testkit.eval.SquadDataset;
import dev.citerag.testkit.eval.SquadEvaluation;
import dev.citerag.testkit.eval.SquadReport;
import dev.citerag.testkit.golden.GoldenCase;
import dev.citerag.testkit.golden.GoldenCases;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code citerag eval}: runs labelled cases through the engine's pipeline with the testkit's {@link
 * EvaluationRunner} and prints its report (retrieval, answer integrity, operations and the gate-1
 * threshold sweep).
 */
public final class Evaluation {
  private Evaluation() {}

  /**
   * The report as Markdown, or as JSON when {@code json}.
   *
   * @throws dev.citerag.testkit.golden.GoldenFormatException when the cases file is malformed
   */
  public static String run(Engine engine, Path cases, boolean json) {
    List<GoldenCase> list = GoldenCases.load(cases);
    if (list.isEmpty()) {
      throw new IllegalArgumentException(cases + " holds no case");
    }
    EvaluationReport report =
        EvaluationRunner.builder()
            .name(
                engine.model().label()
                    + ", "
                    + engine.embedder().identity().model()
                    + ", "
                    + engine.storeLabel())
            .pipeline(engine.pipeline())
            .cases(list)
            .build()
            .run();
    String text = json ? report.toJson() : report.toMarkdown();
    return text.endsWith("\n") ? text : text + "\n";
  }

  /**
   * {@code eval DIR} on a SQuAD-style directory: the {@link SquadEvaluation} table and gate-1 sweep
   * as Markdown, or as JSON when {@code json}.
   */
  public static String runSquad(Engine engine, SquadDataset squad, boolean json) {
    SquadReport report =
        SquadEvaluation.builder()
            .name(
                engine.model().label()
                    + ", "
                    + engine.embedder().identity().model()
                    + ", "
                    + engine.storeLabel()
                    + ", "
                    + squad.directory())
            .pipeline(engine.pipeline())
            .cases(squad.cases())
            .build()
            .run();
    String text = json ? report.toJson() : report.toMarkdown();
    return text.endsWith("\n") ? text : text + "\n";
  }
}
