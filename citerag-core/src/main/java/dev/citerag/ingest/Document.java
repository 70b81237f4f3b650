package dev.citerag.ingest;

import dev.citerag.internal.Checks;
import dev.citerag.store.MetadataValue;
import dev.citerag.text.internal.FlatFrontMatter;
import dev.citerag.text.internal.Hashing;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A source document before chunking.
 *
 * @param id stable id chosen by the caller (e.g. a relative path); 1 to 512 characters, no control
 *     characters
 * @param source where it came from, for people (path or URL)
 * @param title its title, when known; prefixed to every chunk
 * @param content the full text; no field of a document may hold NUL (U+0000), which PostgreSQL text
 *     cannot store: it is rejected here, naming the document, in every store alike
 * @param format how {@code content} is structured
 * @param metadata filterable typed values (e.g. front matter {@code team: platform}, {@code year:
 *     2024}); keys follow {@link dev.citerag.store.Filter#KEY}; {@link MetadataValue#strings} turns
 *     a map of strings into one
 * @param pages the pages of a paged document (a PDF), in order; empty for other documents. When
 *     present, {@code content} is their texts joined by a blank line ({@link #paged}), and every
 *     chunk records the page it came from (chunks never span pages)
 */
public record Document(
    String id,
    String source,
    @Nullable String title,
    String content,
    DocumentFormat format,
    Map<String, MetadataValue> metadata,
    List<Page> pages) {

  /** Between the texts of two pages in {@link #content()} of a paged document. */
  public static final String PAGE_SEPARATOR = "\n\n";

  private static final Pattern CONTROL = Pattern.compile("\\p{Cntrl}");

  /**
   * Checks every field and copies the metadata and pages.
   *
   * @param id stable id chosen by the caller; 1 to 512 characters, no control characters
   * @param source where it came from, for people
   * @param title its title, or {@code null}
   * @param content the full text
   * @param format how {@code content} is structured
   * @param metadata filterable key/value pairs; keys follow {@link dev.citerag.store.Filter#KEY}
   * @param pages the pages of a paged document, numbers increasing; empty for other documents
   * @throws IllegalArgumentException when a field breaks its rule (named in the message), page
   *     numbers do not increase, or {@code content} is not the pages' texts joined by {@link
   *     #PAGE_SEPARATOR}
   */
  public Document {
    Checks.notBlank(id, "document id");
    if (id.length() > 512) {
      throw new IllegalArgumentException(
          "document id must be at most 512 characters, was " + id.length());
    }
    if (CONTROL.matcher(id).find()) {
      throw new IllegalArgumentException("document id must not contain control characters");
    }
    Checks.notNull(source, "source");
    Checks.notNull(content, "content");
    Checks.notNull(format, "format");
    metadata = MetadataValue.copyOf(metadata);
    String who = "document \"" + id + "\"";
    Checks.noNul(source, "source of " + who);
    who += " (" + source + ")";
    Checks.noNul(title, "title of " + who);
    Checks.noNul(content, "content of " + who);
    Checks.wellFormed(id, "document id");
    Checks.wellFormed(source, "source");
    Checks.wellFormed(title, "title");
    Checks.wellFormed(content, "content of " + id);
    pages = List.copyOf(Checks.noNullElements(pages, "pages"));
    if (!pages.isEmpty()) {
      for (int i = 1; i < pages.size(); i++) {
        if (pages.get(i).number() <= pages.get(i - 1).number()) {
          throw new IllegalArgumentException(
              "pages["
                  + i
                  + "].number must be greater than the one before it, was "
                  + pages.get(i).number()
                  + " after "
                  + pages.get(i - 1).number());
        }
      }
      if (!content.equals(join(pages))) {
        throw new IllegalArgumentException(
            "content of a paged document must be its pages' texts joined by a blank line (use Document.paged)");
      }
    }
  }

  /**
   * A document without pages.
   *
   * @param id stable id chosen by the caller; 1 to 512 characters, no control characters
   * @param source where it came from, for people
   * @param title its title, or {@code null}
   * @param content the full text
   * @param format how {@code content} is structured
   * @param metadata filterable key/value pairs; keys follow {@link dev.citerag.store.Filter#KEY}
   * @throws IllegalArgumentException when a field breaks its rule (named in the message)
   */
  public Document(
      String id,
      String source,
      @Nullable String title,
      String content,
      DocumentFormat format,
      Map<String, MetadataValue> metadata) {
    this(id, source, title, content, format, metadata, List.of());
  }

  /**
   * A paged document (a PDF): its content is the pages' texts joined by {@link #PAGE_SEPARATOR}.
   *
   * @param id stable id chosen by the caller
   * @param source where it came from, for people
   * @param title its title, or {@code null}
   * @param format how the pages' texts are structured
   * @param metadata filterable key/value pairs
   * @param pages the pages, numbers increasing
   * @return the document
   * @throws IllegalArgumentException as the canonical constructor
   */
  public static Document paged(
      String id,
      String source,
      @Nullable String title,
      DocumentFormat format,
      Map<String, MetadataValue> metadata,
      List<Page> pages) {
    Checks.noNullElements(pages, "pages");
    return new Document(id, source, title, join(pages), format, metadata, pages);
  }

  private static String join(List<Page> pages) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < pages.size(); i++) {
      if (i > 0) {
        b.append(PAGE_SEPARATOR);
      }
      b.append(pages.get(i).text());
    }
    return b.toString();
  }

  /**
   * A Markdown document whose front matter, if any, becomes its metadata (filterable, e.g. {@code
   * Filter.eq("team", "platform")}), its {@code title} the title, and is left out of the content.
   * Core reads flat {@code key: value} pairs only (one string per key; plain, single- or
   * double-quoted values); lists, nested maps, block scalars, anchors and tags are rejected. To
   * read front matter as full YAML, load files with citerag-loaders' {@code MarkdownLoader}.
   *
   * <pre>{@code
   * Document d = Document.markdown("runbooks/rollback.md", "---\nteam: platform\n---\n# Rollbacks\n...");
   * d.metadata(); // {team=TextValue[value=platform]}
   * }</pre>
   *
   * @param id the document id, also its source
   * @param content the Markdown text, possibly starting with front matter
   * @return the document, without the front matter in its content
   * @throws IllegalArgumentException when the front matter is not flat {@code key: value} pairs
   *     (the message is {@code id:line: problem}) or {@code id} breaks its rule
   */
  public static Document markdown(String id, String content) {
    Checks.notNull(content, "content");
    FlatFrontMatter.Parsed fm = FlatFrontMatter.parse(content, Checks.notNull(id, "document id"));
    String title = fm.metadata().get("title");
    return new Document(
        id,
        id,
        title == null || title.isBlank() ? null : title,
        fm.body(),
        DocumentFormat.MARKDOWN,
        MetadataValue.strings(fm.metadata()));
  }

  /**
   * A plain-text document without title or metadata.
   *
   * @param id the document id, also its source
   * @param content the text
   * @return the document
   * @throws IllegalArgumentException when {@code id} or {@code content} breaks its rule
   */
  public static Document text(String id, String content) {
    return new Document(id, id, null, content, DocumentFormat.TEXT, Map.of());
  }

  /**
   * A copy with other metadata (which changes its {@link #contentHash()}).
   *
   * @param newMetadata the metadata that replaces the current one
   * @return the copy
   * @throws IllegalArgumentException when a key or value breaks its rule
   */
  public Document withMetadata(Map<String, MetadataValue> newMetadata) {
    return new Document(id, source, title, content, format, newMetadata, pages);
  }

  /**
   * A copy with another title (which changes its {@link #contentHash()}).
   *
   * @param newTitle the title, or {@code null} for none
   * @return the copy
   */
  public Document withTitle(@Nullable String newTitle) {
    return new Document(id, source, newTitle, content, format, metadata, pages);
  }

  /**
   * A value's form in {@link #contentHash()}: text as itself (so text metadata hashes as it did
   * before typed values), any other type tagged with its type name.
   */
  private static String hashForm(MetadataValue v) {
    if (v instanceof MetadataValue.TextValue t) {
      return t.value();
    }
    if (v instanceof MetadataValue.ListValue l) {
      StringBuilder b = new StringBuilder("\u0001list:");
      for (MetadataValue item : l.items()) {
        b.append(item instanceof MetadataValue.TextValue ? "text:" : "")
            .append(hashForm(item))
            .append('\u0002');
      }
      return b.toString();
    }
    return "\u0001" + v.typeName() + ":" + v.asText();
  }

  /**
   * Hash of everything that shapes the stored chunks of this document: content, title, source,
   * format and metadata (and the page layout of a paged document). Unchanged hash, unchanged
   * chunks: {@link Ingestor} skips a document whose stored hash equals it.
   *
   * @return a SHA-256 hex digest (64 lower-case hex characters)
   */
  public String contentHash() {
    StringBuilder meta = new StringBuilder();
    metadata.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(
            e ->
                meta.append(e.getKey())
                    .append('\u0000')
                    .append(hashForm(e.getValue()))
                    .append('\u0000'));
    if (pages.isEmpty()) {
      return Hashing.sha256Hex(
          content, title == null ? "" : title, source, format.name(), meta.toString());
    }
    StringBuilder pageShape = new StringBuilder();
    for (Page p : pages) {
      pageShape.append(p.number()).append(':').append(p.text().length()).append(',');
    }
    return Hashing.sha256Hex(
        content,
        title == null ? "" : title,
        source,
        format.name(),
        meta.toString(),
        pageShape.toString());
  }
}
