package dev.citerag.loaders;

import dev.citerag.ingest.Document;
import java.util.List;

/**
 * A document read by a {@link DocumentLoader}, with what was left out on the way.
 *
 * @param document the document
 * @param warnings one line per thing left out, each starting with the file's (escaped) name, e.g.
 *     {@code "a.md:3: front matter ignored: ..."}
 */
public record LoadedDocument(Document document, List<String> warnings) {
  /**
   * Checks and copies.
   *
   * @param document the document
   * @param warnings one line per thing left out
   * @throws IllegalArgumentException when a field is null
   * @throws NullPointerException when a warning is null
   */
  public LoadedDocument {
    if (document == null || warnings == null) {
      throw new IllegalArgumentException("document and warnings must not be null");
    }
    warnings = List.copyOf(warnings);
  }
}
