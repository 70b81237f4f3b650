package dev.citerag.examples.internal;

import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.store.Filter;
import dev.citerag.testkit.eval.EvaluationReport;
import dev.citerag.testkit.eval.EvaluationRunner;
import dev.citerag.testkit.eval.SquadCase;
import dev.citerag.testkit.eval.SquadDataset;
import dev.citerag.testkit.eval.SquadEvaluation;
import dev.citerag.testkit.eval.SquadReport;
import dev.citerag.testkit.golden.GoldenCase;
import dev.citerag.testkit.golden.GoldenCases;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

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
    return run(engine, cases, json, null);
  }

  /**
   * {@link #run(Engine, Path, boolean)}, every case's result also written to {@code recorder} when
   * there is one ({@code --record FILE}).
   */
  public static String run(
      Engine engine, Path cases, boolean json, @Nullable EvalRecorder recorder) {
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
            .answerer(answerer(engine, recorder, list.stream().map(GoldenCase::id).toList()))
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
    return runSquad(engine, squad, json, null);
  }

  /** {@link #runSquad(Engine, SquadDataset, boolean)}, recording to {@code recorder} if any. */
  public static String runSquad(
      Engine engine, SquadDataset squad, boolean json, @Nullable EvalRecorder recorder) {
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
            .answerer(
                answerer(engine, recorder, squad.cases().stream().map(SquadCase::id).toList()))
            .cases(squad.cases())
            .build()
            .run();
    String text = json ? report.toJson() : report.toMarkdown();
    return text.endsWith("\n") ? text : text + "\n";
  }

  /** The pipeline's {@code ask}, recorded case by case when there is a recorder. */
  private static BiFunction<String, Filter, RagResult> answerer(
      Engine engine, @Nullable EvalRecorder recorder, List<String> caseIds) {
    RagPipeline pipeline = engine.pipeline();
    BiFunction<String, Filter, RagResult> ask = pipeline::ask;
    return recorder == null ? ask : recorder.recording(caseIds, ask);
  }
}
