package dev.citerag.loaders;

import java.time.Duration;

/**
 * What one file may cost a loader, so that a hostile or broken file costs that file only: past a
 * limit the file is refused with a {@link DocumentLoadException} naming it and the limit (a {@link
 * FolderLoader} then skips it with {@link FolderLoader.Reason#LIMIT_EXCEEDED} and loads the rest).
 * Each limit is checked before the memory it guards is spent: sizes before a file is read or
 * parsed, characters and pages while text is extracted, time between parsing steps.
 *
 * <pre>{@code
 * LoadLimits limits = LoadLimits.defaults().withMaxHtmlBytes(2_000_000).withMaxPages(500);
 * FolderLoader loader = FolderLoader.builder().limits(limits).build();
 * }</pre>
 *
 * @param maxFileBytes the largest file read at all, in bytes (default {@value #DEFAULT_FILE_BYTES})
 * @param maxHtmlBytes the largest HTML page parsed, in bytes: a parsed page takes 7 to 30 times its
 *     size in heap, and converting it copies the tree (default {@value #DEFAULT_HTML_BYTES})
 * @param maxDepth the deepest HTML element nesting read (default {@value #DEFAULT_DEPTH})
 * @param maxChars the most characters of text one file may give (default {@value #DEFAULT_CHARS})
 * @param maxCharsPerPage the most characters of text one PDF page may give (default {@value
 *     #DEFAULT_CHARS_PER_PAGE})
 * @param maxPages the most pages a PDF may have (default {@value #DEFAULT_PAGES})
 * @param maxTimePerFile the longest one file may take to parse (default 60 seconds); checked as
 *     parsing goes, so a file is stopped at the next step after its time is up
 */
