package dev.citerag.examples.cli;

import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The filter grammar of {@code --filter} and of the web demo's {@code "filter"} string, read by a
 * small hand parser (no regular expressions). {@link Filter#toString()} prints a filter in it, so a
 * filter named in a message or a warning can be pasted back.
 *
 * <pre>
 * filter := or
 * or     := and ('or' and)*
 * and    := unary ('and' unary)*
 * unary  := 'not' unary | '(' or ')' | 'all' | term
 * term   := key '=' value | key '!=' value
 *         | key ('&gt;' | '&gt;=' | '&lt;' | '&lt;=') bound
 *         | key 'contains' value
 *         | key 'in' '(' value (',' value)* ')'
 *         | key '?'            (the key is present)
 *         | '!' key            (the key is absent)
 * key    := [A-Za-z0-9_.-]{1,64}
 * value  := "quoted text"      (text only; \" \\ \n \r \t \\uXXXX escapes)
 *         | number(N) | date(YYYY-MM-DD) | boolean(true|false)   (that type only)
 *         | a bare word        (text, and its typed reading: see below)
 * bound  := a number (2020, -1.5) or a date (2024-05-01), bare or as number(..)/date(..)
 * </pre>
 *
 * A bare word ends at a space, a comma or a parenthesis. When it reads as a number, a date or
 * {@code true}/{@code false}, it matches both that typed value and the same text ({@code year=2020}
 * finds the number 2020 and the text "2020"); a quoted value matches text only. Spaces around
 * operators are allowed. For compatibility, a single term without quotes, parentheses or a word
 * {@code and}, {@code or} or {@code not} reads the rest of the text as its value ({@code
 * title=Annual report}).
 */
public final class FilterSyntax {
  private final String text;
  private int pos;

  private FilterSyntax(String text) {
    this.text = text;
  }

  /**
   * Parses a filter.
   *
   * @param text the filter, e.g. {@code team = "platform" and year >= 2020}
   * @return the filter
   * @throws IllegalArgumentException naming the text, the position (from 1) and the rule broken
   */
  public static Filter parse(String text) {
    FilterSyntax p = new FilterSyntax(text);
    try {
      Filter f = p.or();
      p.skipSpaces();
      if (p.pos < text.length()) {
        throw p.error("unexpected \"" + text.substring(p.pos) + "\"");
      }
      return f;
    } catch (IllegalArgumentException e) {
      if (legacy(text)) {
        try {
          return new FilterSyntax(text).legacyTerm();
        } catch (IllegalArgumentException ignored) {
          // the expression's error is the one to report
        }
      }
      throw e;
    }
  }

  /** Whether {@code text} may be one term whose value is the rest of the text (older form). */
  private static boolean legacy(String text) {
    if (text.indexOf('"') >= 0 || text.indexOf('(') >= 0 || text.indexOf(')') >= 0) {
      return false;
    }
    String padded = " " + text.toLowerCase(Locale.ROOT) + " ";
    return !padded.contains(" and ") && !padded.contains(" or ") && !padded.contains(" not ");
  }

  private Filter or() {
    List<Filter> parts = new ArrayList<>();
    parts.add(and());
    while (keyword("or")) {
      parts.add(and());
    }
    return parts.size() == 1 ? parts.get(0) : Filter.or(parts.toArray(Filter[]::new));
  }

  private Filter and() {
    List<Filter> parts = new ArrayList<>();
    parts.add(unary());
    while (keyword("and")) {
      parts.add(unary());
    }
    return parts.size() == 1 ? parts.get(0) : Filter.and(parts.toArray(Filter[]::new));
  }

  private Filter unary() {
    skipSpaces();
    if (peek() == '(') {
      pos++;
      Filter f = or();
      skipSpaces();
      if (peek() != ')') {
        throw error("expected \")\"");
      }
      pos++;
      return f;
    }
    int start = pos;
    if (keyword("not")) {
      skipSpaces();
      if (!operatorAhead()) {
        return Filter.not(unary());
      }
      pos = start; // a key named "not"
    }
    if (keyword("all")) {
      skipSpaces();
      if (!operatorAhead()) {
        return Filter.ALL;
      }
      pos = start; // a key named "all"
    }
    return term();
  }

  /** Whether the next characters are a term's operator (after a key such as {@code not}). */
  private boolean operatorAhead() {
    char c = peek();
    return c == '=' || c == '!' || c == '<' || c == '>' || c == '?' || wordAhead("contains");
  }

  private Filter term() {
    skipSpaces();
    if (peek() == '!' && !text.startsWith("!=", pos)) {
      pos++;
      return Filter.not(Filter.exists(key()));
    }
    String key = key();
    skipSpaces();
    if (pos >= text.length()) {
      throw error("expected an operator (= != > >= < <= contains in ?) after \"" + key + "\"");
    }
    char c = text.charAt(pos);
    if (c == '?') {
      pos++;
      return Filter.exists(key);
    }
    if (text.startsWith("!=", pos)) {
      pos += 2;
      return Filter.not(equal(key, values(value())));
    }
    if (c == '=') {
      pos++;
      return equal(key, values(value()));
    }
    if (c == '>' || c == '<') {
      boolean orEqual = pos + 1 < text.length() && text.charAt(pos + 1) == '=';
      pos += orEqual ? 2 : 1;
      MetadataValue bound = bound(value());
      if (c == '>') {
        return orEqual ? Filter.gte(key, bound) : Filter.gt(key, bound);
      }
      return orEqual ? Filter.lte(key, bound) : Filter.lt(key, bound);
    }
    if (keyword("contains")) {
      return containsAny(key, values(value()));
    }
    if (keyword("in")) {
      skipSpaces();
      if (peek() != '(') {
        throw error("expected \"(\" after in");
      }
      pos++;
      List<MetadataValue> all = new ArrayList<>(values(value()));
      skipSpaces();
      while (peek() == ',') {
        pos++;
        all.addAll(values(value()));
        skipSpaces();
      }
      if (peek() != ')') {
        throw error("expected \",\" or \")\" in the list of values");
      }
      pos++;
      return Filter.in(key, all.toArray(MetadataValue[]::new));
    }
    throw error("unknown operator at \"" + text.substring(pos) + "\"");
  }

  /** A value as written: quoted text, a typed literal or a bare word. */
  private sealed interface Value permits Quoted, Typed, Bare {}

  private record Quoted(String text) implements Value {}

  private record Typed(MetadataValue value) implements Value {}

  private record Bare(String text, int at) implements Value {}

  private Value value() {
    skipSpaces();
    int at = pos;
    if (pos >= text.length()) {
      throw error("expected a value after the operator");
    }
    char first = text.charAt(pos);
    if (first == '"') {
      return new Quoted(quoted());
    }
    for (String type : new String[] {"number", "date", "boolean"}) {
      if (text.startsWith(type + "(", pos)) {
        pos += type.length() + 1;
        int close = text.indexOf(')', pos);
        if (close < 0) {
          throw error("expected \")\" after " + type + "(");
        }
        String raw = text.substring(pos, close).strip();
        MetadataValue v = typed(type, raw);
        pos = close + 1;
        return new Typed(v);
      }
    }
    if (first == '=' || first == '>' || first == '<' || first == '!') {
      throw error(
          "the value \""
              + text.substring(pos).strip()
              + "\" starts with an operator; quote it to mean that text");
    }
    while (pos < text.length() && " ,()".indexOf(text.charAt(pos)) < 0) {
      pos++;
    }
    if (pos == at) {
      throw error("expected a value after the operator");
    }
    return new Bare(text.substring(at, pos), at);
  }

  private MetadataValue typed(String type, String raw) {
    @Nullable MetadataValue v =
        switch (type) {
          case "number" -> numberOrDate(raw) instanceof MetadataValue.NumberValue n ? n : null;
          case "date" -> numberOrDate(raw) instanceof MetadataValue.DateValue d ? d : null;
          default ->
              raw.equals("true") || raw.equals("false")
                  ? MetadataValue.of(raw.equals("true"))
                  : null;
        };
    if (v == null) {
      throw error(
          "\""
              + raw
              + "\" is not a "
              + type
              + (type.equals("date")
                  ? " (YYYY-MM-DD)"
                  : type.equals("boolean") ? " (true or false)" : ""));
    }
    return v;
  }

  /** A quoted string from the opening quote at {@code pos}, escapes undone. */
  private String quoted() {
    int open = pos++;
    StringBuilder b = new StringBuilder();
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == '"') {
        return b.toString();
      }
      if (c != '\\') {
        b.append(c);
        continue;
      }
      if (pos >= text.length()) {
        break;
      }
      char e = text.charAt(pos++);
      switch (e) {
        case '"', '\\' -> b.append(e);
        case 'n' -> b.append('\n');
        case 'r' -> b.append('\r');
        case 't' -> b.append('\t');
        case 'u' -> {
          if (pos + 4 > text.length()) {
            pos = text.length();
            throw error("\\u needs four hex digits");
          }
          try {
            b.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
          } catch (NumberFormatException ex) {
            throw error("\\u needs four hex digits");
          }
          pos += 4;
        }
        default -> {
          pos--;
          throw error("unknown escape \\" + e + " (use \\\" \\\\ \\n \\r \\t or \\uXXXX)");
        }
      }
    }
    pos = open;
    throw error("the quoted text is not closed");
  }

  /** The list {@code key} holds one of {@code items}. */
  private static Filter containsAny(String key, List<MetadataValue> items) {
    List<Filter> alternatives = new ArrayList<>();
    for (MetadataValue v : items) {
      alternatives.add(Filter.contains(key, v));
    }
    return alternatives.size() == 1
        ? alternatives.get(0)
        : Filter.or(alternatives.toArray(Filter[]::new));
  }

  private Filter equal(String key, List<MetadataValue> values) {
    return values.size() == 1
        ? Filter.eq(key, values.get(0))
        : Filter.in(key, values.toArray(MetadataValue[]::new));
  }

  /** Quoted: the text; typed: the value; bare: the text, plus its typed reading if it has one. */
  private List<MetadataValue> values(Value v) {
    if (v instanceof Quoted q) {
      return List.of(text(q.text()));
    }
    if (v instanceof Typed t) {
      return List.of(t.value());
    }
    return readings(((Bare) v).text());
  }

  private List<MetadataValue> readings(String raw) {
    List<MetadataValue> out = new ArrayList<>();
    out.add(text(raw));
    String lower = raw.toLowerCase(Locale.ROOT);
    if (lower.equals("true") || lower.equals("false")) {
      out.add(MetadataValue.of(lower.equals("true")));
    } else {
      MetadataValue typed = numberOrDate(raw);
      if (typed != null) {
        out.add(typed);
      }
    }
    return out;
  }

  private MetadataValue text(String s) {
    try {
      return MetadataValue.of(s);
    } catch (IllegalArgumentException e) {
      throw error(String.valueOf(e.getMessage()));
    }
  }

  private MetadataValue bound(Value v) {
    @Nullable MetadataValue b =
        v instanceof Typed t ? t.value() : v instanceof Bare w ? numberOrDate(w.text()) : null;
    if (b instanceof MetadataValue.NumberValue || b instanceof MetadataValue.DateValue) {
      return b;
    }
    String shown;
    if (v instanceof Typed t) {
      shown = t.value().toString();
    } else if (v instanceof Bare w) {
      pos = w.at(); // point at the value, not past it
      shown = w.text();
    } else {
      shown = "\"" + ((Quoted) v).text() + "\"";
    }
    throw error("\"" + shown + "\" is not a number or a date (YYYY-MM-DD)");
  }

  private static @Nullable MetadataValue numberOrDate(String raw) {
    if (raw.isEmpty()) {
      return null;
    }
    char first = raw.charAt(0);
    if (!(first == '-' || first == '+' || first == '.' || Character.isDigit(first))) {
      return null;
    }
    if (raw.length() == 10 && raw.charAt(4) == '-' && raw.charAt(7) == '-') {
      try {
        return MetadataValue.of(LocalDate.parse(raw));
      } catch (DateTimeParseException | IllegalArgumentException e) {
        return null;
      }
    }
    try {
      return MetadataValue.of(new BigDecimal(raw));
    } catch (NumberFormatException e) {
      return null;
    } catch (IllegalArgumentException e) {
      return null; // beyond a metadata number's range: text only
    }
  }

  private String key() {
    skipSpaces();
    int start = pos;
    while (pos < text.length() && isKeyChar(text.charAt(pos))) {
      pos++;
    }
    String key = text.substring(start, pos);
    if (key.isEmpty()) {
      throw error("expected a key at \"" + text.substring(start) + "\" (letters, digits, _ . -)");
    }
    if (!Filter.KEY.matcher(key).matches()) {
      pos = start;
      throw error("key \"" + key + "\" must match " + Filter.KEY.pattern());
    }
    return key;
  }

  private static boolean isKeyChar(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '_'
        || c == '.'
        || c == '-';
  }

  /** Consumes {@code word} (any case) when it comes next as a whole word. */
  private boolean keyword(String word) {
    skipSpaces();
    if (!wordAhead(word)) {
      return false;
    }
    pos += word.length();
    return true;
  }

  private boolean wordAhead(String word) {
    int end = pos + word.length();
    return text.regionMatches(true, pos, word, 0, word.length())
        && (end == text.length() || !isKeyChar(text.charAt(end)));
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private void skipSpaces() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private IllegalArgumentException error(String why) {
    return new IllegalArgumentException(
        "\"" + text + "\" at character " + (Math.min(pos, text.length()) + 1) + ": " + why);
  }

  // --- the older one-term form: key, operator, and the rest of the text as the value ---

  private Filter legacyTerm() {
    skipSpaces();
    if (peek() == '!' && !text.startsWith("!=", pos)) {
      pos++;
      String key = key();
      skipSpaces();
      if (pos < text.length()) {
        throw error("unexpected \"" + text.substring(pos) + "\"");
      }
      return Filter.not(Filter.exists(key));
    }
    String key = key();
    skipSpaces();
    if (keyword("contains")) {
      return containsAny(key, readings(legacyValue()));
    }
    boolean not = text.startsWith("!=", pos);
    if (!not && peek() != '=') {
      throw error("unknown operator at \"" + text.substring(pos) + "\"");
    }
    pos += not ? 2 : 1;
    Filter eq = equal(key, readings(legacyValue()));
    return not ? Filter.not(eq) : eq;
  }

  private String legacyValue() {
    String raw = text.substring(pos).strip();
    if (raw.isEmpty() || "=<>!".indexOf(raw.charAt(0)) >= 0) {
      throw error("not a value: \"" + raw + "\"");
    }
    pos = text.length();
    return raw;
  }
}
