package dev.citerag.loaders;

/**
 * One file's spending against its {@link LoadLimits}: started when its parse starts, checked as it
 * goes. Not thread-safe: one per file.
 */
final class Budget {
  private final LoadLimits limits;
  private final String source;
  private final long deadline;

  Budget(LoadLimits limits, String source) {
    this.limits = limits;
    this.source = source;
    this.deadline = System.nanoTime() + limits.maxTimePerFile().toNanos();
  }

  LoadLimits limits() {
    return limits;
  }

  /** Throws once the file's time is up. */
  void checkTime() {
    if (System.nanoTime() - deadline > 0) {
      throw new LoadLimitException(
          source,
          "maxTimePerFile",
          "parsing took longer than maxTimePerFile = " + limits.maxTimePerFile());
    }
  }

  /** Throws when a file's text is longer than {@link LoadLimits#maxChars()}. */
  void checkChars(long chars) {
    if (chars > limits.maxChars()) {
      throw new LoadLimitException(
          source,
          "maxChars",
          "the file gives more than maxChars = " + limits.maxChars() + " characters of text");
    }
  }

  /** Throws when {@code bytes} of {@code what} pass {@code max}. */
  void checkBytes(long bytes, long max, String limit, String what) {
    if (bytes > max) {
      throw new LoadLimitException(
          source, limit, what + " of " + bytes + " bytes is larger than " + limit + " = " + max);
    }
  }
}
