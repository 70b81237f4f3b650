package dev.citerag.store;

import dev.citerag.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A passage of a document, small enough to show a model, attributable on its own.
 *
 * @param id stable id derived from the document id and the chunk's content
 * @param docId the id of the document it came from
 * @param source where the document came from (a path or URL), for people
 * @param title the document's title, when known
 * @param headingPath the Markdown headings above the chunk, outermost first; empty for plain text
 * @param page the 1-based page, for formats that have pages
 * @param text the chunk's text, starting with its title/heading so it stands alone
 * @param tokenCount estimated tokens of {@code text} (see {@link
 *     dev.citerag.text.internal.TokenEstimator})
 * @param contentHash SHA-256 of {@code text}, hex
 * @param metadata the document's typed metadata (front matter and the like), filterable
 * @param sourceMap where {@code text} comes from in the document (where the document's text begins
 *     after the heading prefix, and which characters are the document's); {@code null} when
 *     unknown, e.g. for chunks stored by an earlier version or made by hand
 */
public record Chunk(
    String id,
    String docId,
    String source,
    @Nullable String title,
    List<String> headingPath,
    @Nullable Integer page,
    String text,
    int tokenCount,
    String contentHash,
    Map<String, MetadataValue> metadata,
    @Nullable SourceMap sourceMap) {

  /**
   * Checks every field and copies the heading path and metadata.
   *
   * @param id stable id
   * @param docId the document's id
   * @param source where the document came from
   * @param title the document's title, or {@code null}
   * @param headingPath the headings above the chunk, outermost first
   * @param page the 1-based page, or {@code null}
   * @param text the chunk's text, not blank
   * @param tokenCount estimated tokens, &gt;= 0
   * @param contentHash SHA-256 of {@code text}, hex
   * @param metadata the document's metadata
   * @param sourceMap where {@code text} comes from in the document, or {@code null} when unknown
   * @throws IllegalArgumentException when a field breaks its rule or holds a lone surrogate (which
   *     PostgreSQL would store as {@code ?}), or the source map reaches past the text
   */
  public Chunk {
    Checks.notBlank(id, "id");
    Checks.notBlank(docId, "docId");
    Checks.notNull(source, "source");
    headingPath = List.copyOf(Checks.noNullElements(headingPath, "headingPath"));
    if (page != null && page < 1) {
      throw new IllegalArgumentException("page must be >= 1, was " + page);
    }
    Checks.notBlank(text, "text");
    Checks.nonNegative(tokenCount, "tokenCount");
    Checks.notBlank(contentHash, "contentHash");
    metadata = MetadataValue.copyOf(metadata);
    // Both stores must see the same strings: PostgreSQL turns a lone surrogate into '?'.
    Checks.wellFormed(id, "id");
    Checks.wellFormed(docId, "docId");
    Checks.wellFormed(source, "source");
    Checks.wellFormed(title, "title");
    for (String h : headingPath) {
      Checks.wellFormed(h, "headingPath");
    }
    Checks.wellFormed(text, "text");
    if (sourceMap != null
        && (sourceMap.bodyStart() > text.length() || sourceMap.end() > text.length())) {
      throw new IllegalArgumentException(
          "sourceMap must lie within text (" + text.length() + " characters)");
    }
  }

  /**
   * A chunk whose source map is unknown ({@link #sourceMap()} {@code null}).
   *
   * @param id stable id
   * @param docId the document's id
   * @param source where the document came from
   * @param title the document's title, or {@code null}
   * @param headingPath the headings above the chunk, outermost first
   * @param page the 1-based page, or {@code null}
   * @param text the chunk's text, not blank
   * @param tokenCount estimated tokens, &gt;= 0
   * @param contentHash SHA-256 of {@code text}, hex
   * @param metadata the document's metadata
   * @throws IllegalArgumentException when a field breaks its rule
   */
  public Chunk(
      String id,
      String docId,
      String source,
      @Nullable String title,
      List<String> headingPath,
      @Nullable Integer page,
      String text,
      int tokenCount,
      String contentHash,
      Map<String, MetadataValue> metadata) {
    this(
        id, docId, source, title, headingPath, page, text, tokenCount, contentHash, metadata, null);
  }

  /**
   * Where the document's own text begins in {@link #text()}: after the title and heading lines the
   * chunker puts first. From the {@link #sourceMap()} when there is one; otherwise, for a chunk of
   * an older version, the length of the prefix the chunker writes ({@code title}, unless the first
   * heading repeats it, and the heading path, one per line, then a blank line) when the text starts
   * with it, else 0.
   *
   * @return an index into {@link #text()}
   */
  public int bodyStart() {
    if (sourceMap != null) {
      return sourceMap.bodyStart();
    }
    List<String> lines = new ArrayList<>(2);
    if (title != null && (headingPath.isEmpty() || !headingPath.get(0).equals(title))) {
      lines.add(title);
    }
    if (!headingPath.isEmpty()) {
      lines.add(section());
    }
    if (lines.isEmpty()) {
      return 0;
    }
    String prefix = String.join("\n", lines);
    if (text.startsWith(prefix + "\n\n")) {
      return prefix.length() + 2;
    }
    return text.equals(prefix) ? text.length() : 0;
  }

  /**
   * The document's own text of this chunk: {@link #text()} from {@link #bodyStart()}, without the
   * title and heading lines the chunker puts first. This is what a model is shown as the source's
   * text and what a quote must come from.
   *
   * @return the text after the title and heading lines; empty for a chunk that holds only them
   */
  public String body() {
    int start = bodyStart();
    return start == 0 ? text : text.substring(start);
  }

  /** {@return the heading path joined with {@code " > "}; empty when the chunk has no heading} */
  public String section() {
    return String.join(" > ", headingPath);
  }
}
