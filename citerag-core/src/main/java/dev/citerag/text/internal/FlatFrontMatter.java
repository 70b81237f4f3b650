package dev.citerag.text.internal;

import dev.citerag.store.Filter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The flat front matter of {@code Document.markdown}: {@code key: value} pairs between a first line
 * {@code ---} and a closing line {@code ---} (or {@code ...}), one string per key. Core depends on
 * no YAML parser; citerag-loaders' {@code MarkdownLoader} reads front matter as full YAML (lists,
 * nested maps, dates). What this subset does not understand (indented lines, lists, block scalars,
 * flow collections, anchors, aliases, tags, a repeated key) is rejected with {@link Malformed}
 * naming the line, never misread.
 */
public final class FlatFrontMatter {
  private FlatFrontMatter() {}

  /**
   * The parts of a text.
   *
   * @param metadata the pairs in file order (unmodifiable)
   * @param body the text after the closing line (the whole text when there is none), without BOM
   * @param bodyLine the 1-based line on which {@code body} starts
   */
  public record Parsed(Map<String, String> metadata, String body, int bodyLine) {
    /** Copies the metadata, keeping its order. */
    public Parsed {
      metadata = Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    }
  }

  /** Front matter this subset cannot read; the message is {@code origin:line: problem}. */
  public static final class Malformed extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The origin as shown (escaped). */
    private final String origin;

    /** The 1-based line. */
    private final int line;

    /** The problem, without the prefix. */
    private final String problem;

    Malformed(String origin, int line, String problem) {
      super(origin + ":" + line + ": " + problem);
      this.origin = origin;
      this.line = line;
      this.problem = problem;
    }

    /** {@return the origin as shown (escaped)} */
    public String origin() {
      return origin;
    }

    /** {@return the 1-based line} */
    public int line() {
      return line;
    }

