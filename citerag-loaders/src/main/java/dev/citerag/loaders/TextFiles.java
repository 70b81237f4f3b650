package dev.citerag.loaders;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.store.MetadataValue;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Helpers shared by the text loaders. */
final class TextFiles {
  private TextFiles() {}

  /**
   * Strict UTF-8 (a malformed byte is an error, not a replacement character), BOM dropped, within
   * {@link LoadLimits#maxChars()}; a NUL byte refuses the file (it is binary, or UTF-16).
   */
  static String utf8(byte[] content, String source, Budget budget) {
    // a UTF-8 byte sequence of n bytes gives at least n / 3 chars: refuse before decoding
    budget.checkChars(content.length / 3);
    for (int i = 0; i < content.length; i++) {
      if (content[i] == 0) {
        throw new DocumentLoadException(
            source,
            0,
            "the file holds a NUL byte (at byte "
                + i
                + "): it is binary or UTF-16, not a UTF-8 text file; save it as UTF-8",
            null);
      }
    }
    String s;
    try {
      s =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(content))
              .toString();
    } catch (CharacterCodingException e) {
      throw new DocumentLoadException(source, 0, "file is not valid UTF-8", e);
    }
    budget.checkChars(s.length());
    return s.startsWith("\uFEFF") ? s.substring(1) : s;
  }

  private static @Nullable String textOf(@Nullable MetadataValue v) {
    return v == null ? null : v.asText();
  }

  /**
   * Reads a text file with optional front matter: front matter that cannot be read is left out (the
   * document is loaded without it) and named in a warning.
   */
  static LoadedDocument read(
      String id,
      String source,
      byte[] content,
      LoadLimits limits,
      DocumentFormat format,
      boolean headingTitle) {
    Budget budget = new Budget(limits, source);
    String text = utf8(content, source, budget);
    List<String> warnings = new ArrayList<>();
    Map<String, MetadataValue> meta = Map.of();
    String body;
    try {
      FrontMatter fm = FrontMatter.parse(text, source);
      meta = fm.metadata();
      body = fm.body();
    } catch (DocumentLoadException e) {
      FrontMatter.Split split = FrontMatter.split(text);
      body = split == null ? text : split.body();
      warnings.add(e.getMessage() + " (front matter ignored, the file is loaded without it)");
    }
    String title =
        title(
            textOf(meta.get("title")), headingTitle ? firstH1(body) : null, Names.baseName(source));
    return new LoadedDocument(
        new Document(id, source, title.isEmpty() ? null : title, body, format, meta), warnings);
  }

  /** The first {@code # } heading outside a fenced code block, without closing hashes. */
  static @Nullable String firstH1(String body) {
    boolean inFence = false;
    for (String line : body.split("\r\n|\n|\r", -1)) {
      String s = line.strip();
      if (s.startsWith("```") || s.startsWith("~~~")) {
        inFence = !inFence;
      } else if (!inFence && s.startsWith("# ")) {
        String t = s.substring(2).strip();
        int end = t.length();
        while (end > 0 && t.charAt(end - 1) == '#') {
          end--;
        }
        if (end < t.length() && (end == 0 || Character.isWhitespace(t.charAt(end - 1)))) {
          t = t.substring(0, end).strip();
        }
        return t.isEmpty() ? null : t;
      }
    }
    return null;
  }

  static String title(@Nullable String... candidates) {
    for (String c : candidates) {
      if (c != null && !c.isBlank()) {
        return c.strip();
      }
    }
    return "";
  }
}
