package dev.citerag.pipeline;

import dev.citerag.internal.Checks;
import dev.citerag.store.Chunk;

/**
 * A validated citation resolved to the chunk it names, with the place of its quote in that chunk.
 *
 * <p>The offsets are checked when the value is made: {@code chunk.text().substring(start, end)} is
 * the quote, character for character, so a page can highlight exactly that span of the chunk.
 *
 * @param claimIndex 0-based index of the claim it supports
 * @param sourceId the id the model cited
 * @param quote the cited text exactly as the chunk writes it (located by the quote the model gave,
 *     under the quotation normalisation), never the model's own rendering
 * @param chunk the cited chunk
 * @param start where the quote starts in {@code chunk.text()} (a UTF-16 index, inclusive)
 * @param end where the quote ends in {@code chunk.text()} (a UTF-16 index, exclusive)
 */
public record ResolvedCitation(
    int claimIndex, String sourceId, String quote, Chunk chunk, int start, int end) {

  /**
   * Checks the fields and that the offsets hold the quote.
   *
   * @param claimIndex 0-based index of the claim it supports
   * @param sourceId the id the model cited
   * @param quote the cited text exactly as the chunk writes it
   * @param chunk the cited chunk
   * @param start where the quote starts in {@code chunk.text()}, inclusive
   * @param end where the quote ends in {@code chunk.text()}, exclusive
   * @throws IllegalArgumentException when a field is null, {@code claimIndex} is negative, or
   *     {@code chunk.text().substring(start, end)} is not {@code quote}
   */
  public ResolvedCitation {
    Checks.nonNegative(claimIndex, "claimIndex");
    Checks.notNull(sourceId, "sourceId");
    Checks.notNull(quote, "quote");
    Checks.notNull(chunk, "chunk");
    String text = chunk.text();
    if (start < 0 || end < start || end > text.length()) {
      throw new IllegalArgumentException(
          "start and end must satisfy 0 <= start <= end <= chunk.text().length() ("
              + text.length()
              + "), were "
              + start
              + " and "
              + end);
    }
    if (!text.regionMatches(start, quote, 0, quote.length()) || end - start != quote.length()) {
      throw new IllegalArgumentException(
          "quote must be chunk.text().substring(start, end) (" + start + ", " + end + ")");
    }
  }

  /**
   * A citation whose quote is placed at its first occurrence in the chunk's text.
   *
   * @param claimIndex 0-based index of the claim it supports
   * @param sourceId the id the model cited
   * @param quote the cited text exactly as the chunk writes it
   * @param chunk the cited chunk
   * @throws IllegalArgumentException when a field is null or the chunk's text does not contain
   *     {@code quote}
   */
  public ResolvedCitation(int claimIndex, String sourceId, String quote, Chunk chunk) {
    this(
        claimIndex,
        sourceId,
        quote,
        chunk,
        firstIndex(chunk, quote),
        firstIndex(chunk, quote) + Checks.notNull(quote, "quote").length());
  }

  private static int firstIndex(Chunk chunk, String quote) {
    int at = Checks.notNull(chunk, "chunk").text().indexOf(Checks.notNull(quote, "quote"));
    if (at < 0) {
      throw new IllegalArgumentException("quote must occur in chunk.text()");
    }
    return at;
  }
}
