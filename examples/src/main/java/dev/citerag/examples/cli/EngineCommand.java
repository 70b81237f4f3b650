package dev.citerag.examples.cli;

import dev.citerag.examples.internal.EngineOptions;
import dev.citerag.examples.internal.Logging;

/** A command that runs on an {@link dev.citerag.examples.internal.Engine}. */
interface EngineCommand {

  /** The checked options the engine is opened with. */
  EngineOptions engineOptions();

  /**
   * What a usage error says when the command's required arguments are missing, e.g. {@code missing
   * the question: citerag ask "your question"}.
   */
  String missingArguments();

  /** Turns on debug logging when {@code --verbose} was given. */
  static void logging(boolean verbose) {
    if (verbose) {
      Logging.debug();
    }
  }
}
