package dev.citerag.examples.cli;

import dev.citerag.CiteragException;
import dev.citerag.IdentityMismatchException;
import dev.citerag.examples.Main;
import dev.citerag.examples.internal.EngineOptions;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * The {@code citerag} command line: {@code ask}, {@code search}, {@code ingest}, {@code eval},
 * {@code serve}, {@code shell}, {@code completion} and {@code help}, parsed by picocli.
 *
 * <p>Exit statuses: {@value Main#EXIT_OK} answered (or done), {@value Main#EXIT_ABSTAINED}
 * abstained, {@value Main#EXIT_REJECTED} rejected, {@value Main#EXIT_ERROR} error or bad arguments
 * (picocli's own code for a usage error, 2, would collide with "abstained"). A usage error prints
 * {@code citerag: <what is wrong, naming the option>}, a blank line and the command's usage on
 * standard error; a failure prints {@code citerag: error: <message>}.
 */
public final class CiteragCli {
  private CiteragCli() {}

  /** The command's name in usage texts and the completion script. */
  static final String NAME = "citerag";

  /** Columns of the usage help. */
  static final int WIDTH = 100;

  /** The top of the tree: no command of its own. */
  @Command(
      name = NAME,
      versionProvider = Version.class,
      synopsisSubcommandLabel = "<command>",
      description = "Answers questions from documents with citations that code has checked.",
      footer = {
        "`citerag <command> --help` shows a command's options. Without --docs the bundled sample"
            + " corpus is used: the internal docs of a fictional platform team, e.g.",
        "  citerag ask \"During which hours are production deploys allowed?\"",
        "",
        "environment: GEMINI_API_KEY, GEMINI_BASE_URL, GEMINI_MODEL, OLLAMA_HOST, OLLAMA_MODEL,"
            + " OLLAMA_EMBED_MODEL, OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL,"
            + " OPENAI_EMBED_MODEL, ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, ANTHROPIC_MODEL. exit status: 0 answered (or done), 2 abstained, 3 rejected, 1"
            + " error."
      })
  static final class Root implements Callable<Integer> {
    @SuppressWarnings("NullAway.Init") // injected by picocli
    @Spec
    private CommandSpec spec;

    // read by picocli (usageHelp), never by this code
    @SuppressWarnings("UnusedVariable")
    @Option(
        names = {"-h", "--help"},
        usageHelp = true,
        description = "show this help")
    private boolean help;

    // read by picocli (versionHelp), never by this code
    @SuppressWarnings("UnusedVariable")
    @Option(
        names = {"-V", "--version"},
        versionHelp = true,
        description = "print the version and exit")
    private boolean version;

    @Override
    public Integer call() {
      throw new ParameterException(spec.commandLine(), "missing the command");
    }
  }

  /** {@code citerag --version}: the project version (from the build) and the Java runtime. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {NAME + " " + projectVersion() + " (Java " + Runtime.version() + ")"};
    }

    /** The version Maven built this command line as, or {@code unknown}. */
    static String projectVersion() {
      java.util.Properties p = new java.util.Properties();
      try (var in =
          CiteragCli.class.getResourceAsStream("/dev/citerag/examples/version.properties")) {
        if (in != null) {
          p.load(in);
        }
      } catch (java.io.IOException e) {
        return "unknown";
      }
      String v = p.getProperty("version", "unknown");
      return v.startsWith("${") ? "unknown" : v;
    }
  }

  /**
   * Runs one command line and returns its exit status; never calls {@link System#exit}.
   *
   * @param env provider settings (the real environment, or a map in tests)
   */
  public static int run(Map<String, String> env, PrintStream out, PrintStream err, String... args) {
    return run(env, InputStream.nullInputStream(), out, err, args);
  }

  /**
   * {@link #run(Map, PrintStream, PrintStream, String...)} reading standard input from {@code in}
   * ({@code shell}, {@code ask --questions -}); the other form gives them an empty input.
   */
  public static int run(
      Map<String, String> env, InputStream in, PrintStream out, PrintStream err, String... args) {
    Context ctx = new Context(env, in, out, err);
    CommandLine cl = create(ctx);
    try {
      return cl.execute(args);
    } finally {
      cl.getOut().flush();
      cl.getErr().flush();
      out.flush();
      err.flush();
    }
  }

  /**
   * The checked options that {@code args} (a command and its options, e.g. {@code serve --model
   * extractive}) would open the engine with, without running the command.
   *
   * @throws ParameterException when the arguments are not a valid command line
   * @throws IllegalArgumentException when the command opens no engine
   */
  public static EngineOptions engineOptions(String... args) {
    PrintStream discard = new PrintStream(OutputStream.nullOutputStream(), true, UTF8);
    CommandLine cl = create(new Context(Map.of(), InputStream.nullInputStream(), discard, discard));
    ParseResult r = cl.parseArgs(args);
    while (r.hasSubcommand()) {
      r = r.subcommand();
    }
    if (r.commandSpec().userObject() instanceof EngineCommand c) {
      return c.engineOptions();
    }
    throw new IllegalArgumentException(
        "args must name a command that opens an engine, was " + r.commandSpec().name());
  }

  private static final java.nio.charset.Charset UTF8 = StandardCharsets.UTF_8;

  /** The command tree with its handlers, writing to {@code ctx}'s streams. */
  static CommandLine create(Context ctx) {
    CommandLine cl = new CommandLine(new Root());
    cl.addSubcommand(new AskCommand(ctx));
    cl.addSubcommand(new SearchCommand(ctx));
    cl.addSubcommand(new IngestCommand(ctx));
    cl.addSubcommand(new EvalCommand(ctx));
    cl.addSubcommand(new ServeCommand(ctx));
    cl.addSubcommand(new ShellCommand(ctx));
    cl.addSubcommand(new CompletionCommand(ctx));
    cl.addSubcommand(new HelpCommand());
    style(cl);
    cl.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_COMMAND_LIST, CommandList::render);
    cl.setOut(new PrintWriter(ctx.out(), true, UTF8));
    cl.setErr(new PrintWriter(ctx.err(), true, UTF8));
    cl.setColorScheme(Help.defaultColorScheme(Help.Ansi.OFF));
    cl.setParameterExceptionHandler(new UsageErrors(ctx));
    cl.setExecutionExceptionHandler(
        (e, failed, parsed) -> {
          if (e instanceof IdentityMismatchException) {
            ctx.err()
                .println(
                    "citerag: error: "
                        + e.getMessage()
                        + " (--collection NAME picks another collection)");
            return Main.EXIT_ERROR;
          }
          if (e instanceof CiteragException
              || e instanceof IllegalArgumentException
              || e instanceof IllegalStateException
              || e instanceof UncheckedIOException) {
            ctx.err().println("citerag: error: " + e.getMessage());
            return Main.EXIT_ERROR;
          }
          throw e;
        });
    cl.setExitCodeExceptionMapper(e -> Main.EXIT_ERROR);
    return cl;
  }

  /** The same layout for every command's usage: lower-case headings, options in their order. */
  private static void style(CommandLine cl) {
    UsageMessageSpec u = cl.getCommandSpec().usageMessage();
    u.synopsisHeading("usage: ")
        .descriptionHeading("%n")
        .parameterListHeading("%narguments:%n")
        .optionListHeading("%noptions:%n")
        .commandListHeading("%ncommands:%n")
        .footerHeading("%n")
        .sortOptions(false)
        .sortSynopsis(false)
        .width(WIDTH);
    for (CommandLine sub : cl.getSubcommands().values()) {
      style(sub);
    }
  }
}
