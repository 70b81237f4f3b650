package dev.citerag.loaders;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.internal.Checks;

/**
 * Markdown ({@code .md}, {@code .markdown}): strict UTF-8, YAML front matter read by {@link
 * FrontMatter} into metadata; title from the front matter's {@code title}, else the first {@code #
 * } heading, else the file name without its extension. Front matter that cannot be read is left
 * out: the file is loaded without it and {@link #read} names it in a warning. A file holding a NUL
 * byte, or more than {@link LoadLimits#maxChars()} characters, is refused.
 */
public final class MarkdownLoader implements DocumentLoader {

  private final LoadLimits limits;

  /** A Markdown loader with {@link LoadLimits#defaults()}; stateless and thread-safe. */
  public MarkdownLoader() {
    this(LoadLimits.defaults());
  }

  /**
   * A Markdown loader; stateless and thread-safe.
   *
   * @param limits what one file may cost
   * @throws IllegalArgumentException when {@code limits} is null
   */
  public MarkdownLoader(LoadLimits limits) {
    this.limits = Checks.notNull(limits, "limits");
  }

  /**
   * @throws DocumentLoadException when the file is not UTF-8 or holds a NUL byte
   * @throws LoadLimitException when it holds more than {@link LoadLimits#maxChars()} characters
   */
  @Override
  public Document load(String id, String source, byte[] content) {
    return read(id, source, content).document();
  }

  /**
   * @throws DocumentLoadException when the file is not UTF-8 or holds a NUL byte
   * @throws LoadLimitException when it holds more than {@link LoadLimits#maxChars()} characters
   */
  @Override
  public LoadedDocument read(String id, String source, byte[] content) {
    Checks.notNull(content, "content");
    return TextFiles.read(id, source, content, limits, DocumentFormat.MARKDOWN, true);
  }
}
