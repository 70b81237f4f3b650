package dev.citerag.examples;

import dev.citerag.examples.cli.CiteragCli;
import dev.citerag.pipeline.RagResult;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * The {@code citerag} command line: {@code ask}, {@code search}, {@code ingest}, {@code eval},
 * {@code serve} and {@code completion} (parsed by picocli: {@link CiteragCli}). Runs offline by
 * default: the in-process ONNX embedder (bge-small-en-v1.5), the in-memory store filled with the
 * bundled sample corpus, and the extractive generator when no model is configured.
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
  private final InputStream in;
  private final PrintStream out;
  private final PrintStream err;

  /**
   * A command line reading provider settings from {@code env} and writing to {@code out} and {@code
   * err}.
   *
   * @throws IllegalArgumentException when an argument is null
   */
  public Main(Map<String, String> env, PrintStream out, PrintStream err) {
    this(env, InputStream.nullInputStream(), out, err);
  }

  /**
   * A command line as {@link #Main(Map, PrintStream, PrintStream)} whose {@code shell} and {@code
   * ask --questions -} read {@code in} (the three-argument constructor gives them an empty input,
   * so that a host or a test never blocks on the process's standard input).
   *
   * @throws IllegalArgumentException when an argument is null
   */
  public Main(Map<String, String> env, InputStream in, PrintStream out, PrintStream err) {
    this.env = Map.copyOf(dev.citerag.internal.Checks.notNull(env, "env"));
    this.in = dev.citerag.internal.Checks.notNull(in, "in");
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
    int status = new Main(System.getenv(), System.in, out, err).run(args);
    out.flush();
    err.flush();
    System.exit(status);
  }

  /** Runs one command and returns its exit status; never calls {@link System#exit}. */
  public int run(String... args) {
    return CiteragCli.run(env, in, out, err, args);
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
}
