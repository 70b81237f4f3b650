package dev.citerag.loaders;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/** Helpers shared by the text loaders. */
final class TextFiles {
  private TextFiles() {}

  /** Strict UTF-8 (a malformed byte is an error, not a replacement character), BOM dropped. */
  static String utf8(byte[] content, String source) {
    try {
      String s =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(content))
              .toString();
      return s.startsWith("\uFEFF") ? s.substring(1) : s;
    } catch (CharacterCodingException e) {
      throw new DocumentLoadException(source, 0, "file is not valid UTF-8", e);
    }
  }

  /** The last path segment of {@code source} without its extension. */
  static String baseName(String source) {
    int slash = Math.max(source.lastIndexOf('/'), source.lastIndexOf('\\'));
    String name = source.substring(slash + 1);
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
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
