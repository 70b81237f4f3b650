package dev.citerag.store;

import dev.citerag.internal.Checks;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The complete new state of one document: its content hash and all its chunks. A store replaces the
 * document's previous chunks with exactly these, atomically.
 *
 * @param docId the document's id: not blank, no lone surrogate
 * @param documentHash the document's {@link dev.citerag.ingest.Document#contentHash()}
 * @param chunks every chunk of the document, each with {@code docId}; empty removes its chunks
 */
public record DocumentChunks(String docId, String documentHash, List<EmbeddedChunk> chunks) {

  /**
   * Checks the fields and copies the chunks.
   *
   * @param docId the document's id: not blank, no lone surrogate
   * @param documentHash the document's {@link dev.citerag.ingest.Document#contentHash()}
   * @param chunks every chunk of the document, each with {@code docId}; empty removes its chunks
   * @throws IllegalArgumentException when an id or hash is blank, a chunk belongs to another
   *     document, or two chunks share an id
   */
  public DocumentChunks {
    Checks.notBlank(docId, "docId");
    Checks.wellFormed(docId, "docId");
    Checks.notBlank(documentHash, "documentHash");
    chunks = List.copyOf(Checks.noNullElements(chunks, "chunks"));
    Set<String> ids = new HashSet<>();
    for (EmbeddedChunk c : chunks) {
      if (!c.chunk().docId().equals(docId)) {
        throw new IllegalArgumentException(
            "chunks[].docId must equal docId \"" + docId + "\", was \"" + c.chunk().docId() + "\"");
      }
      if (!ids.add(c.chunk().id())) {
        throw new IllegalArgumentException(
            "chunks[].id must be unique, \"" + c.chunk().id() + "\" repeats");
      }
    }
  }
}
