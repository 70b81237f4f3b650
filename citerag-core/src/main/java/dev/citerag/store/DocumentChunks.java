package dev.citerag.store;

import dev.citerag.internal.Checks;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The complete new state of one document: its content hash and all its chunks. A store replaces the
 * document's previous chunks with exactly these, atomically.
 */
public record DocumentChunks(String docId, String documentHash, List<EmbeddedChunk> chunks) {

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
