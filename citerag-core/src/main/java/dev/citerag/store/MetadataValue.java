package dev.citerag.store;

import dev.citerag.internal.Checks;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A typed metadata value of a document and its chunks: text, a number, a boolean, a date (an ISO
 * local date, without time or zone), or a list of those. Values are immutable and compare by
 * content; a number compares by numeric value ({@code 2020} equals {@code 2020.0}).
 *
 * <p>Date-times are not a type of their own: store them as text (an ISO-8601 string), which {@link
 * Filter#eq} compares exactly; ranges apply to numbers and dates only.
 *
 * <pre>{@code
 * Map<String, MetadataValue> meta = Map.of(
 *     "team", MetadataValue.of("platform"),
 *     "year", MetadataValue.of(2024),
 *     "draft", MetadataValue.of(false),
 *     "reviewed", MetadataValue.of(LocalDate.of(2024, 5, 1)),
 *     "tags", MetadataValue.list(MetadataValue.of("ops"), MetadataValue.of("k8s")));
 * Map<String, MetadataValue> plain = MetadataValue.strings(Map.of("team", "platform"));
 * }</pre>
 *
 * <p>JSON mapping (the pgvector store's {@code metadata} jsonb column): text is a JSON string, a
 * number a JSON number, a boolean {@code true}/{@code false}, a list a JSON array, and a date the
 * object {@code {"$date": "2024-05-01"}} so that it reads back as a date, not as text.
 */
public sealed interface MetadataValue
    permits MetadataValue.TextValue,
        MetadataValue.NumberValue,
        MetadataValue.BooleanValue,
        MetadataValue.DateValue,
        MetadataValue.ListValue {

  /** Most items a list value may hold. */
  int MAX_LIST_ITEMS = 1_000;

  /** Most significant digits of a number value. */
  int MAX_DIGITS = 38;

  /** Largest decimal exponent (in absolute value) of a number value. */
  int MAX_EXPONENT = 308;

  /**
   * A text value.
   *
   * @param value the text: no NUL character, no lone surrogate
   * @return the value
   * @throws IllegalArgumentException when the text is null or breaks its rule
   */
  static MetadataValue of(String value) {
    return new TextValue(value);
  }

  /**
   * A whole number.
   *
   * @param value the number
   * @return the value
   */
  static MetadataValue of(long value) {
    return new NumberValue(BigDecimal.valueOf(value));
  }

  /**
   * A number from a double (its shortest decimal form, so {@code 0.1} stays {@code 0.1}).
   *
   * @param value a finite number
   * @return the value
   * @throws IllegalArgumentException when the number is NaN or infinite
   */
  static MetadataValue of(double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("metadata number must be finite, was " + value);
    }
    return new NumberValue(BigDecimal.valueOf(value));
  }

  /**
   * A decimal number.
   *
   * @param value at most {@link #MAX_DIGITS} significant digits, exponent within ±{@link
   *     #MAX_EXPONENT}
   * @return the value
   * @throws IllegalArgumentException when the number is null or too long or too large
   */
  static MetadataValue of(BigDecimal value) {
    return new NumberValue(value);
  }

  /**
   * A boolean.
   *
   * @param value the boolean
   * @return the value
   */
  static MetadataValue of(boolean value) {
    return new BooleanValue(value);
  }

  /**
   * A date.
   *
   * @param value a date in the years 1 to 9999
   * @return the value
   * @throws IllegalArgumentException when the date is null or outside those years
   */
  static MetadataValue of(LocalDate value) {
    return new DateValue(value);
  }

  /**
   * A list of scalar values (text, numbers, booleans, dates; no nested list).
   *
   * @param items the items, in order; at most {@link #MAX_LIST_ITEMS}
   * @return the value
   * @throws IllegalArgumentException when an item is null or a list, or there are too many
   */
  static MetadataValue list(MetadataValue... items) {
    return new ListValue(Arrays.asList(items));
  }

  /**
   * A list of scalar values (text, numbers, booleans, dates; no nested list).
   *
   * @param items the items, in order; at most {@link #MAX_LIST_ITEMS}
   * @return the value
   * @throws IllegalArgumentException when an item is null or a list, or there are too many
   */
  static MetadataValue list(List<? extends MetadataValue> items) {
    return new ListValue(List.copyOf(Checks.noNullElements(items, "metadata list items")));
  }

  /**
   * Text metadata as typed metadata: the convenience for callers with string maps.
   *
   * @param metadata keys (following {@link Filter#KEY}) to text values
   * @return an immutable map with the same keys and {@link TextValue}s
   * @throws IllegalArgumentException when the map, a key or a value is null or breaks its rule (the
   *     key is named)
   */
  static Map<String, MetadataValue> strings(Map<String, String> metadata) {
    Checks.notNull(metadata, "metadata");
    Map<String, MetadataValue> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : metadata.entrySet()) {
      String key = checkKey(e.getKey());
      String v = e.getValue();
      if (v == null) {
        throw new IllegalArgumentException("metadata value for key \"" + key + "\" is null");
      }
      Checks.plainText(v, "metadata." + key);
      out.put(key, new TextValue(v));
    }
    return Map.copyOf(out);
  }

  /**
   * Checks a metadata map and copies it: what {@link Chunk} and {@code Document} do with theirs.
   *
   * @param metadata keys following {@link Filter#KEY} to values
   * @return an immutable copy
   * @throws IllegalArgumentException when the map, a key or a value is null, or a key breaks its
   *     rule (the key is named)
   */
  static Map<String, MetadataValue> copyOf(Map<String, ? extends MetadataValue> metadata) {
    Checks.notNull(metadata, "metadata");
    for (Map.Entry<String, ? extends MetadataValue> e : metadata.entrySet()) {
      String key = checkKey(e.getKey());
      if (e.getValue() == null) {
        throw new IllegalArgumentException("metadata value for key \"" + key + "\" is null");
      }
    }
    return Map.copyOf(metadata);
  }

  private static String checkKey(String key) {
    if (key == null) {
      throw new IllegalArgumentException("metadata key must not be null");
    }
    if (!Filter.KEY.matcher(key).matches()) {
      throw new IllegalArgumentException(
          "metadata key \"" + key + "\" must match " + Filter.KEY.pattern());
    }
    return key;
  }

  /**
   * The value as text, for people and for string-only consumers: text as is, a number in plain
   * decimal form when it is short ({@code 2020}, {@code 0.5}), a boolean as {@code true}/{@code
   * false}, a date as {@code 2024-05-01}, a list as its items' texts joined by {@code ", "}.
   *
   * @return the text form
   */
  String asText();

  /**
   * The type's name as the documentation and error messages use it.
   *
   * @return one of {@code text}, {@code number}, {@code boolean}, {@code date}, {@code list}
   */
  String typeName();

  /**
   * Text.
   *
   * @param value the text: no NUL character, no lone surrogate
   */
  record TextValue(String value) implements MetadataValue {
    /**
     * Checks the text.
     *
     * @param value the text
     * @throws IllegalArgumentException when the text is null, holds NUL or a lone surrogate
     */
    public TextValue {
      Checks.plainText(value, "metadata text");
    }

    @Override
    public String asText() {
      return value;
    }

    @Override
    public String typeName() {
      return "text";
    }

    /**
     * The text in double quotes, as the filter grammar writes it: a backslash escapes {@code "} and
     * itself, writes newline, carriage return and tab as {@code n}, {@code r}, {@code t}, and other
     * control characters as {@code u} and four hex digits.
     *
     * @return e.g. {@code "platform"}
     */
    @Override
    public String toString() {
      return quote(value);
    }
  }

  /**
   * A number, held in its shortest form so that equal numbers are equal records.
   *
   * @param value the number, trailing zeros stripped
   */
  record NumberValue(BigDecimal value) implements MetadataValue {
    /**
     * Checks the size and normalises the number.
     *
     * @param value the number
     * @throws IllegalArgumentException when the number is null, has more than {@link
     *     MetadataValue#MAX_DIGITS} significant digits or an exponent beyond ±{@link
     *     MetadataValue#MAX_EXPONENT}
     */
    public NumberValue {
      Checks.notNull(value, "metadata number");
      value = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
      if (value.precision() > MAX_DIGITS) {
        throw new IllegalArgumentException(
            "metadata number must have at most "
                + MAX_DIGITS
                + " significant digits, had "
                + value.precision());
      }
      long exponent = (long) value.precision() - value.scale() - 1;
      if (Math.abs(exponent) > MAX_EXPONENT) {
        throw new IllegalArgumentException(
            "metadata number's exponent must be within ±" + MAX_EXPONENT + ", was " + exponent);
      }
    }

    @Override
    public String asText() {
      return value.scale() >= -6 && value.scale() <= 20 ? value.toPlainString() : value.toString();
    }

    @Override
    public String typeName() {
      return "number";
    }

    /**
     * The typed literal as the filter grammar writes it.
     *
     * @return e.g. {@code number(2020)}
     */
    @Override
    public String toString() {
      return "number(" + asText() + ")";
    }
  }

  /**
   * A boolean.
   *
   * @param value the boolean
   */
  record BooleanValue(boolean value) implements MetadataValue {
    @Override
    public String asText() {
      return Boolean.toString(value);
    }

    @Override
    public String typeName() {
      return "boolean";
    }

    /**
     * The typed literal as the filter grammar writes it.
     *
     * @return e.g. {@code boolean(true)}
     */
    @Override
    public String toString() {
      return "boolean(" + asText() + ")";
    }
  }

  /**
   * A date without time or zone.
   *
   * @param value a date in the years 1 to 9999 (so that its ISO text has a fixed width)
   */
  record DateValue(LocalDate value) implements MetadataValue {
    /**
     * Checks the year.
     *
     * @param value the date
     * @throws IllegalArgumentException when the date is null or outside the years 1 to 9999
     */
    public DateValue {
      Checks.notNull(value, "metadata date");
      if (value.getYear() < 1 || value.getYear() > 9999) {
        throw new IllegalArgumentException(
            "metadata date must be in the years 1 to 9999, was " + value);
      }
    }

    @Override
    public String asText() {
      return value.toString();
    }

    @Override
    public String typeName() {
      return "date";
    }

    /**
     * The typed literal as the filter grammar writes it.
     *
     * @return e.g. {@code date(2024-05-01)}
     */
    @Override
    public String toString() {
      return "date(" + asText() + ")";
    }
  }

  /**
   * A list of scalar values, in order; may be empty.
   *
   * @param items the items: text, numbers, booleans or dates, at most {@link
   *     MetadataValue#MAX_LIST_ITEMS}
   */
  record ListValue(List<MetadataValue> items) implements MetadataValue {
    /**
     * Checks and copies the items.
     *
     * @param items the items
     * @throws IllegalArgumentException when an item is null or a list, or there are more than
     *     {@link MetadataValue#MAX_LIST_ITEMS}
     */
    public ListValue {
      items = List.copyOf(Checks.noNullElements(items, "metadata list items"));
      if (items.size() > MAX_LIST_ITEMS) {
        throw new IllegalArgumentException(
            "metadata list must have at most " + MAX_LIST_ITEMS + " items, had " + items.size());
      }
      for (MetadataValue v : items) {
        if (v instanceof ListValue) {
          throw new IllegalArgumentException("metadata list items must not be lists");
        }
      }
    }

    @Override
    public String asText() {
      StringBuilder b = new StringBuilder();
      for (MetadataValue v : items) {
        if (b.length() > 0) {
          b.append(", ");
        }
        b.append(v.asText());
      }
      return b.toString();
    }

    @Override
    public String typeName() {
      return "list";
    }

    /**
     * The items as the filter grammar writes values, in brackets.
     *
     * @return e.g. {@code ["ops", number(7)]}
     */
    @Override
    public String toString() {
      StringBuilder b = new StringBuilder("[");
      for (MetadataValue v : items) {
        if (b.length() > 1) {
          b.append(", ");
        }
        b.append(v);
      }
      return b.append(']').toString();
    }
  }

  private static String quote(String text) {
    StringBuilder b = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (Character.isISOControl(c)) {
            b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