    /** {@return what is wrong} */
    public String problem() {
      return problem;
    }
  }

  private static final Pattern KEY_LINE = Pattern.compile("^[^\\s#\\-\\[{'\"][^:]*:(?:[ \\t].*)?$");

  /**
   * Splits {@code text} into front matter and body.
   *
   * @param text the file's text
   * @param origin names the file in error messages (escaped in them)
   * @return the metadata (empty when the text has no front matter), the body and its first line
   * @throws Malformed when the text has front matter that is not flat {@code key: value} pairs,
   *     naming {@code origin}, the line and the rule
   */
  public static Parsed parse(String text, String origin) {
    String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
    int firstEnd = lineEnd(t, 0);
    if (!t.substring(0, firstEnd).stripTrailing().equals("---")) {
      return new Parsed(Map.of(), t, 1);
    }
    // collect lines until the closing one; decide whether this is front matter at all
    java.util.List<String> lines = new java.util.ArrayList<>();
    int pos = next(t, firstEnd);
    int close = -1;
    while (pos < t.length()) {
      int end = lineEnd(t, pos);
      String line = t.substring(pos, end);
      String s = line.stripTrailing();
      if (s.equals("---") || s.equals("...")) {
        close = next(t, end);
        break;
      }
      lines.add(line);
      pos = next(t, end);
    }
    if (close < 0 || lines.isEmpty() || !KEY_LINE.matcher(lines.get(0)).matches()) {
      return new Parsed(Map.of(), t, 1);
    }
    Map<String, String> meta = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      int lineNo = i + 2;
      String line = lines.get(i);
      String s = line.strip();
      if (s.isEmpty() || s.startsWith("#")) {
        continue;
      }
      if (Character.isWhitespace(line.charAt(0))) {
        throw error(
            origin,
            lineNo,
            "indented line \""
                + clip(s)
                + "\" in front matter: nested"
                + " mappings, lists and multi-line values are not supported (metadata is flat"
                + " \"key: value\" pairs; put the value on one line, quoted if needed)");
      }
      if (s.equals("-") || s.startsWith("- ")) {
        throw error(
            origin,
            lineNo,
            "list item \""
                + clip(s)
                + "\" in front matter: lists are not"
                + " supported (metadata is flat \"key: value\" pairs)");
      }
      int colon = keyColon(s);
      if (colon <= 0) {
        throw error(
            origin, lineNo, "front matter line must be \"key: value\", was \"" + clip(s) + "\"");
      }
      String key = s.substring(0, colon).strip();
      if (!Filter.KEY.matcher(key).matches()) {
        throw error(
            origin,
            lineNo,
            "front matter key \"" + clip(key) + "\" must match " + Filter.KEY.pattern());
      }
      String value = value(s.substring(colon + 1).strip(), key, origin, lineNo);
      if (meta.put(key, value) != null) {
        throw error(origin, lineNo, "front matter key \"" + key + "\" repeats");
      }
    }
    return new Parsed(meta, t.substring(close), lines.size() + 3);
  }

  /** Index of the colon ending the key: the first one followed by a space, a tab or the end. */
  private static int keyColon(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) == ':'
          && (i + 1 == s.length() || s.charAt(i + 1) == ' ' || s.charAt(i + 1) == '\t')) {
        return i;
      }
    }
    return -1;
  }

  private static String value(String v, String key, String origin, int line) {
    if (v.isEmpty()) {
      return "";
    }
    char c = v.charAt(0);
    String rule =
        switch (c) {
          case '|', '>' -> "block scalars (| and >) are not supported";
          case '[', '{' -> "flow lists and mappings ([...] and {...}) are not supported";
          case '&', '*', '!' -> "anchors, aliases and tags (&, *, !) are not supported";
          case '@', '`' -> "a plain value must not start with " + c;
          default -> null;
        };
    if (rule == null && (v.equals("-") || v.startsWith("- "))) {
      rule = "lists are not supported";
    }
    if (rule != null) {
      throw error(
          origin,
          line,
          "value of front matter key \"" + key + "\": " + rule + " (quote the value on one line)");
    }
    if (c == '"') {
      return doubleQuoted(v, key, origin, line);
    }
    if (c == '\'') {
      return singleQuoted(v, key, origin, line);
    }
    String plain = v;
    for (int i = 1; i < plain.length(); i++) {
      if (plain.charAt(i) == '#' && Character.isWhitespace(plain.charAt(i - 1))) {
        plain = plain.substring(0, i).stripTrailing();
        break;
      }
    }
    if (keyColon(plain) >= 0) {
      throw error(origin, line, "value of front matter key \"" + key + "\" holds \": \": quote it");
    }
    return plain;
  }

  private static String singleQuoted(String v, String key, String origin, int line) {
    StringBuilder b = new StringBuilder();
    int i = 1;
    while (i < v.length()) {
      char c = v.charAt(i);
      if (c == '\'') {
        if (i + 1 < v.length() && v.charAt(i + 1) == '\'') {
          b.append('\'');
          i += 2;
          continue;
        }
        afterQuote(v, i + 1, key, origin, line);
        return b.toString();
      }
      b.append(c);
      i++;
    }
    throw error(
        origin,
        line,
        "value of front matter key \""
            + key
            + "\": the single quote is not"
            + " closed on this line (multi-line values are not supported)");
  }

  private static String doubleQuoted(String v, String key, String origin, int line) {
    StringBuilder b = new StringBuilder();
    int i = 1;
    while (i < v.length()) {
      char c = v.charAt(i);
      if (c == '"') {
        afterQuote(v, i + 1, key, origin, line);
        return b.toString();
      }
      if (c != '\\') {
        b.append(c);
        i++;
        continue;
      }
      if (i + 1 >= v.length()) {
        break;
      }
      char e = v.charAt(i + 1);
      int hex =
          switch (e) {
            case 'x' -> 2;
            case 'u' -> 4;
            case 'U' -> 8;
            default -> 0;
          };
      if (hex > 0) {
        if (i + 2 + hex > v.length()) {
          throw badEscape(origin, line, key, v.substring(i));
        }
        try {
          b.appendCodePoint(Integer.parseInt(v.substring(i + 2, i + 2 + hex), 16));
        } catch (IllegalArgumentException ex) {
          throw badEscape(origin, line, key, v.substring(i, i + 2 + hex));
        }
        i += 2 + hex;
        continue;
      }
      String rep =
          switch (e) {
            case '"' -> "\"";
            case '\\' -> "\\";
            case '/' -> "/";
            case 'n' -> "\n";
            case 't' -> "\t";
            case 'r' -> "\r";
            case '0' -> "\0";
            case ' ' -> " ";
            default -> null;
          };
      if (rep == null) {
        throw badEscape(origin, line, key, v.substring(i, i + 2));
      }
      b.append(rep);
      i += 2;
    }
    throw error(
        origin,
        line,
        "value of front matter key \""
            + key
            + "\": the double quote is not"
            + " closed on this line (multi-line values are not supported)");
  }

  private static void afterQuote(String v, int from, String key, String origin, int line) {
    String rest = v.substring(from).strip();
    if (!rest.isEmpty() && !rest.startsWith("#")) {
      throw error(
          origin,
          line,
          "value of front matter key \""
              + key
              + "\": text after the closing"
              + " quote: \""
              + clip(rest)
              + "\"");
    }
  }

  private static Malformed badEscape(String origin, int line, String key, String esc) {
    return error(
        origin,
        line,
        "value of front matter key \"" + key + "\": unknown escape \"" + clip(esc) + "\"");
  }

  private static Malformed error(String origin, int line, String problem) {
    return new Malformed(escape(origin), line, escape(problem));
  }

  /** Control, format, separator and surrogate characters as {@code \\uXXXX}. */
  static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      int type = Character.getType(c);
      if (type == Character.CONTROL
          || type == Character.FORMAT
          || type == Character.SURROGATE
          || type == Character.LINE_SEPARATOR
          || type == Character.PARAGRAPH_SEPARATOR) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static String clip(String s) {
    return s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }

  private static int lineEnd(String t, int from) {
    int i = from;
    while (i < t.length() && t.charAt(i) != '\n' && t.charAt(i) != '\r') {
      i++;
    }
    return i;
  }

  private static int next(String t, int end) {
    if (end < t.length()
        && t.charAt(end) == '\r'
        && end + 1 < t.length()
        && t.charAt(end + 1) == '\n') {
      return end + 2;
    }
    return Math.min(t.length(), end + 1);
  }
}
