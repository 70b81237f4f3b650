package dev.citerag.examples.cli;

import dev.citerag.examples.Main;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code citerag completion}: prints picocli's bash completion script (zsh reads it too, through
 * {@code bashcompinit}). It completes the commands, their options and the values of the options
 * that take one word of a few ({@code --model}, {@code --embedder}, {@code --strictness}, {@code
 * --require-lexical}).
 */
@Command(
    name = "completion",
    description = {
      "Print the bash completion script.",
      "Prints a bash completion script for citerag (zsh: after `autoload -U bashcompinit &&"
          + " bashcompinit`). Load it with: source <(./citerag completion)"
    })
final class CompletionCommand implements Callable<Integer> {
  private final Context ctx;

  @SuppressWarnings("NullAway.Init") // injected by picocli
  @Spec
  private CommandSpec spec;

  // --help and --verbose (nothing to log here), read by picocli only
  @SuppressWarnings("UnusedVariable")
  @Mixin
  private CommonOptions common = new CommonOptions();

  CompletionCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public Integer call() {
    CommandSpec parent = spec.parent();
    CommandLine root = parent == null ? spec.commandLine() : parent.commandLine();
    String script = AutoComplete.bash(CiteragCli.NAME, root);
    ctx.out().print(script);
    // the script binds the function to `citerag`; bind it to the wrapper at the repository root
    // as typed, too
    ctx.out()
        .println("complete -F _picocli_" + CiteragCli.NAME + " -o default ./" + CiteragCli.NAME);
    return Main.EXIT_OK;
  }
}
