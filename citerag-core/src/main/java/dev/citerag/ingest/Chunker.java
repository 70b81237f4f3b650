package dev.citerag.ingest;

import dev.citerag.store.Chunk;
import java.util.List;

/** Splits a document into chunks. Implementations are stateless and thread-safe. */
public interface Chunker {

  List<Chunk> chunk(Document document);

  /**
   * A stable description of the settings that shape chunk boundaries (recorded in a collection's
   * identity, so that a collection is not silently mixed with chunks of other settings).
   */
  String settingsDescription();
}
