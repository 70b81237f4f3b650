package dev.citerag.loaders;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.internal.Checks;

/**
 * Plain text ({@code .txt}, {@code .text}): strict UTF-8; a front matter block at the top is read
 * as for Markdown (and left out, with a warning, when it cannot be read); title from the front
 * matter's {@code title}, else the file name without its extension. A file holding a NUL byte, or
 * more than {@link LoadLimits#maxChars()} characters, is refused. For metadata without touching the
 * file, put a sidecar file beside it (see {@link FolderLoader}).
 */
public final class TextLoader implements DocumentLoader {

  private final LoadLimits limits;

  /** A plain-text loader with {@link LoadLimits#defaults()}; stateless and thread-safe. */
  public TextLoader() {
    this(LoadLimits.defaults());
  }

  /**
   * A plain-text loader; stateless and thread-safe.
   *
   * @param limits what one file may cost
   * @throws IllegalArgumentException when {@code limits} is null
   */
  public TextLoader(LoadLimits limits) {
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
    return TextFiles.read(id, source, content, limits, DocumentFormat.TEXT, false);
  }
}
