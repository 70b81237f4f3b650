package dev.citerag.loaders;

/**
 * A file refused because loading it would pass one of its {@link LoadLimits}: too large, nested too
 * deep, too much text, too many pages, too slow. The message names the file and the limit; the file
 * is not the reader's fault, so a web upload answers it with 413 or 422, not 500.
 */
public final class LoadLimitException extends DocumentLoadException {
  private static final long serialVersionUID = 1L;

  /** The name of the {@link LoadLimits} component passed. */
  private final String limit;

  /**
   * Creates the exception.
   *
   * @param file the file's name or path as shown to people (escaped here)
   * @param limit the {@link LoadLimits} component passed, e.g. {@code maxDepth}
   * @param problem what was passed, e.g. {@code "HTML nests deeper than maxDepth = 512"}
   */
  public LoadLimitException(String file, String limit, String problem) {
    super(file, 0, problem, null);
    this.limit = limit;
  }

  /** {@return the name of the {@link LoadLimits} component passed, e.g. {@code maxChars}} */
  public String limit() {
    return limit;
  }
}
