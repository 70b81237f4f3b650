package dev.citerag.testkit.golden.internal;

import dev.citerag.store.Filter;
import dev.citerag.testkit.golden.GoldenFormatException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Splits a Markdown file into its front matter ({@code key: value} lines between two {@code ---}
 * lines at the very top) and its body, and finds the title (the first {@code # } heading outside
 * a code fence).
 */
public final class FrontMatter {
  private FrontMatter() {}

  /** The parts of a file. */
  public record Parsed(Map<String, String> metadata, String body, @Nullable String title) {}

  public static Parsed parse(String text, String source) {
    String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
    String[] lines = t.split("\\R", -1);
    Map<String, String> meta = new LinkedHashMap<>();
    int bodyStart = 0;
    if (lines.length > 0 && lines[0].strip().equals("---")) {
      int end = -1;
      for (int i = 1; i < lines.length; i++) {
        if (lines[i].strip().equals("---")) {
          end = i;
          break;
        }
        String l = lines[i].strip();
        if (l.isEmpty() || l.startsWith("#")) {
          continue;
        }
        int colon = l.indexOf(':');
        if (colon <= 0) {
          throw new GoldenFormatException(source, i + 1, null,
              "front matter lines must be \"key: value\", was \"" + l + "\"");
        }
        String key = l.substring(0, colon).strip();
        String value = unquote(l.substring(colon + 1).strip());
        if (!Filter.KEY.matcher(key).matches()) {
          throw new GoldenFormatException(source, i + 1, key, "is not a valid metadata key (" + Filter.KEY.pattern() + ")");
        }
        if (meta.put(key, value) != null) {
          throw new GoldenFormatException(source, i + 1, key, "repeats in the front matter");
        }
      }
      if (end < 0) {
        throw new GoldenFormatException(source, 1, null, "front matter opened with --- is never closed");
      }
      bodyStart = end + 1;
    }
    StringBuilder body = new StringBuilder();
    for (int i = bodyStart; i < lines.length; i++) {
      body.append(lines[i]);
      if (i < lines.length - 1) {
        body.append('\n');
      }
    }
    String b = body.toString().strip() + "\n";
    return new Parsed(meta, b, title(b));
  }

  private static @Nullable String title(String body) {
    boolean fence = false;
    for (String line : body.split("\n", -1)) {
      String l = line.strip();
      if (l.startsWith("```") || l.startsWith("~~~")) {
        fence = !fence;
        continue;
      }
      if (!fence && l.startsWith("# ")) {
        String title = l.substring(2).strip();
        return title.isEmpty() ? null : title;
      }
    }
    return null;
  }

  private static String unquote(String v) {
    if (v.length() >= 2 && ((v.startsWith("\"") && v.endsWith("\"")) || (v.startsWith("'") && v.endsWith("'")))) {
      return v.substring(1, v.length() - 1);
    }
    return v;
  }
}
