package dev.citerag.examples;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** Runs {@link Main} in-process with captured output and an explicit environment. */
final class Cli {
  private Cli() {}

  /** What one run printed and returned. */
  record Run(int status, String out, String err) {
    @Override
    public String toString() {
      return "exit " + status + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  static Run run(Map<String, String> env, String... args) {
    return runWithInput(env, "", args);
  }

  /** {@link #run} with {@code stdin} as standard input. */
  static Run runWithInput(Map<String, String> env, String stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        new Main(
                env,
                new java.io.ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .run(args);
    return new Run(
        status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /**
   * An environment with no key and an {@code OLLAMA_HOST} where nothing listens, so the automatic
   * model choice is the extractive generator whatever runs on this machine.
   */
  static Map<String, String> offline() {
    return Map.of("OLLAMA_HOST", "http://127.0.0.1:" + closedPort());
  }

  static Map<String, String> with(Map<String, String> env, String... keyValues) {
    Map<String, String> m = new HashMap<>(env);
    for (int i = 0; i < keyValues.length; i += 2) {
      m.put(keyValues[i], keyValues[i + 1]);
    }
    return Map.copyOf(m);
  }

  /** A loopback port nothing listens on (bound, then released). */
  static int closedPort() {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
