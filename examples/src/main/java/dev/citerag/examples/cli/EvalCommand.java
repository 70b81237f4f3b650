package dev.citerag.examples.cli;

import dev.citerag.examples.Main;
import dev.citerag.examples.internal.Comparison;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
import dev.citerag.examples.internal.EvalRecorder;
import dev.citerag.examples.internal.EvalReplay;
import dev.citerag.examples.internal.Evaluation;
import dev.citerag.testkit.eval.SquadDataset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code citerag eval}: the evaluation report over labelled cases. */
@Command(
    name = "eval",
    description = {
      "Evaluate against labelled cases (DIR: a SQuAD-style set).",
      "Runs the labelled cases (JSON lines: id, question, answerable, doc_ids, evidence, ...)"
          + " through the pipeline and prints the evaluation report in Markdown. A DIR holding"
          + " cases.jsonl and corpus/*.md is read as a SQuAD 2.0-style set (e.g."
          + " datasets/squad2-dev): its corpus is indexed and every question scored as"
          + " correct / wrong / abstained (answerable) or a false answer (unanswerable)."
    })
final class EvalCommand implements Callable<Integer>, EngineCommand {
  private final Context ctx;

  @SuppressWarnings("NullAway.Init") // injected by picocli
  @Spec
  private CommandSpec spec;

  @Mixin private ReadOptions read = new ReadOptions();
  @Mixin private AnswerOptions answer = new AnswerOptions();

  @Option(names = "--json", description = "print the report as JSON")
  private boolean json;

  @Option(
      names = "--record",
      paramLabel = "FILE",
      description = "also write every case's result, trace and raw replies to FILE (JSON lines)")
  private @Nullable Path record;

  @Option(
      names = "--replay",
      paramLabel = "FILE",
      description =
          "re-validate the replies recorded in FILE with the current validator, offline, and"
              + " print what changed (exit 4 when something did); takes no CASES")
  private @Nullable Path replay;

  @Option(
      names = "--compare",
      paramLabel = "LIST",
      description =
          "run the cases through several variants and print one table (recall@1/5, MRR, accuracy,"
              + " abstained, false answers, p50/p95 ms): comma-separated "
              + Comparison.GRAMMAR
              + " (e.g. dense,fulltext,hybrid,retries=0)")
  private @Nullable String compare;

  @Mixin private RerankOptions rerank = new RerankOptions();

  @Mixin private CommonOptions common = new CommonOptions();

  @Parameters(
      paramLabel = "CASES.jsonl|DIR",
      arity = "0..1",
      description =
          "the cases (the golden ones: citerag-testkit/src/main/resources/dev/citerag/testkit/"
              + "golden/cases.jsonl), or a SQuAD-style directory")
  private String cases = "";

  EvalCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public EngineOptions engineOptions() {
    return read.engineOptions(answer, common.verbose());
  }

  @Override
  public String missingArguments() {
    return "eval needs exactly one CASES.jsonl file or SQuAD-style directory, got 0";
  }

  @Override
  public Integer call() {
    EngineCommand.logging(common.verbose());
    if (replay != null) {
      return replay(replay);
    }
    if (cases.isEmpty()) {
      throw usage(missingArguments());
    }
    Path path = Path.of(cases);
    EngineOptions o = engineOptions();
    if (compare != null) {
      if (record != null) {
        throw usage("--record writes one run: drop it or --compare");
      }
      return EvalCompare.run(ctx, spec, o, compare, rerank, json, path);
    }
    if (rerank.given()) {
      throw usage(
          "eval takes --rerank for --compare's rerank variant: add --compare hybrid,rerank");
    }
    if (Files.isDirectory(path)) {
      if (!SquadDataset.isSquadDirectory(path)) {
        throw usage("directory " + path + " must hold cases.jsonl and corpus/ (SQuAD-style)");
      }
      if (o.docs().isPresent() || o.store().isPresent()) {
        throw usage("eval DIR brings its own corpus: drop --docs and --store");
      }
      SquadDataset squad = SquadDataset.load(path);
      try (Engine engine =
              Engine.open(o, ctx.env(), ctx.err(), Engine.Mode.ANSWER, squad.documents());
          EvalRecorder recorder = recorder()) {
        ctx.out().print(Evaluation.runSquad(engine, squad, json, recorder));
        return Main.EXIT_OK;
      }
    }
    if (!Files.isRegularFile(path)) {
      throw usage("cases file " + path + " does not exist");
    }
    try (Engine engine = Engine.open(o, ctx.env(), ctx.err(), Engine.Mode.ANSWER);
        EvalRecorder recorder = recorder()) {
      ctx.out().print(Evaluation.run(engine, path, json, recorder));
      return Main.EXIT_OK;
    }
  }

  private @Nullable EvalRecorder recorder() {
    return record == null ? null : EvalRecorder.create(record);
  }

  /** {@code --replay FILE}: the record re-validated; no engine (model, embedder, store) opened. */
  private int replay(Path file) {
    if (!cases.isEmpty() || record != null || json || compare != null) {
      throw usage("--replay FILE takes no CASES, --record, --compare or --json");
    }
    if (!Files.isRegularFile(file)) {
      throw usage("option --replay: record " + file + " does not exist");
    }
    EvalReplay.Report report =
        new EvalReplay(Engine.rulesValidator(), Engine.termEquivalence()).replay(file);
    ctx.out().print(report.text());
    return report.changed().isEmpty() ? Main.EXIT_OK : EXIT_CHANGED;
  }

  /** {@code --replay}'s exit status when a case's outcome, issues or grounding changed. */
  static final int EXIT_CHANGED = 4;

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
