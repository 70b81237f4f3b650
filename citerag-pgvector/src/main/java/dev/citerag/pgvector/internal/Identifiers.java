package dev.citerag.pgvector.internal;

import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * SQL identifiers that come from configuration (collection, schema, text search configuration).
 * They are checked against a strict pattern before they ever reach SQL text, and quoted there as
 * well; values never go into SQL text at all (they are bind parameters).
 */
public final class Identifiers {
  /**
   * Lower-case letters, digits and underscores, not starting with a digit, at most 48 characters.
   */
  public static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]{0,47}");

  private Identifiers() {}

  /**
   * Returns {@code value} when it matches {@link #NAME}.
   *
   * @throws IllegalArgumentException naming {@code field} and the rule otherwise
   */
  public static String check(@Nullable String value, String field) {
    if (value == null) {
      throw new IllegalArgumentException(field + " must not be null");
    }
    if (!NAME.matcher(value).matches()) {
      throw new IllegalArgumentException(
          field
              + " \""
              + value
              + "\" is not a valid identifier: it must match "
              + NAME.pattern()
              + " (lower-case letters, digits and underscores, not starting with a"
              + " digit, at most 48 characters)");
    }
    return value;
  }

  /** The identifier in double quotes; only ever called on checked identifiers. */
  static String quote(String checked) {
    return "\"" + checked + "\"";
  }
}
