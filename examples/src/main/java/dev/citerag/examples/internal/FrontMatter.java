package dev.citerag.examples.internal;

import dev.citerag.store.Filter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A Markdown front matter block: {@code key: value} lines between a first line {@code ---} and the
 * next line {@code ---}. Only flat {@code key: value} pairs are understood (no YAML lists or
 * nesting); a line that is not one is an error, not silently dropped. Blank lines and lines
 * starting with {@code #} are ignored; values may be wrapped in matching single or double quotes.
 *
 * @param metadata the pairs in file order
 * @param body the document without the block
 */
public record FrontMatter(Map<String, String> metadata, String body) {

  public FrontMatter {
    metadata = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
  }

  /**
   * Splits {@code text} into its front matter (empty when the text does not start with {@code
   * ---}) and the rest.
   *
   * @param origin names the file in error messages
   * @throws IllegalArgumentException when the block is not closed, a line is not {@code key:
   *     value}, a key does not match {@link Filter#KEY} or repeats
   */
  public static FrontMatter parse(String text, String origin) {
    String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
    String[] lines = t.split("\\R", -1);
    if (lines.length == 0 || !lines[0].strip().equals("---")) {
      return new FrontMatter(Map.of(), t);
    }
    Map<String, String> meta = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      String line = lines[i];
      String s = line.strip();
      if (s.equals("---")) {
        StringBuilder body = new StringBuilder();
        for (int j = i + 1; j < lines.length; j++) {
          body.append(lines[j]);
          if (j < lines.length - 1) {
            body.append('\n');
          }
        }
        return new FrontMatter(meta, body.toString());
      }
      if (s.isEmpty() || s.startsWith("#")) {
        continue;
      }
      int colon = s.indexOf(':');
      if (colon <= 0) {
        throw new IllegalArgumentException(
            origin + ": front matter line " + (i + 1) + " must be \"key: value\", was \"" + s + "\"");
      }
      String key = s.substring(0, colon).strip();
      String value = unquote(s.substring(colon + 1).strip());
      if (!Filter.KEY.matcher(key).matches()) {
        throw new IllegalArgumentException(
            origin + ": front matter key \"" + key + "\" (line " + (i + 1) + ") must match " + Filter.KEY.pattern());
      }
      if (meta.put(key, value) != null) {
        throw new IllegalArgumentException(
            origin + ": front matter key \"" + key + "\" repeats (line " + (i + 1) + ")");
      }
    }
    throw new IllegalArgumentException(origin + ": front matter starting at line 1 is not closed by a \"---\" line");
  }

  private static String unquote(String v) {
    if (v.length() >= 2) {
      char a = v.charAt(0);
      char b = v.charAt(v.length() - 1);
      if ((a == '"' || a == '\'') && a == b) {
        return v.substring(1, v.length() - 1);
      }
    }
    return v;
  }
}
