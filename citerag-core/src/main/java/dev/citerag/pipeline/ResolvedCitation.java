package dev.citerag.pipeline;

import dev.citerag.internal.Checks;
import dev.citerag.store.Chunk;
import dev.citerag.store.SourceMap;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A validated citation resolved to the chunk it names, with the place of its quote in that chunk
 * and in the source document.
 *
 * <p>The offsets are checked when the value is made: {@code chunk.text().substring(start, end)} is
 * the quote, character for character, so a page can highlight exactly that span of the chunk; and
 * {@code documentStart}/{@code documentEnd} are what the chunk's {@link Chunk#sourceMap()} makes of
 * that span (see {@link SourceMap#toDocument}): in the document's text ({@code Document.content()},
 * or for a paged document the text of page {@link Chunk#page()}), {@code substring(documentStart,
 * documentEnd)} is the quote, or reads the same once whitespace is collapsed when the quote spans
 * two blocks (or a line end the chunker normalised).
 *
 * @param claimIndex 0-based index of the claim it supports
 * @param sourceId the id the model cited
 * @param quote the cited text exactly as the chunk writes it (located by the quote the model gave,
 *     under the quotation normalisation), never the model's own rendering
 * @param chunk the cited chunk
 * @param start where the quote starts in {@code chunk.text()} (a UTF-16 index, inclusive)
 * @param end where the quote ends in {@code chunk.text()} (a UTF-16 index, exclusive)
 * @param documentStart where the quote starts in the source document's text (inclusive); {@code
 *     null} when unknown: the chunk has no source map (stored by an earlier version, or made by
 *     hand) or the quote is not one span of the document (it runs into a repeated table header)
 * @param documentEnd where the quote ends in the source document's text (exclusive), {@code null}
 *     exactly when {@code documentStart} is
 */
public record ResolvedCitation(
    int claimIndex,
    String sourceId,
    String quote,
    Chunk chunk,
    int start,
    int end,
    @Nullable Integer documentStart,
    @Nullable Integer documentEnd) {

  /**
   * Checks the fields and that the offsets hold the quote.
   *
   * @param claimIndex 0-based index of the claim it supports
   * @param sourceId the id the model cited
   * @param quote the cited text exactly as the chunk writes it
   * @param chunk the cited chunk
   * @param start where the quote starts in {@code chunk.text()}, inclusive
   * @param end where the quote ends in {@code chunk.text()}, exclusive
   * @param documentStart where the quote starts in the document's text, or {@code null}
   * @param documentEnd where the quote ends in the document's text, or {@code null}
   * @throws IllegalArgumentException when a field is null, {@code claimIndex} is negative, {@code
   *     chunk.text().substring(start, end)} is not {@code quote}, or the document offsets are not
   *     what the chunk's source map makes of {@code [start, end)} (both null, when it makes none)
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
    SourceMap.Span span = documentSpan(chunk, start, end);
    Integer ds = span == null ? null : span.start();
    Integer de = span == null ? null : span.end();
    if (!Objects.equals(ds, documentStart) || !Objects.equals(de, documentEnd)) {
      throw new IllegalArgumentException(
          "documentStart and documentEnd must be what the chunk's source map makes of ("
              + start
              + ", "
              + end
              + "): "
              + ds
              + " and "
              + de
              + ", were "
              + documentStart
              + " and "
              + documentEnd);
    }
  }

  /**
   * A citation at {@code [start, end)} of the chunk, placed in the document by the chunk's source
   * map.
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
  public ResolvedCitation(
      int claimIndex, String sourceId, String quote, Chunk chunk, int start, int end) {
    this(
        claimIndex,
        sourceId,
        quote,
        chunk,
        start,
        end,
        documentOffset(chunk, start, end, true),
        documentOffset(chunk, start, end, false));
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

  private static SourceMap.@Nullable Span documentSpan(Chunk chunk, int start, int end) {
    SourceMap map = chunk.sourceMap();
    return map == null ? null : map.toDocument(start, end).orElse(null);
  }

  private static @Nullable Integer documentOffset(Chunk chunk, int start, int end, boolean first) {
    SourceMap.Span span = documentSpan(Checks.notNull(chunk, "chunk"), start, end);
    if (span == null) {
      return null;
    }
    return first ? span.start() : span.end();
  }

  private static int firstIndex(Chunk chunk, String quote) {
    int at = Checks.notNull(chunk, "chunk").text().indexOf(Checks.notNull(quote, "quote"));
    if (at < 0) {
      throw new IllegalArgumentException("quote must occur in chunk.text()");
    }
    return at;
  }
}
