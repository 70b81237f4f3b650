package dev.citerag.examples.cli;

import picocli.CommandLine.Option;

/** What every command takes: {@code --verbose} and {@code -h}/{@code --help}. */
final class CommonOptions {

  @Option(names = "--verbose", description = "debug logging on stderr")
  private boolean verbose;

  // read by picocli (usageHelp), never by this code
  @SuppressWarnings("UnusedVariable")
  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "show this help")
  private boolean help;

  boolean verbose() {
    return verbose;
  }
}
