package dev.citerag.store;

import dev.citerag.internal.Checks;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A condition on chunk metadata, enforced by the store before ranking: a chunk outside the filter
 * never reaches the prompt. Keys are metadata names ({@code [A-Za-z0-9_.-]}, 1 to 64 characters);
 * values are {@link MetadataValue}s, always passed to a database as bind parameters.
 *
 * <p>Semantics, the same in every store:
 *
 * <ul>
 *   <li>{@link #eq} and {@link #in} compare typed scalars: text equals text, a number equals a
 *       number of the same value ({@code 2020} = {@code 2020.0}), a boolean a boolean, a date a
 *       date. A value of another type never matches ({@code eq("year", "2020")} does not match the
 *       number {@code 2020}), and neither does a list: use {@link #contains} for lists.
 *   <li>{@link #gt}, {@link #gte}, {@link #lt}, {@link #lte} take a number or a date bound and
 *       match values of the same type only; text, booleans and lists are false, never an error.
 *   <li>{@link #contains} matches a list value with an item equal to the given scalar; a scalar
 *       value is false ({@code contains} does not look inside text).
 *   <li>{@link #exists} matches when the key is present, whatever its value (an empty list too).
 *   <li>A missing key fails every condition except through {@link #not}: {@code not(eq("team",
 *       "ops"))} passes a chunk without {@code team}; combine it with {@code exists} to ask for a
 *       present key with another value.
 * </ul>
 *
 * <pre>{@code
 * Filter f = Filter.and(
 *     Filter.eq("team", "platform"),
 *     Filter.gte("year", MetadataValue.of(2020)),
 *     Filter.contains("tags", MetadataValue.of("ops")),
 *     Filter.not(Filter.eq("draft", MetadataValue.of(true))));
 * }</pre>
 */
public sealed interface Filter
    permits Filter.All,
        Filter.Eq,
        Filter.In,
        Filter.And,
        Filter.Or,
        Filter.Not,
        Filter.Exists,
        Filter.Range,
        Filter.Contains {

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
  boolean test(Map<String, MetadataValue> metadata);

  /**
   * The metadata keys a filter names, in first-use order (empty for {@link #ALL}).
   *
   * @param filter the filter
   * @return the keys
   * @throws IllegalArgumentException when the filter is null
   */
  static Set<String> keysOf(Filter filter) {
    Set<String> out = new LinkedHashSet<>();
    collectKeys(Checks.notNull(filter, "filter"), out);
    return Collections.unmodifiableSet(out);
  }

  /**
   * A chunk passes when its {@code key} is the text {@code value}.
   *
   * @param key a metadata name matching {@link #KEY}
   * @param value the required text: no NUL character, no lone surrogate
   * @return the filter
   * @throws IllegalArgumentException when the key or value is null or breaks its rule
   */
  static Filter eq(String key, String value) {
    return new Eq(key, textValue(key, value));
  }

  /**
   * A chunk passes when its {@code key} equals the scalar {@code value} (same type, same value).
   *
   * @param key a metadata name matching {@link #KEY}
   * @param value the required value: text, number, boolean or date
   * @return the filter
   * @throws IllegalArgumentException when the key or value is null, the key breaks its rule or the
   *     value is a list
   */
  static Filter eq(String key, MetadataValue value) {
    return new Eq(key, value);
  }

  /**
   * A chunk passes when its {@code key} is one of the texts {@code values}.
   *
   * @param key a metadata name matching {@link #KEY}
   * @param values the accepted texts; at least one
   * @return the filter
   * @throws IllegalArgumentException when the key or a value is null or breaks its rule, or there
   *     is no value
   */
  static Filter in(String key, String... values) {
    return in(key, new LinkedHashSet<>(Arrays.asList(values)));
  }

  /**
   * A chunk passes when its {@code key} is one of the texts {@code values}.
   *
   * @param key a metadata name matching {@link #KEY}
   * @param values the accepted texts; at least one
   * @return the filter
   * @throws IllegalArgumentException when the key or a value is null or breaks its rule, or the set
   *     is empty
   */
  static Filter in(String key, Set<String> values) {
    Checks.notNull(values, "filter values");
    Set<MetadataValue> typed = new LinkedHashSet<>();
    for (String v : values) {
      typed.add(textValue(key, v));
    }
    return new In(key, typed);
  }

  /**
   * A chunk passes when its {@code key} equals one of the scalar {@code values}.
   *
   * @param key a metadata name matching {@link #KEY}
   * @param values the accepted scalars; at least one
   * @return the filter
   * @throws IllegalArgumentException when the key or a value is null, the key breaks its rule, a
   *     value is a list, or there is no value
   */
  static Filter in(String key, MetadataValue... values) {
    return new In(key, new LinkedHashSet<>(Arrays.asList(values)));
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

  /**
   * A chunk passes when {@code filter} does not (a chunk without the key passes {@code not(eq(key,
   * ...))}).
   *
   * @param filter the condition to negate
   * @return the filter
   * @throws IllegalArgumentException when the filter is null
   */
  static Filter not(Filter filter) {
    return new Not(filter);
  }

  /**
   * A chunk passes when it has {@code key}, whatever the value.
   *
   * @param key a metadata name matching {@link #KEY}
   * @return the filter
   * @throws IllegalArgumentException when the key is null or breaks its rule
   */
  static Filter exists(String key) {
    return new Exists(key);
  }

  /**
   * A chunk passes when its {@code key} is a number or date of the bound's type and greater than
   * it.
   *
   * @param key a metadata name matching {@link #KEY}
   * @param bound a number or a date
   * @return the filter
   * @throws IllegalArgumentException when the key or bound is null, the key breaks its rule or the
   *     bound is not a number or a date
   */
  static Filter gt(String key, MetadataValue bound) {
    return new Range(key, Op.GT, bound);
  }

  /**
   * Like {@link #gt}, greater than or equal.
   *
   * @param key a metadata name matching {@link #KEY}
   * @param bound a number or a date
   * @return the filter
   * @throws IllegalArgumentException as {@link #gt}
   */
  static Filter gte(String key, MetadataValue bound) {
    return new Range(key, Op.GTE, bound);
  }

  /**
   * Like {@link #gt}, less than.
   *
   * @param key a metadata name matching {@link #KEY}
   * @param bound a number or a date
   * @return the filter
   * @throws IllegalArgumentException as {@link #gt}
   */
  static Filter lt(String key, MetadataValue bound) {
    return new Range(key, Op.LT, bound);
  }

  /**
   * Like {@link #gt}, less than or equal.
   *
   * @param key a metadata name matching {@link #KEY}
   * @param bound a number or a date
   * @return the filter
   * @throws IllegalArgumentException as {@link #gt}
   */
  static Filter lte(String key, MetadataValue bound) {
    return new Range(key, Op.LTE, bound);
  }

  /**
   * A chunk passes when its {@code key} is a list with an item equal to {@code item}.
   *
   * @param key a metadata name matching {@link #KEY}
   * @param item the scalar to look for
   * @return the filter
   * @throws IllegalArgumentException when the key or item is null, the key breaks its rule or the
   *     item is a list
   */
  static Filter contains(String key, MetadataValue item) {
    return new Contains(key, item);
  }

  /** Every chunk passes. */
  record All() implements Filter {
    @Override
    public boolean test(Map<String, MetadataValue> metadata) {
      return true;
    }

    /**
     * Prints {@code all}.
     *
     * @return the filter in the grammar of the command line's {@code --filter}
     */
    @Override
    public String toString() {
      return "all";
    }
  }

  /**
   * {@code metadata[key] == value} (same type, same value); a chunk without the key does not pass.
   *
   * @param key the metadata name
   * @param value the required scalar
   */
  record Eq(String key, MetadataValue value) implements Filter {
    /**
     * Checks the key and value.
     *
     * @param key the metadata name
     * @param value the required scalar
     * @throws IllegalArgumentException when the key does not match {@link #KEY} or the value is
     *     null or a list
     */
    public Eq {
      checkKey(key);
      checkScalar(key, value);
    }

    @Override
    public boolean test(Map<String, MetadataValue> metadata) {
      return value.equals(metadata.get(key));
    }

    /**
     * Prints e.g. {@code team = "platform"} or {@code year = number(2020)}.
     *
     * @return the filter in the grammar of the command line's {@code --filter}
     */
    @Override
    public String toString() {
      return key + " = " + value;
    }
  }

  /**
   * {@code metadata[key]} is one of {@code values}; a chunk without the key does not pass.
   *
   * @param key the metadata name
   * @param values the accepted scalars, not empty
   */
  record In(String key, Set<MetadataValue> values) implements Filter {
    /**
     * Checks the key and copies the values.
     *
     * @param key the metadata name
     * @param values the accepted scalars, not empty
     * @throws IllegalArgumentException when the key does not match {@link #KEY}, a value is null or
     *     a list, or there is no value
     */
    public In {
      checkKey(key);
      values = Set.copyOf(Checks.noNullElements(values, "filter values"));
      for (MetadataValue v : values) {
        checkScalar(key, v);
      }
      if (values.isEmpty()) {
        throw new IllegalArgumentException(
            "filter values must not be empty for key \"" + key + "\"");
      }
    }

    @Override
    public boolean test(Map<String, MetadataValue> metadata) {
      MetadataValue v = metadata.get(key);
      return v != null && values.contains(v);
    }

    /**
     * Prints e.g. {@code team in ("ops", "platform")}.
     *
     * @return the filter in the grammar of the command line's {@code --filter}
     */
    @Override
    public String toString() {
      StringBuilder b = new StringBuilder(key).append(" in (");
      int n = 0;
      for (MetadataValue v : values) {
        b.append(n++ > 0 ? ", " : "").append(v);
      }
      return b.append(')').toString();
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
    public boolean test(Map<String, MetadataValue> metadata) {
      for (Filter p : parts) {
        if (!p.test(metadata)) {
          return false;
        }
      }
      return true;
    }

    /**
     * Prints the parts joined by {@code and}, a part that is itself an {@code and} or an {@code or}
     * in parentheses.
     *
     * @return the filter in the grammar of the command line's {@code --filter}
     */
    @Override
    public String toString() {
      return join(parts, " and ");
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
    public boolean test(Map<String, MetadataValue> metadata) {
      for (Filter p : parts) {
        if (p.test(metadata)) {
          return true;
        }
      }
      return false;
    }

    /**
     * Prints the parts joined by {@code or}, a part that is itself an {@code and} or an {@code or}
     * in parentheses.
     *
     * @return the filter in the grammar of the command line's {@code --filter}
     */
    @Override
    public String toString() {
      return join(parts, " or ");
    }
  }

  /**
   * The part does not pass.
   *
   * @param part the negated condition
   */
  record Not(Filter part) implements Filter {
    /**
     * Checks the part.
     *
     * @param part the negated condition
     * @throws IllegalArgumentException when the part is null
     */
    public Not {
      Checks.notNull(part, "filter part");
    }

    @Override
    public boolean test(Map<String, MetadataValue> metadata) {
      return !part.test(metadata);
    }

    /**
     * Prints {@code !owner} for an absent key, {@code team != "ops"} for an inequality of text,
     * else {@code not (...)}.
     *
     * @return the filter in the grammar of the command line's {@code --filter}
     */
    @Override
    public String toString() {
      if (part instanceof Exists e) {
        return "!" + e.key();
      }
      if (part instanceof Eq e && e.value() instanceof MetadataValue.TextValue) {
        return e.key() + " != " + e.value();
      }
      return "not (" + part + ")";
    }
  }

  /**
   * The chunk has {@code key}, with any value.
   *
   * @param key the metadata name
   */
  record Exists(String key) implements Filter {
    /**
     * Checks the key.
     *
     * @param key the metadata name
     * @throws IllegalArgumentException when the key does not match {@link #KEY}
     */
    public Exists {
      checkKey(key);
    }

    @Override
    public boolean test(Map<String, MetadataValue> metadata) {
      return metadata.containsKey(key);
    }

    /**
     * Prints e.g. {@code owner?}.
     *
     * @return the filter in the grammar of the command line's {@code --filter}
     */
    @Override
    public String toString() {
      return key + "?";
    }
  }

  /** A comparison of {@link Range}. */
  enum Op {
    /** Greater than. */
    GT(">"),
    /** Greater than or equal. */
    GTE(">="),
    /** Less than. */
    LT("<"),
    /** Less than or equal. */
    LTE("<=");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    /**
     * The comparison's symbol.
     *
     * @return {@code >}, {@code >=}, {@code <} or {@code <=}
     */
    public String symbol() {
      return symbol;
    }

    /**
     * Whether a comparison result (negative, zero, positive: value against bound) satisfies this.
     *
     * @param cmp the sign of {@code value.compareTo(bound)}
     * @return whether the value passes
     */
    public boolean accepts(int cmp) {
      return switch (this) {
        case GT -> cmp > 0;
        case GTE -> cmp >= 0;
        case LT -> cmp < 0;
        case LTE -> cmp <= 0;
      };
    }
  }

  /**
   * {@code metadata[key] op bound}, where the value is of the bound's type (number or date); any
   * other value, or a missing key, does not pass.
   *
   * @param key the metadata name
   * @param op the comparison
   * @param bound a number or a date
   */
  record Range(String key, Op op, MetadataValue bound) implements Filter {
    /**
     * Checks the key, comparison and bound.
     *
     * @param key the metadata name
     * @param op the comparison
     * @param bound a number or a date
     * @throws IllegalArgumentException when the key does not match {@link #KEY}, the comparison is
     *     null, or the bound is not a number or a date
     */
    public Range {
      checkKey(key);
      Checks.notNull(op, "filter comparison");
      Checks.notNull(bound, "filter bound for \"" + key + "\"");
      if (!(bound instanceof MetadataValue.NumberValue)
          && !(bound instanceof MetadataValue.DateValue)) {
        throw new IllegalArgumentException(
            "filter bound for \"" + key + "\" must be a number or a date, was " + bound.typeName());
      }
    }

    @Override
    public boolean test(Map<String, MetadataValue> metadata) {
      MetadataValue v = metadata.get(key);
      if (bound instanceof MetadataValue.NumberValue b
          && v instanceof MetadataValue.NumberValue n) {
        return op.accepts(n.value().compareTo(b.value()));
      }
      if (bound instanceof MetadataValue.DateValue b && v instanceof MetadataValue.DateValue d) {
        return op.accepts(d.value().compareTo(b.value()));
      }
      return false;
    }

    /**
     * Prints e.g. {@code year >= 2020} or {@code reviewed < 2024-05-01}.
     *
     * @return the filter in the grammar of the command line's {@code --filter}
     */
    @Override
    public String toString() {
      return key + " " + op.symbol() + " " + bound.asText();
    }
  }

  /**
   * {@code metadata[key]} is a list holding {@code item}.
   *
   * @param key the metadata name
   * @param item the scalar looked for
   */
  record Contains(String key, MetadataValue item) implements Filter {
    /**
     * Checks the key and item.
     *
     * @param key the metadata name
     * @param item the scalar looked for
     * @throws IllegalArgumentException when the key does not match {@link #KEY} or the item is null
     *     or a list
     */
    public Contains {
      checkKey(key);
      checkScalar(key, item);
    }

    @Override
    public boolean test(Map<String, MetadataValue> metadata) {
      return metadata.get(key) instanceof MetadataValue.ListValue l && l.items().contains(item);
    }

    /**
     * Prints e.g. {@code tags contains "ops"}.
     *
     * @return the filter in the grammar of the command line's {@code --filter}
     */
    @Override
    public String toString() {
      return key + " contains " + item;
    }
  }

  private static String join(List<Filter> parts, String connective) {
    StringBuilder b = new StringBuilder();
    for (Filter p : parts) {
      if (b.length() > 0) {
        b.append(connective);
      }
      boolean group = p instanceof And || p instanceof Or;
      b.append(group ? "(" : "").append(p).append(group ? ")" : "");
    }
    return b.toString();
  }

  private static void checkKey(String key) {
    Checks.notNull(key, "filter key");
    if (!KEY.matcher(key).matches()) {
      throw new IllegalArgumentException("filter key \"" + key + "\" must match " + KEY.pattern());
    }
  }

  private static void checkScalar(String key, MetadataValue value) {
    Checks.notNull(value, "filter value for \"" + key + "\"");
    if (value instanceof MetadataValue.ListValue) {
      throw new IllegalArgumentException(
          "filter value for \"" + key + "\" must be a scalar, not a list (use contains)");
    }
  }

  private static MetadataValue textValue(String key, String value) {
    Checks.plainText(value, "filter value for \"" + key + "\"");
    return MetadataValue.of(value);
  }

  private static void collectKeys(Filter f, Set<String> out) {
    if (f instanceof Eq e) {
      out.add(e.key());
    } else if (f instanceof In i) {
      out.add(i.key());
    } else if (f instanceof Exists e) {
      out.add(e.key());
    } else if (f instanceof Range r) {
      out.add(r.key());
    } else if (f instanceof Contains c) {
      out.add(c.key());
    } else if (f instanceof Not n) {
      collectKeys(n.part(), out);
    } else if (f instanceof And a) {
      a.parts().forEach(p -> collectKeys(p, out));
    } else if (f instanceof Or o) {
      o.parts().forEach(p -> collectKeys(p, out));
    }
  }
}
