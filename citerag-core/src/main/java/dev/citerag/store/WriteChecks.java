package dev.citerag.store;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/** The argument checks of {@link InMemoryVectorStore#write}, apart from the store's state. */
final class WriteChecks {

  private WriteChecks() {}

  /**
   * Checks that document ids are unique within the batch and that every vector has {@code
   * dimensions} components.
   *
   * @return the batch's document ids
   * @throws IllegalArgumentException naming the first offending document or chunk
   */
  static Set<String> batch(List<DocumentChunks> documents, int dimensions) {
    Set<String> batchDocs = new HashSet<>();
    for (int i = 0; i < documents.size(); i++) {
      DocumentChunks d = documents.get(i);
      if (!batchDocs.add(d.docId())) {
        throw new IllegalArgumentException(
            "documents[].docId must be unique within a write, \"" + d.docId() + "\" repeats");
      }
      List<EmbeddedChunk> cs = d.chunks();
      for (int j = 0; j < cs.size(); j++) {
        if (cs.get(j).dimensions() != dimensions) {
          throw new IllegalArgumentException(
              "documents["
                  + i
                  + "].chunks["
                  + j
                  + "].vector must have "
                  + dimensions
                  + " dimensions, was "
                  + cs.get(j).dimensions());
        }
      }
    }
    return batchDocs;
  }

  /**
   * Checks that no chunk id appears in two documents of {@code toWrite}, nor belongs to a stored
   * document that {@code toWrite} does not rewrite.
   *
   * @param toWrite the documents about to be written
   * @param storedOwner the document id owning a stored chunk id, or null when none does
   * @throws IllegalArgumentException naming the chunk id and both documents
   */
  static void chunkIds(
      List<DocumentChunks> toWrite, Function<String, @Nullable String> storedOwner) {
    Set<String> rewritten = new HashSet<>();
    for (DocumentChunks d : toWrite) {
      rewritten.add(d.docId());
    }
    Map<String, String> batchOwner = new HashMap<>();
    for (DocumentChunks d : toWrite) {
      for (EmbeddedChunk ec : d.chunks()) {
        String id = ec.chunk().id();
        String other = batchOwner.putIfAbsent(id, d.docId());
        if (other != null) {
          throw new IllegalArgumentException(
              "chunk id \""
                  + id
                  + "\" appears in documents \""
                  + other
                  + "\" and \""
                  + d.docId()
                  + "\"; chunk ids must be unique across the store");
        }
        String owner = storedOwner.apply(id);
        if (owner != null && !owner.equals(d.docId()) && !rewritten.contains(owner)) {
          throw new IllegalArgumentException(
              "chunk id \""
                  + id
                  + "\" of document \""
                  + d.docId()
                  + "\" already belongs to document \""
                  + owner
                  + "\"; chunk ids must be unique across the store");
        }
      }
    }
  }
}
