package dev.citerag.loaders;

import dev.citerag.ingest.Document;

/**
 * Reads one file's bytes into a {@link Document}: its text, title, metadata and, for paged formats,
 * its pages. One implementation per format ({@link MarkdownLoader}, {@link TextLoader}, {@link
 * HtmlLoader}, {@link PdfLoader}); {@link FolderLoader} picks one by file extension.
 * Implementations are stateless and thread-safe.
 *
 * <pre>{@code
 * Document d = new MarkdownLoader().load("guides/deploy.md", "docs/guides/deploy.md", bytes);
 * }</pre>
 */
public interface DocumentLoader {

  /**
   * Reads one file's bytes as a document of this loader's format.
   *
   * @param id the document id to give it (e.g. the path relative to the folder)
   * @param source where it came from, for people and for error messages (a path or URL)
   * @param content the file's bytes; not modified or kept
   * @return the document, with {@code id} and {@code source} as given
   * @throws DocumentLoadException when the bytes cannot be read as this format (naming {@code
   *     source}); a {@link LoadLimitException} when reading them would pass a {@link LoadLimits}
   */
  Document load(String id, String source, byte[] content);

  /**
   * Reads one file's bytes as {@link #load} does, and says what was left out on the way (e.g. front
   * matter that could not be read, so the file was loaded without it). This default has no
   * warnings.
   *
   * @param id the document id to give it
   * @param source where it came from, for people and for error messages
   * @param content the file's bytes; not modified or kept
   * @return the document and its warnings
   * @throws DocumentLoadException as {@link #load}
   */
  default LoadedDocument read(String id, String source, byte[] content) {
    return new LoadedDocument(load(id, source, content), java.util.List.of());
  }
}
