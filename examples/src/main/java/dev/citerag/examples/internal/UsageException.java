package dev.citerag.examples.internal;

/**
 * A command line that cannot be run as written: an unknown command or option, a missing or bad
 * value. The message names the option and the rule; the CLI prints it with the usage and exits with
 * status 1.
 */
public final class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String command;

  /**
   * @param command the command whose usage to print, or {@code ""} for the general usage
   * @param message what is wrong, naming the option
   */
  public UsageException(String command, String message) {
    super(message);
    this.command = command;
  }

  /** The command whose usage applies ({@code ""} for the general usage). */
  public String command() {
    return command;
  }
}
