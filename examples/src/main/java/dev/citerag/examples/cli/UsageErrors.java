package dev.citerag.examples.cli;

import dev.citerag.examples.Main;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Turns picocli's parse errors into the command line's usage errors: {@code citerag: <message>}, a
 * blank line and the usage of the command at fault on standard error, exit status {@value
 * Main#EXIT_ERROR}. Every message names the option (or the command) and the rule, e.g. {@code
 * option --k must be an integer between 1 and 100, was "0"} or {@code unknown option --colour for
 * ask}. A value is repeated only where it is the user's own word (never a {@code --store} URL,
 * which may hold a password).
 *
 * <p>When {@code -h} or {@code --help} was given as well, the usage is printed on standard output
 * and the status is 0: asking for help never fails on a value.
 */
final class UsageErrors implements IParameterExceptionHandler {
  private final Context ctx;

  UsageErrors(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public int handleParseException(ParameterException ex, String[] args) {
    CommandLine at = ex.getCommandLine();
    if (helpAsked(args)) {
      at.usage(at.getOut());
      return Main.EXIT_OK;
    }
    ctx.err().println("citerag: " + message(ex, args));
    ctx.err().println();
    at.usage(at.getErr());
    return Main.EXIT_ERROR;
  }

  /** What is wrong, naming the option or command. */
  static String message(ParameterException ex, String[] args) {
    CommandLine at = ex.getCommandLine();
    CommandSpec spec = at.getCommandSpec();
    String command = spec.name();
    boolean root = spec.parent() == null;
    if (ex instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      String first = u.getUnmatched().get(0);
      if (first.startsWith("-") && first.length() > 1) {
        int eq = first.indexOf('=');
        String name = eq > 0 ? first.substring(0, eq) : first;
        OptionSpec known = spec.findOption(name);
        if (known != null && known.arity().max() == 0) {
          return "option " + name + " takes no value";
        }
        return "unknown option "
            + name
            + (root ? "" : " for " + command)
            + (name.startsWith("--") ? "" : " (options start with --)");
      }
      if (root) {
        return "unknown command \"" + first + "\" (commands: " + commands(spec) + ")";
      }
      return "unexpected argument \"" + first + "\" for " + command;
    }
    if (ex instanceof OverwrittenOptionException o) {
      return "option " + name(o.getOverwritten()) + " is given twice";
    }
    if (ex instanceof MissingParameterException m && !m.getMissing().isEmpty()) {
      ArgSpec missing = m.getMissing().get(0);
      if (missing instanceof OptionSpec o && given(o, args)) {
        return "option " + o.longestName() + " needs a value";
      }
      if (spec.userObject() instanceof EngineCommand c) {
        return c.missingArguments();
      }
      return "missing " + name(missing);
    }
    if (ex.getArgSpec() instanceof OptionSpec o && o.arity().max() == 0) {
      // a flag given a value: --json=yes
      return "option " + o.longestName() + " takes no value";
    }
    if (ex.getCause() instanceof TypeConversionException t && ex.getArgSpec() != null) {
      String rule = String.valueOf(t.getMessage());
      return (ex.getArgSpec().isOption() ? "option " : "argument ")
          + name(ex.getArgSpec())
          + (rule.startsWith(":") ? "" : " ")
          + rule;
    }
    return String.valueOf(ex.getMessage());
  }

  private static String name(ArgSpec a) {
    return a instanceof OptionSpec o ? o.longestName() : a.paramLabel();
  }

  /**
   * Whether the option's name is among the arguments (so its value, not the option, is missing).
   */
  private static boolean given(OptionSpec o, String[] args) {
    for (String a : args) {
      if (a.equals("--")) {
        return false;
      }
      for (String n : o.names()) {
        if (a.equals(n) || a.startsWith(n + "=")) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean helpAsked(String[] args) {
    for (String a : args) {
      if (a.equals("--")) {
        return false;
      }
      if (a.equals("-h") || a.equals("--help")) {
        return true;
      }
    }
    return false;
  }

  private static String commands(CommandSpec root) {
    List<String> names = new ArrayList<>(root.subcommands().keySet());
    return String.join(", ", names);
  }
}
