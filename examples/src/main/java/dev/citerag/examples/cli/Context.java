package dev.citerag.examples.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.Map;

/**
 * What the commands run with: the environment (provider settings; never the real one in tests),
 * standard output (results only, so {@code --json} stays clean) and standard error (progress, the
 * model choice, errors); standard input feeds {@code shell} and {@code ask --questions -}.
 */
record Context(Map<String, String> env, InputStream in, PrintStream out, PrintStream err) {
  Context {
    env = Map.copyOf(env);
  }
}
