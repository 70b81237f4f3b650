package dev.citerag.internal;

import java.util.Collection;
import org.jspecify.annotations.Nullable;

/** Argument checks whose messages name the field and the rule. */
public final class Checks {
  private Checks() {}

  @Contract("null, _ -> fail")
  public static <T> T notNull(@Nullable T value, String field) {
    if (value == null) {
      throw new IllegalArgumentException(field + " must not be null");
    }
    return value;
  }

  @Contract("null, _ -> fail")
  public static String notBlank(@Nullable String value, String field) {
    notNull(value, field);
    if (value.isBlank()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    return value;
  }

  public static int positive(int value, String field) {
    if (value <= 0) {
      throw new IllegalArgumentException(field + " must be > 0, was " + value);
    }
    return value;
  }

  public static long positive(long value, String field) {
    if (value <= 0) {
      throw new IllegalArgumentException(field + " must be > 0, was " + value);
    }
    return value;
  }

  public static int nonNegative(int value, String field) {
    if (value < 0) {
      throw new IllegalArgumentException(field + " must be >= 0, was " + value);
    }
    return value;
  }

  public static int inRange(int value, int min, int max, String field) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          field + " must be between " + min + " and " + max + ", was " + value);
    }
    return value;
  }

  public static double inRange(double value, double min, double max, String field) {
    if (!(value >= min && value <= max)) {
      throw new IllegalArgumentException(
          field + " must be between " + min + " and " + max + ", was " + value);
    }
    return value;
  }

  @Contract("null, _ -> fail")
  public static <C extends Collection<?>> C noNullElements(@Nullable C values, String field) {
    notNull(values, field);
    int i = 0;
    for (Object o : values) {
      if (o == null) {
        throw new IllegalArgumentException(field + "[" + i + "] must not be null");
      }
      i++;
    }
    return values;
  }

  /** Rejects NaN and infinite components and zero-length vectors. */
  @Contract("null, _ -> fail")
  public static float[] finiteVector(float @Nullable [] vector, String field) {
    notNull(vector, field);
    if (vector.length == 0) {
      throw new IllegalArgumentException(field + " must not be empty");
    }
    for (int i = 0; i < vector.length; i++) {
      if (!Float.isFinite(vector[i])) {
        throw new IllegalArgumentException(
            field + "[" + i + "] must be a finite number, was " + vector[i]);
      }
    }
    return vector;
  }

  /**
   * {@code value} unchanged when it is well-formed UTF-16; otherwise an exception naming the field
   * and the index of the first lone surrogate. PostgreSQL stores a lone surrogate as {@code ?}, so
   * two different strings could become one there while staying two in memory: both stores reject
   * them at their boundary instead.
   */
  public static @Nullable String wellFormed(@Nullable String value, String field) {
    if (value == null) {
      return null;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < value.length()
          && Character.isLowSurrogate(value.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw new IllegalArgumentException(
            field
                + " must be well-formed Unicode: lone surrogate U+"
                + String.format("%04X", (int) c)
                + " at index "
                + i);
      }
    }
    return value;
  }

  /** {@link #wellFormed} for every key and value of a map. */
  public static void wellFormed(java.util.Map<String, String> map, String field) {
    for (java.util.Map.Entry<String, String> e : map.entrySet()) {
      wellFormed(e.getKey(), field + " key");
      wellFormed(e.getValue(), field + "." + e.getKey());
    }
  }

  /**
   * Nothing when {@code value} is null or holds no NUL character; otherwise an exception naming the
   * field and the rule: PostgreSQL text cannot hold NUL, so no store accepts it.
   */
  public static void noNul(@Nullable String value, String field) {
    if (value != null && value.indexOf('\0') >= 0) {
      throw new IllegalArgumentException(
          field
              + " must not contain NUL (U+0000), found at index "
              + value.indexOf('\0')
              + " (PostgreSQL text cannot hold it, so no store accepts it; remove it first)");
    }
  }

  /**
   * {@code value} unchanged when it holds no NUL character and is well-formed; otherwise an
   * exception naming the field (PostgreSQL text cannot hold NUL).
   */
  public static String plainText(String value, String field) {
    notNull(value, field);
    if (value.indexOf('\0') >= 0) {
      throw new IllegalArgumentException(
          field + " must not contain NUL (U+0000), found at index " + value.indexOf('\0'));
    }
    wellFormed(value, field);
    return value;
  }
}
