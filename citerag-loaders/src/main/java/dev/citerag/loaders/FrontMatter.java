package dev.citerag.loaders;

import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * A file's front matter: a YAML mapping between a first line {@code ---} and a closing line {@code
 * ---} (or {@code ...}), read by SnakeYAML with its safe loader, and the text after it.
 *
 * <p><b>When a block is front matter.</b> The file's first line is {@code ---}, the very next line
 * is a key line ({@code name:} followed by a space, a tab or the end of the line) and a closing
 * line follows. Otherwise the {@code ---} is a Markdown horizontal rule and the whole text is body.
 *
 * <p><b>Values</b> ({@link #values()}, typed): strings (plain or quoted), integers ({@link Long},
 * or {@link BigInteger} when larger), decimals ({@link BigDecimal}), booleans ({@link Boolean};
 * YAML 1.1, so {@code yes}/{@code no} too), dates ({@link LocalDate} for {@code 2024-05-01}, {@link
 * OffsetDateTime} for a timestamp with a time, UTC when it names no zone) and lists of those
 * ({@code tags: [a, b]} or one {@code - item} per line). A nested mapping becomes dotted keys
 * ({@code owner: {team: search}} gives {@code owner.team}). A null value is left out. {@link
 * #metadata()} holds the same values as {@link MetadataValue}s, the form a {@link
 * dev.citerag.ingest.Document}'s metadata takes: text, numbers, booleans and dates stay typed, a
 * list becomes a list value; a timestamp with a time becomes ISO-8601 text (metadata has no
 * date-time type), and a number or date a {@link MetadataValue} cannot hold (more than {@value
 * MetadataValue#MAX_DIGITS} digits, a year beyond 9999) is kept as the text YAML read.
 *
 * <p><b>What is refused</b>, with a {@link DocumentLoadException} naming the file, the line and the
 * rule (a loader then ingests the file without its front matter and warns): YAML that does not
 * parse, a repeated key, a front matter that is not a mapping, a key that does not match {@link
 * Filter#KEY} once dotted, a list holding mappings or lists, nesting deeper than {@value
 * #MAX_DEPTH}, more than {@value #MAX_ALIASES} aliases, more than {@value #MAX_KEYS} keys, a block
 * longer than {@value #MAX_CHARS} characters, and custom tags ({@code !!python/object} and the
 * like: the safe loader builds no objects).
 *
 * @param values the typed values in file order (unmodifiable); dotted keys for nested mappings
 * @param body the text after the closing line (the whole text when there is no front matter),
 *     without a leading byte-order mark
 * @param bodyLine the 1-based line of the file on which {@code body} starts
 */
public record FrontMatter(Map<String, Object> values, String body, int bodyLine) {

  /** Deepest nesting of mappings and lists read. */
  public static final int MAX_DEPTH = 8;

  /** Most aliases ({@code *name}) read in one front matter: an alias bomb stops here. */
  public static final int MAX_ALIASES = 16;

  /** Most keys (after dotting) and list elements in one front matter. */
  public static final int MAX_KEYS = 512;

  /** Longest front matter read, in characters. */
  public static final int MAX_CHARS = 65_536;

  /**
   * Copies the values (keeping their order) and checks the body.
   *
   * @param values the typed values in file order
   * @param body the text after the closing line
   * @param bodyLine the 1-based line of the file on which {@code body} starts
   * @throws IllegalArgumentException when {@code body} or a value is null
   */
  public FrontMatter {
    if (body == null) {
      throw new IllegalArgumentException("body must not be null");
    }
    for (Map.Entry<String, Object> e : values.entrySet()) {
      if (e.getValue() == null) {
        throw new IllegalArgumentException("values." + e.getKey() + " must not be null");
      }
    }
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /**
   * {@return the values as typed metadata, in file order: text, numbers, booleans, dates and lists
   * of them; timestamps with a time as ISO-8601 text}
   */
  public Map<String, MetadataValue> metadata() {
    Map<String, MetadataValue> out = new LinkedHashMap<>();
    values.forEach((k, v) -> out.put(k, typed(v)));
    return Collections.unmodifiableMap(out);
  }

  /**
   * A value of {@link #values()} as a metadata value.
   *
   * @param value a value of {@link #values()}
   * @return its typed form
   */
  static MetadataValue typed(Object value) {
    if (value instanceof List<?> list) {
      List<MetadataValue> items = new ArrayList<>(list.size());
      for (Object o : list) {
        items.add(typed(o));
      }
      return MetadataValue.list(items);
    }
    try {
      if (value instanceof Long l) {
        return MetadataValue.of(l.longValue());
      }
      if (value instanceof BigInteger b) {
        return MetadataValue.of(new BigDecimal(b));
      }
      if (value instanceof BigDecimal d) {
        return MetadataValue.of(d);
      }
      if (value instanceof Boolean b) {
        return MetadataValue.of(b.booleanValue());
      }
      if (value instanceof LocalDate d) {
        return MetadataValue.of(d);
      }
    } catch (IllegalArgumentException tooLarge) {
      // beyond what a metadata number or date holds: kept as the text YAML read
    }
    return MetadataValue.of(asString(value));
  }

  /**
   * A scalar value as text.
   *
   * @param value a value of {@link #values()}
   * @return its string form
   */
  static String asString(Object value) {
    if (value instanceof BigDecimal d) {
      return d.toPlainString();
    }
    return value.toString();
  }

  /**
   * Splits {@code text} into front matter and body.
   *
   * @param text the file's text
   * @param origin names the file in error messages (escaped in them)
   * @return the values (empty when the text has no front matter), the body and its first line
   * @throws DocumentLoadException when the text has a front matter block that cannot be read,
   *     naming {@code origin}, the line and the rule
   */
  public static FrontMatter parse(String text, String origin) {
    Split s = split(text);
    if (s == null) {
      String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
      return new FrontMatter(Map.of(), t, 1);
    }
    return new FrontMatter(read(s.yaml(), origin, 1), s.body(), s.bodyLine());
  }

  /**
   * A front matter block: the YAML between the lines and the text after it.
   *
   * @param yaml the YAML, starting on the file's second line
   * @param body the text after the closing line
   * @param bodyLine the 1-based line of the file on which {@code body} starts
   */
  record Split(String yaml, String body, int bodyLine) {}

  /** The block, or null when the text has none (its first line opens none, or it is unclosed). */
  static @Nullable Split split(String text) {
    String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
    int firstEnd = lineEnd(t, 0);
    if (!t.substring(0, firstEnd).stripTrailing().equals("---")) {
      return null;
    }
    int start = next(t, firstEnd);
    int pos = start;
    int lines = 0;
    while (pos < t.length()) {
      int end = lineEnd(t, pos);
      String s = t.substring(pos, end).stripTrailing();
      if (s.equals("---") || s.equals("...")) {
        if (lines == 0 || !keyLine(t.substring(start, lineEnd(t, start)))) {
          return null;
        }
        return new Split(t.substring(start, pos), t.substring(next(t, end)), lines + 3);
      }
      lines++;
      pos = next(t, end);
    }
    return null;
  }

  /** {@code name:} followed by a space, a tab or the end, the name not starting as YAML syntax. */
  private static boolean keyLine(String line) {
    if (line.isEmpty() || "# \t-[{'\"".indexOf(line.charAt(0)) >= 0) {
      return false;
    }
    for (int i = 1; i < line.length(); i++) {
      if (line.charAt(i) == ':') {
        return i + 1 == line.length() || line.charAt(i + 1) == ' ' || line.charAt(i + 1) == '\t';
      }
    }
    return false;
  }

  /**
   * Reads a YAML mapping (front matter or a metadata file) into typed values.
   *
   * @param yaml the YAML text
   * @param origin names the file in messages
   * @param firstLine the file's 1-based line on which {@code yaml} starts
   * @return the values in order, nested mappings dotted
   * @throws DocumentLoadException when it cannot be read, naming the line and the rule
   */
  static Map<String, Object> read(String yaml, String origin, int firstLine) {
    int lineOffset = firstLine; // YAML marks are 0-based; the block starts on line firstLine + 1
    if (yaml.length() > MAX_CHARS) {
      throw error(
          origin, firstLine + 1, "front matter is longer than " + MAX_CHARS + " characters");
    }
    if (yaml.isBlank()) {
      return Map.of();
    }
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    options.setMaxAliasesForCollections(MAX_ALIASES);
    options.setAllowRecursiveKeys(false);
    options.setNestingDepthLimit(MAX_DEPTH + 1);
    options.setCodePointLimit(MAX_CHARS * 2);
    options.setProcessComments(false);
    Node root;
    try {
      root = new Yaml(options).compose(new java.io.StringReader(yaml));
    } catch (MarkedYAMLException e) {
      Mark m = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
      int line = m == null ? firstLine + 1 : lineOffset + m.getLine() + 1;
      String problem = e.getProblem() != null ? e.getProblem() : e.getContext();
      throw error(origin, line, "front matter is not valid YAML: " + clip(String.valueOf(problem)));
    } catch (YAMLException e) {
      throw error(
          origin,
          firstLine + 1,
          "front matter is not valid YAML: " + clip(String.valueOf(e.getMessage())));
    }
    if (root == null) {
      return Map.of();
    }
    if (!(root instanceof MappingNode map)) {
      throw error(
          origin, line(root, lineOffset), "front matter must be a mapping of \"key: value\" lines");
    }
    Reader r = new Reader(origin, lineOffset);
    Map<String, Object> out = new LinkedHashMap<>();
    r.mapping(map, "", 1, out);
    return out;
  }

  /** Walks composed nodes; counts what it emits, so aliases cannot multiply the work. */
  private static final class Reader {
    private final String origin;
    private final int lineOffset;
    private int emitted;
    private final Set<Node> open = Collections.newSetFromMap(new IdentityHashMap<>());

    Reader(String origin, int lineOffset) {
      this.origin = origin;
      this.lineOffset = lineOffset;
    }

    void mapping(MappingNode node, String prefix, int depth, Map<String, Object> out) {
      if (!open.add(node)) {
        throw error(origin, line(node, lineOffset), "front matter mapping refers to itself");
      }
      for (NodeTuple t : node.getValue()) {
        if (!(t.getKeyNode() instanceof ScalarNode k)) {
          throw error(origin, line(t.getKeyNode(), lineOffset), "front matter keys must be text");
        }
        String key = prefix + k.getValue();
        if (!Filter.KEY.matcher(key).matches()) {
          throw error(
              origin,
              line(k, lineOffset),
              "front matter key \"" + clip(key) + "\" must match " + Filter.KEY.pattern());
        }
        if (out.containsKey(key)) {
          throw error(origin, line(k, lineOffset), "front matter key \"" + key + "\" repeats");
        }
        Node v = t.getValueNode();
        if (v instanceof MappingNode m) {
          if (depth >= MAX_DEPTH) {
            throw error(origin, line(v, lineOffset), "front matter nests deeper than " + MAX_DEPTH);
          }
          mapping(m, key + ".", depth + 1, out);
        } else if (v instanceof SequenceNode seq) {
          List<Object> list = new ArrayList<>();
          for (Node item : seq.getValue()) {
            if (!(item instanceof ScalarNode s)) {
              throw error(
                  origin,
                  line(item, lineOffset),
                  "front matter key \""
                      + key
                      + "\": a list may hold plain values only, not lists or mappings");
            }
            Object o = scalar(s, key);
            if (o != null) {
              count(item);
              list.add(o);
            }
          }
          count(v);
          out.put(key, List.copyOf(list));
        } else if (v instanceof ScalarNode s) {
          Object o = scalar(s, key);
          if (o != null) {
            count(v);
            out.put(key, o);
          }
        }
      }
      open.remove(node);
    }

    private void count(Node at) {
      if (++emitted > MAX_KEYS) {
        throw error(
            origin, line(at, lineOffset), "front matter holds more than " + MAX_KEYS + " values");
      }
    }

    private @Nullable Object scalar(ScalarNode s, String key) {
      String v = s.getValue();
      Tag tag = s.getTag();
      if (Tag.NULL.equals(tag)) {
        return null;
      }
      if (Tag.BOOL.equals(tag)) {
        String l = v.toLowerCase(Locale.ROOT);
        return l.equals("true") || l.equals("yes") || l.equals("on") || l.equals("y");
      }
      if (Tag.INT.equals(tag)) {
        try {
          BigInteger b = new BigInteger(v.replace("_", "").replace("+", ""));
          return b.bitLength() < 64 ? (Object) b.longValue() : b;
        } catch (NumberFormatException e) {
          return v; // octal, hex or sexagesimal forms: kept as written
        }
      }
      if (Tag.FLOAT.equals(tag)) {
        try {
          return new BigDecimal(v.replace("_", ""));
        } catch (NumberFormatException e) {
          return v; // .inf, .nan: kept as written
        }
      }
      if (Tag.TIMESTAMP.equals(tag)) {
        return timestamp(v, s, key);
      }
      if (Tag.STR.equals(tag)) {
        return v;
      }
      throw error(
          origin,
          line(s, lineOffset),
          "front matter key \"" + key + "\": the tag " + clip(tag.getValue()) + " is not read");
    }

    private Object timestamp(String v, ScalarNode s, String key) {
      try {
        if (v.length() == 10) {
          return LocalDate.parse(v);
        }
        String iso = v.strip().replaceFirst("^(\\d{4}-\\d\\d?-\\d\\d?)[ \\t]+", "$1T");
        iso = iso.replaceFirst("[ \\t]+(?=[Zz+-])", "");
        if (iso.matches(".*[Zz]$|.*[+-]\\d\\d?(:?\\d\\d)?$")) {
          iso = iso.replaceFirst("([+-])(\\d)(?=$|:)", "$10$2");
          if (iso.matches(".*[+-]\\d\\d$")) {
            iso = iso + ":00";
          }
          return OffsetDateTime.parse(iso);
        }
        return java.time.LocalDateTime.parse(iso).atOffset(ZoneOffset.UTC);
      } catch (DateTimeParseException e) {
        throw error(
            origin,
            line(s, lineOffset),
            "front matter key \"" + key + "\": \"" + clip(v) + "\" is not a valid date");
      }
    }
  }

  private static int line(Node n, int lineOffset) {
    Mark m = n.getStartMark();
    return m == null ? lineOffset + 1 : lineOffset + m.getLine() + 1;
  }

  private static DocumentLoadException error(String origin, int line, String problem) {
    return new DocumentLoadException(origin, line, FileNames.escape(problem), null);
  }

  private static String clip(String s) {
    return s.length() <= 80 ? s : s.substring(0, 77) + "...";
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
