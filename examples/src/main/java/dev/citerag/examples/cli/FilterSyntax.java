package dev.citerag.examples.cli;

import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One {@code --filter} term, read by a small hand parser (no regular expressions):
 *
 * <pre>
 * term  := key '=' value | key '!=' value
 *        | key ('&gt;' | '&gt;=' | '&lt;' | '&lt;=') bound
 *        | key ' contains ' value
 *        | key '?'            (the key is present)
 *        | '!' key            (the key is absent)
 * key   := [A-Za-z0-9_.-]{1,64}
 * value := text, or "quoted text" (always text)
 * bound := a number (2020, -1.5) or a date (2024-05-01)
 * </pre>
 *
 * An unquoted {@code value} that reads as a number, a date or {@code true}/{@code false} matches
 * both that typed value and the same text ({@code year=2020} finds the number 2020 and the text
 * "2020"); a quoted value matches text only. Spaces around operators are allowed.
 */
final class FilterSyntax {
  private final String term;
  private int pos;

  private FilterSyntax(String term) {
    this.term = term;
  }

  /**
   * Parses one term.
   *
   * @throws IllegalArgumentException naming the term and the token at fault
   */
  static Filter parse(String term) {
    return new FilterSyntax(term).term();
  }

  private Filter term() {
    skipSpaces();
    if (peek() == '!' && !term.startsWith("!=", pos)) {
      pos++;
      String key = key();
      end();
      return Filter.not(Filter.exists(key));
    }
    String key = key();
    skipSpaces();
    if (pos >= term.length()) {
      throw error("expected an operator (= != > >= < <= contains ?) after \"" + key + "\"");
    }
    char c = term.charAt(pos);
    if (c == '?') {
      pos++;
      end();
      return Filter.exists(key);
    }
    if (term.startsWith("!=", pos)) {
      pos += 2;
      return Filter.not(equal(key, value()));
    }
    if (c == '=') {
      pos++;
      return equal(key, value());
    }
    if (c == '>' || c == '<') {
      boolean orEqual = pos + 1 < term.length() && term.charAt(pos + 1) == '=';
      pos += orEqual ? 2 : 1;
      String raw = value();
      MetadataValue bound = bound(raw);
      if (c == '>') {
        return orEqual ? Filter.gte(key, bound) : Filter.gt(key, bound);
      }
      return orEqual ? Filter.lte(key, bound) : Filter.lt(key, bound);
    }
    if (term.regionMatches(true, pos, "contains", 0, 8)
        && pos + 8 < term.length()
        && term.charAt(pos + 8) == ' ') {
      pos += 8;
      String raw = value();
      List<Filter> alternatives = new ArrayList<>();
      for (MetadataValue v : readings(raw)) {
        alternatives.add(Filter.contains(key, v));
      }
      return alternatives.size() == 1
          ? alternatives.get(0)
          : Filter.or(alternatives.toArray(Filter[]::new));
    }
    throw error("unknown operator at \"" + term.substring(pos) + "\"");
  }

  private Filter equal(String key, String raw) {
    List<MetadataValue> values = readings(raw);
    return values.size() == 1
        ? Filter.eq(key, values.get(0))
        : Filter.in(key, values.toArray(MetadataValue[]::new));
  }

  /** The text, plus its typed reading when unquoted text reads as a number, date or boolean. */
  private List<MetadataValue> readings(String raw) {
    if (raw.length() >= 2 && raw.startsWith("\"") && raw.endsWith("\"")) {
      return List.of(text(raw.substring(1, raw.length() - 1)));
    }
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

  private MetadataValue bound(String raw) {
    MetadataValue v = numberOrDate(raw);
    if (v == null) {
      throw error("\"" + raw + "\" is not a number or a date (YYYY-MM-DD)");
    }
    return v;
  }

  private static @org.jspecify.annotations.Nullable MetadataValue numberOrDate(String raw) {
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
    while (pos < term.length() && isKeyChar(term.charAt(pos))) {
      pos++;
    }
    String key = term.substring(start, pos);
    if (key.isEmpty()) {
      throw error("expected a key at \"" + term.substring(start) + "\" (letters, digits, _ . -)");
    }
    if (!Filter.KEY.matcher(key).matches()) {
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

  /** The rest of the term, stripped; must not be empty. */
  private String value() {
    String v = term.substring(pos).strip();
    pos = term.length();
    if (v.isEmpty()) {
      throw error("expected a value after the operator");
    }
    char first = v.charAt(0);
    if (first == '=' || first == '>' || first == '<' || first == '!') {
      throw error("the value \"" + v + "\" starts with an operator; quote it to mean that text");
    }
    return v;
  }

  private void end() {
    skipSpaces();
    if (pos < term.length()) {
      throw error("unexpected \"" + term.substring(pos) + "\"");
    }
  }

  private char peek() {
    return pos < term.length() ? term.charAt(pos) : '\0';
  }

  private void skipSpaces() {
    while (pos < term.length() && term.charAt(pos) == ' ') {
      pos++;
    }
  }

  private IllegalArgumentException error(String why) {
    return new IllegalArgumentException("\"" + term + "\": " + why);
  }
}
