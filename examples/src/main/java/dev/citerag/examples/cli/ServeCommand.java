package dev.citerag.examples.cli;

import dev.citerag.examples.Main;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
import dev.citerag.examples.web.DemoServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code citerag serve}: the web demo. */
@Command(
    name = "serve",
    description = {
      "A web page at http://127.0.0.1:8080/.",
      "A web page to ask questions, see the cited answer, hover a marker for its quote and open"
          + " the evidence; JSON endpoints POST /ask, POST /ingest, POST /debug/retrieve."
    })
final class ServeCommand implements Callable<Integer>, EngineCommand {

  /** Default port. */
  static final int DEFAULT_PORT = 8080;

  /** Default bind address: loopback only. */
  static final String DEFAULT_HOST = "127.0.0.1";

  private final Context ctx;

  @Option(
      names = "--port",
      paramLabel = "N",
      defaultValue = "" + DEFAULT_PORT,
      converter = OptionValues.Port.class,
      description = "port (default: ${DEFAULT-VALUE}; 0 picks a free one)")
  private int port = DEFAULT_PORT;

  @Option(
      names = "--host",
      paramLabel = "ADDRESS",
      defaultValue = DEFAULT_HOST,
      converter = OptionValues.Host.class,
      description = "address to bind (default: ${DEFAULT-VALUE}, this machine only)")
  private String host = DEFAULT_HOST;

  @Mixin private ReadOptions read = new ReadOptions();
  @Mixin private AnswerOptions answer = new AnswerOptions();
  @Mixin private RerankOptions rerank = new RerankOptions();

  @SuppressWarnings("NullAway.Init") // injected by picocli
  @Spec
  private CommandSpec spec;

  @Mixin private CommonOptions common = new CommonOptions();

  ServeCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public EngineOptions engineOptions() {
    return read.engineOptions(answer, common.verbose());
  }

  @Override
  public String missingArguments() {
    return "serve takes no arguments";
  }

  int port() {
    return port;
  }

  String host() {
    return host;
  }

  @Override
  public Integer call() {
    EngineCommand.logging(common.verbose());
    try (Engine engine = Engine.open(engineOptions(), ctx.env(), ctx.err(), Engine.Mode.ANSWER);
        DemoServer server = start(engine)) {
      ctx.out()
          .println(
              "citerag: serving "
                  + engine.corpusLabel()
                  + " at "
                  + server.uri()
                  + " (Ctrl-C to stop)");
      ctx.out().flush();
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
      return Main.EXIT_OK;
    }
  }

  private DemoServer start(Engine engine) {
    try {
      return DemoServer.start(
          host,
          port,
          rerank.apply(spec, engine.pipeline(), ctx.env()),
          engine.ingestor(),
          engine.store());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot listen on " + host + ":" + port + ": " + e.getMessage(), e);
    }
  }
}
