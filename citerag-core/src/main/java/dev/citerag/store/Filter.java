package dev.citerag.store;

import dev.citerag.internal.Checks;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A condition on chunk metadata, enforced by the store before ranking: a chunk outside the filter
 * never reaches the prompt. Keys are metadata names ({@code [A-Za-z0-9_.-]}, 1 to 64 characters);
 * values are arbitrary strings, always passed to a database as bind parameters.
 *
 * <pre>{@code
 * Filter f = Filter.and(Filter.eq("team", "platform"), Filter.in("env", "prod", "staging"));
 * }</pre>
 */
public sealed interface Filter permits Filter.All, Filter.Eq, Filter.In, Filter.And, Filter.Or {

  /** Metadata keys accepted in filters. */
  Pattern KEY = Pattern.compile("[A-Za-z0-9_.\\-]{1,64}");

  /** The filter that lets everything through. */
  Filter ALL = new All();

  /**
   * Evaluates the filter in memory (stores may translate it to their query language instead).
   *
   * @param metadata a chunk's metadata
   * @return whether a chunk with this metadata passes
   */
  boolean test(Map<String, String> metadata);

  /**
   * A chunk passes when its {@code key} equals {@code value}.
   *
   * @param key a metadata name matching {@link #KEY}
   * @param value the required value: no NUL character, no lone surrogate
   * @return the filter
   * @throws IllegalArgumentException when the key or value is null or breaks its rule
   */
  static Filter eq(String key, String value) {
    return new Eq(key, value);
  }

  /**
   * A chunk passes when its {@code key} is one of {@code values}.
   *
   * @param key a metadata name matching {@link #KEY}
   * @param values the accepted values; at least one
   * @return the filter
   * @throws IllegalArgumentException when the key or a value is null or breaks its rule, or there
   *     is no value
   */
  static Filter in(String key, String... values) {
    return new In(key, new LinkedHashSet<>(Arrays.asList(values)));
  }

  /**
   * A chunk passes when its {@code key} is one of {@code values}.
   *
   * @param key a metadata name matching {@link #KEY}
   * @param values the accepted values; at least one
   * @return the filter
   * @throws IllegalArgumentException when the key or a value is null or breaks its rule, or the set
   *     is empty
   */
  static Filter in(String key, Set<String> values) {
    return new In(key, values);
  }

  /**
   * A chunk passes when every part passes.
   *
   * @param filters the parts; at least one
   * @return the filter
   * @throws IllegalArgumentException when there is no part
   * @throws NullPointerException when a part is null
   */
  static Filter and(Filter... filters) {
    return new And(List.of(filters));
  }

  /**
   * A chunk passes when at least one part passes.
   *
   * @param filters the parts; at least one
   * @return the filter
   * @throws IllegalArgumentException when there is no part
   * @throws NullPointerException when a part is null
   */
  static Filter or(Filter... filters) {
    return new Or(List.of(filters));
  }

  /** Every chunk passes. */
  record All() implements Filter {
    @Override
    public boolean test(Map<String, String> metadata) {
      return true;
    }
  }

  /**
   * {@code metadata[key] == value}; a chunk without the key does not pass.
   *
   * @param key the metadata name
   * @param value the required value
   */
  record Eq(String key, String value) implements Filter {
    /**
     * Checks the key and value.
     *
     * @param key the metadata name
     * @param value the required value
     * @throws IllegalArgumentException when the key does not match {@link #KEY} or the value is
     *     null, holds NUL or a lone surrogate
     */
    public Eq {
      checkKey(key);
      Checks.plainText(value, "filter value for \"" + key + "\"");
    }

    @Override
    public boolean test(Map<String, String> metadata) {
      return value.equals(metadata.get(key));
    }
  }

  /**
   * {@code metadata[key]} is one of {@code values}; a chunk without the key does not pass.
   *
   * @param key the metadata name
   * @param values the accepted values, not empty
   */
  record In(String key, Set<String> values) implements Filter {
    /**
     * Checks the key and copies the values.
     *
     * @param key the metadata name
     * @param values the accepted values, not empty
     * @throws IllegalArgumentException when the key does not match {@link #KEY}, a value is null or
     *     holds NUL or a lone surrogate, or there is no value
     */
    public In {
      checkKey(key);
      values = Set.copyOf(Checks.noNullElements(values, "filter values"));
      for (String v : values) {
        Checks.plainText(v, "filter value for \"" + key + "\"");
      }
      if (values.isEmpty()) {
        throw new IllegalArgumentException(
            "filter values must not be empty for key \"" + key + "\"");
      }
    }

    @Override
    public boolean test(Map<String, String> metadata) {
      String v = metadata.get(key);
      return v != null && values.contains(v);
    }
  }

  /**
   * All of the parts pass.
   *
   * @param parts the conditions, not empty
   */
  record And(List<Filter> parts) implements Filter {
    /**
     * Copies the parts.
     *
     * @param parts the conditions, not empty
     * @throws IllegalArgumentException when there is no part or a part is null
     */
    public And {
      parts = List.copyOf(Checks.noNullElements(parts, "filter parts"));
      if (parts.isEmpty()) {
        throw new IllegalArgumentException("and() needs at least one filter");
      }
    }

    @Override
    public boolean test(Map<String, String> metadata) {
      for (Filter p : parts) {
        if (!p.test(metadata)) {
          return false;
        }
      }
      return true;
    }
  }

  /**
   * At least one of the parts passes.
   *
   * @param parts the conditions, not empty
   */
  record Or(List<Filter> parts) implements Filter {
    /**
     * Copies the parts.
     *
     * @param parts the conditions, not empty
     * @throws IllegalArgumentException when there is no part or a part is null
     */
    public Or {
      parts = List.copyOf(Checks.noNullElements(parts, "filter parts"));
      if (parts.isEmpty()) {
        throw new IllegalArgumentException("or() needs at least one filter");
      }
    }

    @Override
    public boolean test(Map<String, String> metadata) {
      for (Filter p : parts) {
        if (p.test(metadata)) {
          return true;
        }
      }
      return false;
    }
  }

  private static void checkKey(String key) {
    Checks.notNull(key, "filter key");
    if (!KEY.matcher(key).matches()) {
      throw new IllegalArgumentException("filter key \"" + key + "\" must match " + KEY.pattern());
    }
  }
}
