package dev.citerag.examples.cli;

import dev.citerag.examples.Main;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
import dev.citerag.examples.internal.ResultJson;
import dev.citerag.examples.internal.TextOutput;
import dev.citerag.pipeline.RagResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code citerag shell}: opens the engine once (documents loaded, model chosen), then answers one
 * question per line of standard input until {@code :quit} or end of input. The prompt goes to
 * standard error, answers to standard output, so a piped session's output holds only answers.
 */
@Command(
    name = "shell",
    description = {
      "Ask question after question on one loaded engine.",
      "Reads one question per line from standard input and answers each as `ask` would, with the"
          + " documents loaded and the model chosen once. :json switches JSON output on and off,"
          + " :quit (or end of input) leaves."
    })
final class ShellCommand implements Callable<Integer>, EngineCommand {
  static final String PROMPT = "citerag> ";

  private final Context ctx;

  @Mixin private ReadOptions read = new ReadOptions();
  @Mixin private FilterOptions filter = new FilterOptions();
  @Mixin private AnswerOptions answer = new AnswerOptions();

  @Option(names = "--json", description = "start with JSON output: one JSON object per line")
  private boolean json;

  @Mixin private CommonOptions common = new CommonOptions();

  ShellCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public EngineOptions engineOptions() {
    return read.engineOptions(answer, common.verbose());
  }

  @Override
  public String missingArguments() {
    return "citerag shell takes no arguments: type the questions after it starts";
  }

  @Override
  public Integer call() {
    EngineCommand.logging(common.verbose());
    boolean asJson = json;
    try (Engine engine = Engine.open(engineOptions(), ctx.env(), ctx.err(), Engine.Mode.ANSWER)) {
      ctx.err()
          .println(
              "citerag: answering from "
                  + engine.corpusLabel()
                  + "; one question per line, :json toggles JSON, :quit leaves");
      BufferedReader in =
          new BufferedReader(new InputStreamReader(ctx.in(), StandardCharsets.UTF_8));
      while (true) {
        ctx.err().print(PROMPT);
        ctx.err().flush();
        String line = in.readLine();
        if (line == null) {
          ctx.err().println();
          break;
        }
        String q = line.strip();
        if (q.isEmpty()) {
          continue;
        }
        if (q.equals(":quit") || q.equals(":q") || q.equals(":exit")) {
          break;
        }
        if (q.equals(":json")) {
          asJson = !asJson;
          ctx.err().println("citerag: JSON output " + (asJson ? "on" : "off"));
          continue;
        }
        if (q.startsWith(":")) {
          ctx.err().println("citerag: commands are :json and :quit; anything else is a question");
          continue;
        }
        RagResult r;
        try {
          r = engine.pipeline().ask(q, filter.filter());
        } catch (IllegalArgumentException e) {
          ctx.err().println("citerag: error: " + e.getMessage());
          continue;
        }
        if (asJson) {
          ctx.out().println(ResultJson.compact(ResultJson.result(r)));
        } else {
          ctx.out().print(TextOutput.result(r));
          ctx.out().println();
        }
        ctx.out().flush();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("reading standard input failed: " + e.getMessage(), e);
    }
    return Main.EXIT_OK;
  }
}
