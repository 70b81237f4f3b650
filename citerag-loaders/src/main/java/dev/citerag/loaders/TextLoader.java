package dev.citerag.loaders;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.internal.Checks;

/**
 * Plain text ({@code .txt}, {@code .text}): strict UTF-8; a front matter block at the top is read
 * as for Markdown; title from the front matter's {@code title}, else the file name without its
 * extension.
 */
public final class TextLoader implements DocumentLoader {

  /** A plain-text loader; stateless and thread-safe. */
  public TextLoader() {}

  /**
   * @throws DocumentLoadException when the file is not UTF-8 or its front matter is malformed
   */
  @Override
  public Document load(String id, String source, byte[] content) {
    Checks.notNull(content, "content");
    String text = TextFiles.utf8(content, source);
    FrontMatter fm = FrontMatter.parse(text, source);
    String title = TextFiles.title(fm.metadata().get("title"), TextFiles.baseName(source));
    return new Document(
        id, source, title.isEmpty() ? null : title, fm.body(), DocumentFormat.TEXT, fm.metadata());
  }
}
