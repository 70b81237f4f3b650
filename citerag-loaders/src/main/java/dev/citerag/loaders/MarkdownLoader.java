package dev.citerag.loaders;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.internal.Checks;

/**
 * Markdown ({@code .md}, {@code .markdown}): strict UTF-8, front matter read by {@link FrontMatter}
 * into metadata; title from the front matter's {@code title}, else the first {@code # } heading,
 * else the file name without its extension.
 */
public final class MarkdownLoader implements DocumentLoader {

  /** A Markdown loader; stateless and thread-safe. */
  public MarkdownLoader() {}

  /**
   * @throws DocumentLoadException when the file is not UTF-8 or its front matter is malformed
   */
  @Override
  public Document load(String id, String source, byte[] content) {
    Checks.notNull(content, "content");
    String text = TextFiles.utf8(content, source);
    FrontMatter fm = FrontMatter.parse(text, source);
    String title =
        TextFiles.title(
            fm.metadata().get("title"), TextFiles.firstH1(fm.body()), TextFiles.baseName(source));
    return new Document(
        id,
        source,
        title.isEmpty() ? null : title,
        fm.body(),
        DocumentFormat.MARKDOWN,
        fm.metadata());
  }
}
