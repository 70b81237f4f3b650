package dev.citerag.ingest;

import dev.citerag.store.Chunk;
import java.util.List;

/** Splits a document into chunks. Implementations are stateless and thread-safe. */
public interface Chunker {

  /**
   * Splits one document. The same document and settings always give the same chunks (same ids, text
   * and order), which is what lets {@link Ingestor} skip unchanged documents.
   *
   * @param document the document to split
   * @return the chunks in document order; empty for a blank document
   * @throws IllegalArgumentException when {@code document} is null
   */
  List<Chunk> chunk(Document document);

  /**
   * {@return a stable description of the settings that shape chunk boundaries, e.g. {@code
   * markdown-v1:max=300,overlap=40,faq=false}; recorded in a collection's identity, so that a
   * collection is not silently mixed with chunks of other settings}
   */
  String settingsDescription();
}
