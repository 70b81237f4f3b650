package dev.citerag.examples.cli;

import dev.citerag.examples.Main;
import dev.citerag.examples.internal.Comparison;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
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
      arity = "1",
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
    Path path = Path.of(cases);
    EngineOptions o = engineOptions();
    if (compare != null) {
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
          Engine.open(o, ctx.env(), ctx.err(), Engine.Mode.ANSWER, squad.documents())) {
        ctx.out().print(Evaluation.runSquad(engine, squad, json));
        return Main.EXIT_OK;
      }
    }
    if (!Files.isRegularFile(path)) {
      throw usage("cases file " + path + " does not exist");
    }
    try (Engine engine = Engine.open(o, ctx.env(), ctx.err(), Engine.Mode.ANSWER)) {
      ctx.out().print(Evaluation.run(engine, path, json));
      return Main.EXIT_OK;
    }
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
