package dev.citerag.verify.internal;

import java.util.Locale;

/**
 * A quantity read from text: a value with its unit and bound, a date, an ordinal, or a pair (a
 * range or a score).
 *
 * @param type what kind of quantity
 * @param value the value as written, scales applied ("2.1bn" is 2.1e9); a date's year (0 when not
 *     written)
 * @param second a pair's second value; a date's month (0 when not written)
 * @param third a number's value in its unit's base (grams, seconds, bytes); a date's day (0 when
 *     not written)
 * @param dimension what the unit measures ("mass", "time", "usd", "%", a unit's own name), empty
 *     for a bare number
 * @param bound exact, a lower or upper bound, or approximate
 * @param literal the text of an ambiguous date (3/12/2001), empty otherwise
 * @param start index of its first token
 * @param end index of its last token
 */
record Quantity(
    Type type,
    double value,
    double second,
    double third,
    String dimension,
    Bound bound,
    String literal,
    int start,
    int end) {

  /** Kinds of quantity. */
  enum Type {
    NUMBER,
    ORDINAL,
    DATE,
    PAIR,
    CLOCK
  }

  /** How a value is bounded. */
  enum Bound {
    EXACT,
    LOWER,
    UPPER,
    ABOUT
  }

  /** Whether two values are equal (relative tolerance for unit conversions). */
  static boolean same(double a, double b) {
    return Math.abs(a - b) <= 1e-9 * Math.max(1.0, Math.max(Math.abs(a), Math.abs(b)));
  }

  /** Readable form, for the verdict's terms. */
  String describe() {
    return switch (type) {
      case DATE ->
          literal.isEmpty()
              ? String.format(Locale.ROOT, "date %s-%s-%s", part(value), part(second), part(third))
              : "date " + literal;
      case PAIR -> number(value) + "-" + number(second);
      case ORDINAL -> "#" + number(value) + (dimension.isEmpty() ? "" : " " + dimension);
      case CLOCK -> String.format(Locale.ROOT, "%d:%02d", (int) value / 60, (int) value % 60);
      case NUMBER -> number(value) + (dimension.isEmpty() ? "" : " " + dimension);
    };
  }

  private static String part(double v) {
    return v == 0 ? "?" : number(v);
  }

  static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }
}
