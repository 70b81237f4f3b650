package dev.citerag.examples.cli;

import dev.citerag.examples.Main;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
import dev.citerag.examples.internal.ResultJson;
import dev.citerag.examples.internal.TerminalText;
import dev.citerag.examples.internal.TextOutput;
import dev.citerag.pipeline.AskRequest;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.store.Filter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code citerag ask}: a cited answer, or an honest abstention. */
@Command(
    name = "ask",
    description = {
      "A cited answer, or an honest abstention.",
      "Answers from the documents with [n] citation markers and a numbered reference list, or"
          + " abstains. Exit status: 0 answered, 2 abstained, 3 rejected, 1 error."
    })
final class AskCommand implements Callable<Integer>, EngineCommand {
  private final Context ctx;

  @SuppressWarnings("NullAway.Init") // injected by picocli
  @Spec
  private CommandSpec spec;

  @Mixin private ReadOptions read = new ReadOptions();
  @Mixin private FilterOptions filter = new FilterOptions();
  @Mixin private AnswerOptions answer = new AnswerOptions();
  @Mixin private RerankOptions rerank = new RerankOptions();

  @Option(
      names = "--budget",
      paramLabel = "TOKENS",
      converter = Budget.class,
      description =
          "prompt budget in estimated tokens, 256 to 2000000: instruction, question and sources"
              + " (default: 3000)")
  private @Nullable Integer budget;

  @Option(
      names = "--json",
      description =
          "print one JSON object (status, reason, answer, citations, issues, retrieved, usage,"
              + " latency_ms, model)")
  private boolean json;

  @Option(
      names = "--questions",
      paramLabel = "FILE",
      description =
          "ask every question of FILE (one per line; blank lines and lines starting with # are"
              + " skipped; - reads standard input) on one engine; with --json one JSON object per"
              + " line")
  private @Nullable String questions;

  @Mixin private CommonOptions common = new CommonOptions();

  @Parameters(
      paramLabel = "\"question\"",
      arity = "0..*",
      description = "the question (several words are joined with spaces)")
  private List<String> question = new ArrayList<>();

  AskCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public EngineOptions engineOptions() {
    return read.engineOptions(answer, common.verbose());
  }

  @Override
  public String missingArguments() {
    return "missing the question: citerag ask \"your question\" (or --questions FILE)";
  }

  @Override
  public Integer call() {
    EngineCommand.logging(common.verbose());
    if (questions != null) {
      return batch(questions);
    }
    String q = question();
    try (Engine engine = Engine.open(engineOptions(), ctx.env(), ctx.err(), Engine.Mode.ANSWER)) {
      warnAboutFilter(engine);
      RagResult r = rerank.apply(spec, engine.pipeline(), ctx.env()).ask(request(q));
      if (json) {
        ctx.out().println(ResultJson.pretty(ResultJson.result(r)));
      } else {
        ctx.out().print(TextOutput.result(r));
      }
      return Main.exitStatus(r);
    }
  }

  /**
   * {@code --questions FILE}: every question on one engine. Exit status: the worst of the answers
   * (rejected over abstained over answered).
   */
  private int batch(String file) {
    if (!question.isEmpty()) {
      throw new ParameterException(
          spec.commandLine(), "give either a question or --questions FILE, not both");
    }
    List<String> qs = Questions.read(file, ctx.in());
    if (qs.isEmpty()) {
      throw new ParameterException(
          spec.commandLine(), "option --questions: " + file + " holds no question");
    }
    int status = Main.EXIT_OK;
    try (Engine engine = Engine.open(engineOptions(), ctx.env(), ctx.err(), Engine.Mode.ANSWER)) {
      warnAboutFilter(engine);
      RagPipeline pipeline = rerank.apply(spec, engine.pipeline(), ctx.env());
      for (int i = 0; i < qs.size(); i++) {
        RagResult r = pipeline.ask(request(qs.get(i)));
        if (json) {
          ctx.out().println(ResultJson.compact(ResultJson.result(r)));
        } else {
          if (i > 0) {
            ctx.out().println();
          }
          ctx.out().println("Q: " + TerminalText.clean(qs.get(i)));
          ctx.out().print(TextOutput.result(r));
        }
        status = Questions.worse(status, Main.exitStatus(r));
      }
    }
    return status;
  }

  /** The question words joined with spaces; a usage error when they are blank. */
  String question() {
    return question(spec, question, this);
  }

  /** The question as given, word by word. */
  List<String> questionWords() {
    return List.copyOf(question);
  }

  /** The AND of the {@code --filter}s. */
  /** A filter key that no stored chunk has is named on standard error, with the known keys. */
  private void warnAboutFilter(Engine engine) {
    for (String w : engine.pipeline().filterWarnings(filter())) {
      ctx.err().println("warning: " + w);
    }
  }

  Filter filter() {
    return filter.filter();
  }

  /** The request for one question: its filter, {@code --budget} and {@code --min-rerank-score}. */
  AskRequest request(String q) {
    AskRequest r = AskRequest.of(q).withFilter(filter());
    if (budget != null) {
      r = r.withTokenBudget(budget);
    }
    return rerank.request(r);
  }

  /** {@code --budget TOKENS}: 256 to 2,000,000. */
  static final class Budget implements picocli.CommandLine.ITypeConverter<Integer> {
    @Override
    public Integer convert(String v) {
      int n = OptionValues.INTEGER.matcher(v).matches() ? Integer.parseInt(v) : -1;
      if (n < 256 || n > 2_000_000) {
        throw new picocli.CommandLine.TypeConversionException(
            "must be an integer between 256 and 2000000, was \"" + v + "\"");
      }
      return n;
    }
  }

  /** The question words joined; a usage error when they are blank. */
  static String question(CommandSpec spec, List<String> words, EngineCommand command) {
    String q = String.join(" ", words).strip();
    if (q.isEmpty()) {
      throw new ParameterException(spec.commandLine(), command.missingArguments());
    }
    return q;
  }
}
