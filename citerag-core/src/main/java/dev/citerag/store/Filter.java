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

  /** Whether a chunk with this metadata passes. */
  boolean test(Map<String, String> metadata);

  static Filter eq(String key, String value) {
    return new Eq(key, value);
  }

  static Filter in(String key, String... values) {
    return new In(key, new LinkedHashSet<>(Arrays.asList(values)));
  }

  static Filter in(String key, Set<String> values) {
    return new In(key, values);
  }

  static Filter and(Filter... filters) {
    return new And(List.of(filters));
  }

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

  /** {@code metadata[key] == value}; a chunk without the key does not pass. */
  record Eq(String key, String value) implements Filter {
    public Eq {
      checkKey(key);
      Checks.plainText(value, "filter value for \"" + key + "\"");
    }

    @Override
    public boolean test(Map<String, String> metadata) {
      return value.equals(metadata.get(key));
    }
  }

  /** {@code metadata[key]} is one of {@code values}. */
  record In(String key, Set<String> values) implements Filter {
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

  /** All of the parts pass. */
  record And(List<Filter> parts) implements Filter {
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

  /** At least one of the parts passes. */
  record Or(List<Filter> parts) implements Filter {
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
