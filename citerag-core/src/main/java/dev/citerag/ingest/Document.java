package dev.citerag.ingest;

import dev.citerag.internal.Checks;
import dev.citerag.text.Hashing;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A source document before chunking.
 *
 * @param id stable id chosen by the caller (e.g. a relative path); 1 to 512 characters, no control
 *     characters
 * @param source where it came from, for people (path or URL)
 * @param title its title, when known; prefixed to every chunk
 * @param content the full text
 * @param format how {@code content} is structured
 * @param metadata filterable key/value pairs (e.g. front matter {@code team: platform}); keys
 *     follow {@link dev.citerag.store.Filter#KEY}
 */
public record Document(
    String id,
    String source,
    @Nullable String title,
    String content,
    DocumentFormat format,
    Map<String, String> metadata) {

  private static final Pattern CONTROL = Pattern.compile("\\p{Cntrl}");

  public Document {
    Checks.notBlank(id, "document id");
    if (id.length() > 512) {
      throw new IllegalArgumentException("document id must be at most 512 characters, was " + id.length());
    }
    if (CONTROL.matcher(id).find()) {
      throw new IllegalArgumentException("document id must not contain control characters");
    }
    Checks.notNull(source, "source");
    Checks.notNull(content, "content");
    Checks.notNull(format, "format");
    metadata = Map.copyOf(Checks.notNull(metadata, "metadata"));
    Checks.wellFormed(id, "document id");
    Checks.wellFormed(source, "source");
    Checks.wellFormed(title, "title");
    Checks.wellFormed(content, "content of " + id);
    Checks.wellFormed(metadata, "metadata of " + id);
    for (String key : metadata.keySet()) {
      if (!dev.citerag.store.Filter.KEY.matcher(key).matches()) {
        throw new IllegalArgumentException(
            "metadata key \"" + key + "\" must match " + dev.citerag.store.Filter.KEY.pattern());
      }
    }
  }

  public static Document markdown(String id, String content) {
    return new Document(id, id, null, content, DocumentFormat.MARKDOWN, Map.of());
  }

  public static Document text(String id, String content) {
    return new Document(id, id, null, content, DocumentFormat.TEXT, Map.of());
  }

  public Document withMetadata(Map<String, String> newMetadata) {
    return new Document(id, source, title, content, format, newMetadata);
  }

  public Document withTitle(@Nullable String newTitle) {
    return new Document(id, source, newTitle, content, format, metadata);
  }

  public Optional<String> titleOption() {
    return Optional.ofNullable(title);
  }

  /**
   * Hash of everything that shapes the stored chunks of this document: content, title, source,
   * format and metadata. Unchanged hash, unchanged chunks.
   */
  public String contentHash() {
    StringBuilder meta = new StringBuilder();
    metadata.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(e -> meta.append(e.getKey()).append('\u0000').append(e.getValue()).append('\u0000'));
    return Hashing.sha256Hex(
        content, title == null ? "" : title, source, format.name(), meta.toString());
  }
}
