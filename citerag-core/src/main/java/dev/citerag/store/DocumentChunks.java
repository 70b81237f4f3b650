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
   *     document, two chunks share an id, or a chunk's text, title, source, headings or metadata
   *     hold NUL (U+0000), which PostgreSQL text cannot store: every store refuses it alike, the
   *     message naming the chunk, its document and source
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
      noNul(c.chunk());
    }
  }

  private static void noNul(Chunk c) {
    Checks.noNul(c.id(), "chunks[].id");
    String who = "chunk \"" + c.id() + "\" of document \"" + c.docId() + "\"";
    Checks.noNul(c.source(), "source of " + who);
    who += " (" + c.source() + ")";
    Checks.noNul(c.title(), "title of " + who);
    for (String h : c.headingPath()) {
      Checks.noNul(h, "headingPath of " + who);
    }
    Checks.noNul(c.text(), "text of " + who);
    // metadata: MetadataValue refuses NUL in text and keys follow Filter.KEY
  }
}
