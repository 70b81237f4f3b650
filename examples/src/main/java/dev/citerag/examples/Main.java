package dev.citerag.examples;

import dev.citerag.CiteragException;
import dev.citerag.IdentityMismatchException;
import dev.citerag.examples.internal.CliOptions;
import dev.citerag.examples.internal.CliOptions.Command;
import dev.citerag.examples.internal.DocsFolder;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.Evaluation;
import dev.citerag.examples.internal.Logging;
import dev.citerag.examples.internal.ProgressBar;
import dev.citerag.examples.internal.ResultJson;
import dev.citerag.examples.internal.SampleCorpus;
import dev.citerag.examples.internal.TextOutput;
import dev.citerag.examples.internal.Usage;
import dev.citerag.examples.internal.UsageException;
import dev.citerag.examples.web.DemoServer;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.IngestReport;
import dev.citerag.pipeline.RagResult;
import dev.citerag.store.SearchHit;
import dev.citerag.testkit.eval.SquadDataset;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The {@code citerag} command line: {@code ask}, {@code search}, {@code ingest}, {@code eval} and
 * {@code serve}. Runs offline by default: the local hashing embedder, the in-memory store filled
 * with the bundled sample corpus, and the extractive generator when no model is configured.
 *
 * <pre>{@code
 * ./citerag ask "During which hours are production deploys allowed?"
 * ./citerag ask --json --filter team=platform "How many approvals does a production deploy need?"
 * ./citerag ingest --store jdbc:postgresql://localhost:5432/rag?user=rag docs/
 * ./citerag serve --port 8080
 * }</pre>
 *
 * <p>{@link #run} returns the exit status instead of exiting, so the CLI runs in-process in tests:
 * {@value #EXIT_OK} answered (or done), {@value #EXIT_ERROR} error or bad arguments, {@value
 * #EXIT_ABSTAINED} abstained, {@value #EXIT_REJECTED} rejected.
 */
public final class Main {

  /** Answered, or the command completed. */
  public static final int EXIT_OK = 0;

  /** Bad arguments or a failure. */
  public static final int EXIT_ERROR = 1;

  /** The pipeline abstained: the documents do not contain the answer. */
  public static final int EXIT_ABSTAINED = 2;

  /** The pipeline rejected the model's answer: no verified answer. */
  public static final int EXIT_REJECTED = 3;

  private final Map<String, String> env;
  private final PrintStream out;
  private final PrintStream err;

  /**
   * A command line reading provider settings from {@code env} and writing to {@code out} and {@code
   * err}.
   *
   * @throws IllegalArgumentException when an argument is null
   */
  public Main(Map<String, String> env, PrintStream out, PrintStream err) {
    this.env = Map.copyOf(dev.citerag.internal.Checks.notNull(env, "env"));
    this.out = dev.citerag.internal.Checks.notNull(out, "out");
    this.err = dev.citerag.internal.Checks.notNull(err, "err");
  }

  /** Runs the command line with the real environment and exits with its status. */
  public static void main(String[] args) {
    if (Arrays.asList(args).contains("--verbose")) {
      System.setProperty("citerag.log.level", "DEBUG");
    }
    PrintStream out =
        new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    PrintStream err =
        new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
    int status = new Main(System.getenv(), out, err).run(args);
    out.flush();
    err.flush();
    System.exit(status);
  }

  /** Runs one command and returns its exit status; never calls {@link System#exit}. */
  public int run(String... args) {
    try {
      if (args.length == 0) {
        throw new UsageException("", "missing the command");
      }
      String first = args[0];
      if (first.equals("help") || first.equals("--help") || first.equals("-h")) {
        out.print(Usage.of(args.length > 1 ? args[1] : ""));
        return EXIT_OK;
      }
      Command command =
          Command.of(first)
              .orElseThrow(
                  () ->
                      new UsageException(
                          "",
                          "unknown command \""
                              + first
                              + "\" (commands: ask, search, ingest, eval, serve)"));
      CliOptions o = CliOptions.parse(command, Arrays.asList(args).subList(1, args.length));
      if (o.help()) {
        out.print(Usage.of(command.word()));
        return EXIT_OK;
      }
      if (o.verbose()) {
        Logging.debug();
      }
      return switch (command) {
        case ASK -> ask(o);
        case SEARCH -> search(o);
        case INGEST -> ingest(o);
        case EVAL -> eval(o);
        case SERVE -> serve(o);
      };
    } catch (UsageException e) {
      err.println("citerag: " + e.getMessage());
      err.println();
      err.print(Usage.of(e.command()));
      return EXIT_ERROR;
    } catch (IdentityMismatchException e) {
      err.println(
          "citerag: error: " + e.getMessage() + " (--collection NAME picks another collection)");
      return EXIT_ERROR;
    } catch (CiteragException
        | IllegalArgumentException
        | IllegalStateException
        | UncheckedIOException e) {
      err.println("citerag: error: " + e.getMessage());
      return EXIT_ERROR;
    }
  }

  private int ask(CliOptions o) {
    String question = question(o);
    try (Engine engine = Engine.open(o, env, err, Engine.Mode.ANSWER)) {
      RagResult r = engine.pipeline().ask(question, o.filter());
      if (o.json()) {
        out.println(ResultJson.pretty(ResultJson.result(r)));
      } else {
        out.print(TextOutput.result(r));
      }
      return exitStatus(r);
    }
  }

  /**
   * {@value #EXIT_OK} answered, {@value #EXIT_ABSTAINED} abstained, {@value #EXIT_REJECTED}
   * rejected.
   */
  public static int exitStatus(RagResult r) {
    if (r instanceof RagResult.Answered) {
      return EXIT_OK;
    }
    return r instanceof RagResult.Abstained ? EXIT_ABSTAINED : EXIT_REJECTED;
  }

  private int search(CliOptions o) {
    String question = question(o);
    try (Engine engine = Engine.open(o, env, err, Engine.Mode.RETRIEVE)) {
      List<SearchHit> hits = engine.pipeline().retrieve(question, o.filter());
      if (o.json()) {
        out.println(ResultJson.pretty(ResultJson.retrieval(question, hits)));
      } else {
        out.print(TextOutput.hits(question, hits));
      }
      return EXIT_OK;
    }
  }

  private int ingest(CliOptions o) {
    if (o.store().isEmpty()) {
      throw new UsageException(
          "ingest",
          "ingest needs --store jdbc:postgresql://...: the in-memory store keeps nothing after the command ends");
    }
    List<Document> documents;
    if (o.positional().isEmpty()) {
      documents = SampleCorpus.documents();
    } else {
      List<Path> paths = new ArrayList<>();
      for (String p : o.positional()) {
        paths.add(Path.of(p));
      }
      documents = DocsFolder.load(paths, err, o.verbose());
      if (documents.isEmpty()) {
        throw new IllegalArgumentException(
            "no "
                + DocsFolder.TYPES
                + " file could be loaded from "
                + String.join(", ", o.positional()));
      }
    }
    try (Engine engine = Engine.open(o, env, err, Engine.Mode.INGEST)) {
      ProgressBar bar = new ProgressBar(err);
      IngestReport report;
      try {
        // By default the collection mirrors the paths: a file deleted from them is removed.
        report = o.keepMissing() ? engine.ingest(documents, bar) : engine.sync(documents, bar);
      } finally {
        bar.finish();
      }
      long stored = engine.store().chunkCount();
      if (o.json()) {
        var node = ResultJson.ingest(report);
        node.put("chunks_in_store", stored);
        out.println(ResultJson.pretty(node));
      } else {
        out.print(TextOutput.ingest(report, engine.storeLabel(), stored));
      }
      return EXIT_OK;
    }
  }

  private int eval(CliOptions o) {
    if (o.positional().size() != 1) {
      throw new UsageException(
          "eval",
          "eval needs exactly one CASES.jsonl file or SQuAD-style directory, got "
              + o.positional().size());
    }
    Path cases = Path.of(o.positional().get(0));
    if (Files.isDirectory(cases)) {
      if (!SquadDataset.isSquadDirectory(cases)) {
        throw new UsageException(
            "eval", "directory " + cases + " must hold cases.jsonl and corpus/ (SQuAD-style)");
      }
      if (o.docs().isPresent() || o.store().isPresent()) {
        throw new UsageException("eval", "eval DIR brings its own corpus: drop --docs and --store");
      }
      SquadDataset squad = SquadDataset.load(cases);
      try (Engine engine = Engine.open(o, env, err, Engine.Mode.ANSWER, squad.documents())) {
        out.print(Evaluation.runSquad(engine, squad, o.json()));
        return EXIT_OK;
      }
    }
    if (!Files.isRegularFile(cases)) {
      throw new UsageException("eval", "cases file " + cases + " does not exist");
    }
    try (Engine engine = Engine.open(o, env, err, Engine.Mode.ANSWER)) {
      out.print(Evaluation.run(engine, cases, o.json()));
      return EXIT_OK;
    }
  }

  private int serve(CliOptions o) {
    try (Engine engine = Engine.open(o, env, err, Engine.Mode.ANSWER);
        DemoServer server = start(o, engine)) {
      out.println(
          "citerag: serving " + engine.corpusLabel() + " at " + server.uri() + " (Ctrl-C to stop)");
      out.flush();
      CountDownLatch never = new CountDownLatch(1);
      Thread hook = new Thread(never::countDown, "citerag-shutdown");
      Runtime.getRuntime().addShutdownHook(hook);
      try {
        never.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
          // the JVM is exiting; the hook has run
        }
      }
      return EXIT_OK;
    }
  }

  private static DemoServer start(CliOptions o, Engine engine) {
    try {
      return DemoServer.start(o.host(), o.port(), engine.pipeline(), engine.ingestor());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot listen on " + o.host() + ":" + o.port() + ": " + e.getMessage(), e);
    }
  }

  private static String question(CliOptions o) {
    String q = String.join(" ", o.positional()).strip();
    if (q.isEmpty()) {
      throw new UsageException(
          o.command().word(),
          "missing the question: citerag " + o.command().word() + " \"your question\"");
    }
    return q;
  }
}
