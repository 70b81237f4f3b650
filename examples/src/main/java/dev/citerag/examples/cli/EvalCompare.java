package dev.citerag.examples.cli;

import dev.citerag.examples.Main;
import dev.citerag.examples.internal.Comparison;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
import dev.citerag.rerank.Reranker;
import dev.citerag.testkit.eval.SquadDataset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** {@code citerag eval --compare LIST}: the variants of {@link Comparison} on the same cases. */
final class EvalCompare {
  private EvalCompare() {}

  /** The model names {@code model=NAME} takes: those of {@code --model}. */
  static Set<String> models() {
    Set<String> out = new LinkedHashSet<>();
    new OptionValues.Models().forEach(out::add);
    return out;
  }

  /**
   * Runs the comparison and prints its table (Markdown, or JSON when {@code json}).
   *
   * @return the exit status
   */
  static int run(
      Context ctx,
      CommandSpec spec,
      EngineOptions o,
      String compare,
      RerankOptions rerank,
      boolean json,
      Path path) {
    Optional<Reranker> reranker = rerank.reranker(spec, ctx.env());
    List<Comparison.Variant> variants;
    try {
      variants = Comparison.parse(compare, reranker.isPresent(), models());
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    Comparison.Table table;
    if (Files.isDirectory(path)) {
      if (!SquadDataset.isSquadDirectory(path)) {
        throw new ParameterException(
            spec.commandLine(),
            "directory " + path + " must hold cases.jsonl and corpus/ (SQuAD-style)");
      }
      if (o.docs().isPresent() || o.store().isPresent()) {
        throw new ParameterException(
            spec.commandLine(), "eval DIR brings its own corpus: drop --docs and --store");
      }
      SquadDataset squad = SquadDataset.load(path);
      try (Engine engine =
          Engine.open(o, ctx.env(), ctx.err(), Engine.Mode.ANSWER, squad.documents())) {
        table =
            Comparison.squad(
                label(engine) + ", " + squad.directory(),
                pipelines(engine, reranker, rerank, o, ctx),
                variants,
                squad);
      }
    } else {
      if (!Files.isRegularFile(path)) {
        throw new ParameterException(spec.commandLine(), "cases file " + path + " does not exist");
      }
      try (Engine engine = Engine.open(o, ctx.env(), ctx.err(), Engine.Mode.ANSWER)) {
        table =
            Comparison.golden(
                label(engine) + ", " + path.getFileName(),
                pipelines(engine, reranker, rerank, o, ctx),
                variants,
                path);
      }
    }
    String text = json ? table.toJson() : table.toMarkdown();
    ctx.out().print(text.endsWith("\n") ? text : text + "\n");
    return Main.EXIT_OK;
  }

  private static Comparison.Pipelines pipelines(
      Engine engine,
      Optional<Reranker> reranker,
      RerankOptions rerank,
      EngineOptions o,
      Context ctx) {
    return Comparison.from(
        engine, reranker.orElse(null), rerank::request, o.strictness(), ctx.env());
  }

  private static String label(Engine engine) {
    return engine.embedder().identity().model() + ", " + engine.storeLabel();
  }
}
