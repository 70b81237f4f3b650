package dev.citerag.examples.cli;

import dev.citerag.examples.Main;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
import dev.citerag.examples.internal.ResultJson;
import dev.citerag.examples.internal.TextOutput;
import dev.citerag.pipeline.AskRequest;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code citerag search}: retrieval only, every hit with its scores. */
@Command(
    name = "search",
    description = {
      "Retrieval only: the hits with their scores.",
      "Retrieval only (no gate, no model): every hit with its dense (cosine) score, lexical rank"
          + " and fused (rank fusion) score."
    })
final class SearchCommand implements Callable<Integer>, EngineCommand {
  private final Context ctx;

  @SuppressWarnings("NullAway.Init") // injected by picocli
  @Spec
  private CommandSpec spec;

  @Mixin private ReadOptions read = new ReadOptions();
  @Mixin private FilterOptions filter = new FilterOptions();
  @Mixin private RerankOptions rerank = new RerankOptions();

  @Option(names = "--json", description = "print one JSON object (question, retrieved)")
  private boolean json;

  @Mixin private CommonOptions common = new CommonOptions();

  @Parameters(
      paramLabel = "\"question\"",
      arity = "1..*",
      description = "the question (several words are joined with spaces)")
  private List<String> question = new ArrayList<>();

  SearchCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public EngineOptions engineOptions() {
    return read.engineOptions(null, common.verbose());
  }

  @Override
  public String missingArguments() {
    return "missing the question: citerag search \"your question\"";
  }

  /** The AND of the {@code --filter}s. */
  Filter filter() {
    return filter.filter();
  }

  @Override
  public Integer call() {
    EngineCommand.logging(common.verbose());
    String q = AskCommand.question(spec, question, this);
    try (Engine engine = Engine.open(engineOptions(), ctx.env(), ctx.err(), Engine.Mode.RETRIEVE)) {
      for (String w : engine.pipeline().filterWarnings(filter())) {
        ctx.err().println("warning: " + w);
      }
      List<SearchHit> hits =
          rerank
              .apply(spec, engine.pipeline(), ctx.env())
              .retrieve(AskRequest.of(q).withFilter(filter()));
      if (json) {
        ctx.out().println(ResultJson.pretty(ResultJson.retrieval(q, hits)));
      } else {
        ctx.out().print(TextOutput.hits(q, hits));
      }
      return Main.EXIT_OK;
    }
  }
}
