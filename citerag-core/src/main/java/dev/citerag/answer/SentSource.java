package dev.citerag.answer;

import dev.citerag.internal.Checks;
import dev.citerag.store.Chunk;
import dev.citerag.store.SearchHit;

/**
 * A chunk as it was shown to the model, under the short id the model must cite.
 *
 * @param sourceId the id the model saw (short, non-sequential, unique within one call)
 * @param hit the retrieval hit behind it
 */
public record SentSource(String sourceId, SearchHit hit) {

  /**
   * Checks the fields.
   *
   * @param sourceId the id the model saw (short, non-sequential, unique within one call)
   * @param hit the retrieval hit behind it
   * @throws IllegalArgumentException when {@code sourceId} is blank or {@code hit} is null
   */
  public SentSource {
    Checks.notBlank(sourceId, "sourceId");
    Checks.notNull(hit, "hit");
  }

  /** {@return the chunk behind the id: {@code hit().chunk()}} */
  public Chunk chunk() {
    return hit.chunk();
  }
}