public record LoadLimits(
    long maxFileBytes,
    long maxHtmlBytes,
    int maxDepth,
    long maxChars,
    int maxCharsPerPage,
    int maxPages,
    Duration maxTimePerFile) {

  /** Default {@link #maxFileBytes()}: 64 MiB. */
  public static final long DEFAULT_FILE_BYTES = 64L * 1024 * 1024;

  /** Default {@link #maxHtmlBytes()}: 4 MiB. */
  public static final long DEFAULT_HTML_BYTES = 4L * 1024 * 1024;

  /** Default {@link #maxDepth()}: 512. */
  public static final int DEFAULT_DEPTH = 512;

  /** Default {@link #maxChars()}: 8,000,000 (about 4,000 pages of prose). */
  public static final long DEFAULT_CHARS = 8_000_000;

  /** Default {@link #maxCharsPerPage()}: 200,000 (a dense page holds about 5,000). */
  public static final int DEFAULT_CHARS_PER_PAGE = 200_000;

  /** Default {@link #maxPages()}: 10,000. */
  public static final int DEFAULT_PAGES = 10_000;

  /** Default {@link #maxTimePerFile()}: 60 seconds. */
  public static final Duration DEFAULT_TIME_PER_FILE = Duration.ofSeconds(60);

  private static final LoadLimits DEFAULTS =
      new LoadLimits(
          DEFAULT_FILE_BYTES,
          DEFAULT_HTML_BYTES,
          DEFAULT_DEPTH,
          DEFAULT_CHARS,
          DEFAULT_CHARS_PER_PAGE,
          DEFAULT_PAGES,
          DEFAULT_TIME_PER_FILE);

  /**
   * Checks every limit.
   *
   * @param maxFileBytes the largest file read, in bytes; 1 to 2,000,000,000
   * @param maxHtmlBytes the largest HTML page parsed, in bytes; at least 1
   * @param maxDepth the deepest HTML nesting; 8 to 1,000
   * @param maxChars the most characters of text per file; at least 1
   * @param maxCharsPerPage the most characters per PDF page; at least 1
   * @param maxPages the most pages per PDF; at least 1
   * @param maxTimePerFile the longest parse of one file; positive
   * @throws IllegalArgumentException naming the limit when one is out of range or null
   */
  public LoadLimits {
    if (maxFileBytes < 1 || maxFileBytes > 2_000_000_000L) {
      throw new IllegalArgumentException(
          "maxFileBytes must be in 1..2000000000, was " + maxFileBytes);
    }
    positive(maxHtmlBytes, "maxHtmlBytes");
    if (maxDepth < 8 || maxDepth > 1_000) {
      throw new IllegalArgumentException("maxDepth must be in 8..1000, was " + maxDepth);
    }
    positive(maxChars, "maxChars");
    positive(maxCharsPerPage, "maxCharsPerPage");
    positive(maxPages, "maxPages");
    if (maxTimePerFile == null || maxTimePerFile.isNegative() || maxTimePerFile.isZero()) {
      throw new IllegalArgumentException("maxTimePerFile must be positive, was " + maxTimePerFile);
    }
  }

  private static void positive(long value, String name) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be > 0, was " + value);
    }
  }

  /** {@return the default limits} */
  public static LoadLimits defaults() {
    return DEFAULTS;
  }

  /**
   * {@return a copy with another {@link #maxFileBytes()}}
   *
   * @param bytes the largest file read
   * @throws IllegalArgumentException when out of range
   */
  public LoadLimits withMaxFileBytes(long bytes) {
    return new LoadLimits(
        bytes, maxHtmlBytes, maxDepth, maxChars, maxCharsPerPage, maxPages, maxTimePerFile);
  }

  /**
   * {@return a copy with another {@link #maxHtmlBytes()}}
   *
   * @param bytes the largest HTML page parsed
   * @throws IllegalArgumentException when out of range
   */
  public LoadLimits withMaxHtmlBytes(long bytes) {
    return new LoadLimits(
        maxFileBytes, bytes, maxDepth, maxChars, maxCharsPerPage, maxPages, maxTimePerFile);
  }

  /**
   * {@return a copy with another {@link #maxDepth()}}
   *
   * @param depth the deepest HTML nesting
   * @throws IllegalArgumentException when out of range
   */
  public LoadLimits withMaxDepth(int depth) {
    return new LoadLimits(
        maxFileBytes, maxHtmlBytes, depth, maxChars, maxCharsPerPage, maxPages, maxTimePerFile);
  }

  /**
   * {@return a copy with another {@link #maxChars()}}
   *
   * @param chars the most characters per file
   * @throws IllegalArgumentException when out of range
   */
  public LoadLimits withMaxChars(long chars) {
    return new LoadLimits(
        maxFileBytes, maxHtmlBytes, maxDepth, chars, maxCharsPerPage, maxPages, maxTimePerFile);
  }

  /**
   * {@return a copy with another {@link #maxCharsPerPage()}}
   *
   * @param chars the most characters per PDF page
   * @throws IllegalArgumentException when out of range
   */
  public LoadLimits withMaxCharsPerPage(int chars) {
    return new LoadLimits(
        maxFileBytes, maxHtmlBytes, maxDepth, maxChars, chars, maxPages, maxTimePerFile);
  }

  /**
   * {@return a copy with another {@link #maxPages()}}
   *
   * @param pages the most pages per PDF
   * @throws IllegalArgumentException when out of range
   */
  public LoadLimits withMaxPages(int pages) {
    return new LoadLimits(
        maxFileBytes, maxHtmlBytes, maxDepth, maxChars, maxCharsPerPage, pages, maxTimePerFile);
  }

  /**
   * {@return a copy with another {@link #maxTimePerFile()}}
   *
   * @param time the longest parse of one file
   * @throws IllegalArgumentException when not positive
   */
  public LoadLimits withMaxTimePerFile(Duration time) {
    return new LoadLimits(
        maxFileBytes, maxHtmlBytes, maxDepth, maxChars, maxCharsPerPage, maxPages, time);
  }
}
