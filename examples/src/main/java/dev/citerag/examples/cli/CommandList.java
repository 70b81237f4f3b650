package dev.citerag.examples.cli;

import java.util.Map;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The top-level usage's list of commands, each with its arguments ({@code ask "question"...}) so
 * the list reads like a synopsis; picocli's own list shows the bare names.
 */
final class CommandList {
  private CommandList() {}

  private static final int FIRST = 28;

  static String render(Help help) {
    Map<String, Help> subs = help.subcommands();
    if (subs.isEmpty()) {
      return "";
    }
    int width = help.commandSpec().usageMessage().width();
    TextTable t =
        TextTable.forColumns(
            help.colorScheme(),
            new Column(FIRST, 2, Column.Overflow.SPAN),
            new Column(width - FIRST, 1, Column.Overflow.WRAP));
    for (Map.Entry<String, Help> e : subs.entrySet()) {
      CommandSpec spec = e.getValue().commandSpec();
      String[] header = spec.usageMessage().header();
      String[] description = spec.usageMessage().description();
      String summary = header.length > 0 ? header[0] : description.length > 0 ? description[0] : "";
      summary = summary.replace("%n", "").strip();
      t.addRowValues(e.getKey() + arguments(spec), summary);
    }
    return t.toString();
  }

  /** The command's positional parameters as the synopsis shows them. */
  static String arguments(CommandSpec spec) {
    StringBuilder b = new StringBuilder();
    for (PositionalParamSpec p : spec.positionalParameters()) {
      String label = p.paramLabel() + (p.arity().max() > 1 ? "..." : "");
      b.append(' ').append(p.arity().min() == 0 ? "[" + label + "]" : label);
    }
    return b.toString();
  }
}
