package dev.citerag.store;

/**
 * What a write changed.
 *
 * @param documentsWritten documents whose chunks were replaced (new or changed)
 * @param documentsSkipped documents whose content hash was already stored: nothing written
 * @param chunksWritten chunks inserted or updated
 * @param chunksDeleted stale chunks removed
 */
public record WriteResult(
    int documentsWritten, int documentsSkipped, int chunksWritten, int chunksDeleted) {

  /** Nothing changed. */
  public static final WriteResult EMPTY = new WriteResult(0, 0, 0, 0);

  /**
   * Adds two results, e.g. of two batches.
   *
   * @param o the result to add
   * @return the field-by-field sums
   */
  public WriteResult plus(WriteResult o) {
    return new WriteResult(
        documentsWritten + o.documentsWritten,
        documentsSkipped + o.documentsSkipped,
        chunksWritten + o.chunksWritten,
        chunksDeleted + o.chunksDeleted);
  }
}
