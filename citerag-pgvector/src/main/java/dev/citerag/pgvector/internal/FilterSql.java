package dev.citerag.pgvector.internal;

import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import java.util.Arrays;
import java.util.List;

/**
 * Renders a {@link Filter} as a SQL condition on the {@code metadata} jsonb column. Keys and values
 * travel only as bind parameters; the SQL text depends on the filter's shape alone, so equal shapes
 * reuse one prepared statement.
 *
 * <ul>
 *   <li>{@code eq}, {@code in} and {@code contains} are containment ({@code metadata @> ?::jsonb}),
 *       answered by the {@code jsonb_path_ops} GIN index. Containment of {@code {"k": "a"}} does
 *       not match a list {@code {"k": ["a"]}} and the reverse, which is exactly the scalar/list
 *       split of {@link Filter}.
 *   <li>Ranges are a strict-mode jsonpath ({@code strict $ ? (@."k" > $v)}, a date as
 *       {@code @."k"."$date"} compared as ISO text): a value of another type, a list or a missing
 *       key makes the predicate unknown, hence false. Not indexed: evaluated on the rows the rest
 *       of the query reaches.
 *   <li>{@code exists} is {@code (metadata -> key) IS NOT NULL}; {@code not} is SQL {@code NOT}
 *       (every leaf is true or false, never NULL). Neither is indexed.
 * </ul>
 */
final class FilterSql {
  private FilterSql() {}

  /** Whether the filter lets everything through (no condition is rendered). */
  static boolean isAll(Filter f) {
    return f instanceof Filter.All;
  }

  /**
   * Appends the condition for {@code f} on table alias {@code alias} and records its parameters.
   */
  static void render(Filter f, String alias, StringBuilder sql, List<Object> params) {
    if (f instanceof Filter.All) {
      sql.append("TRUE");
    } else if (f instanceof Filter.Eq eq) {
      sql.append(alias).append(".metadata @> ?::jsonb");
      params.add(Json.pair(eq.key(), eq.value()));
    } else if (f instanceof Filter.In in) {
      sql.append(alias).append(".metadata @> ANY (?::jsonb[])");
      String[] values = Json.pairs(in.key(), in.values());
      Arrays.sort(values);
      params.add(values);
    } else if (f instanceof Filter.Contains c) {
      sql.append(alias).append(".metadata @> ?::jsonb");
      params.add(Json.listPair(c.key(), c.item()));
    } else if (f instanceof Filter.Exists ex) {
      sql.append('(').append(alias).append(".metadata -> ?::text) IS NOT NULL");
      params.add(ex.key());
    } else if (f instanceof Filter.Range r) {
      sql.append("jsonb_path_exists(").append(alias).append(".metadata, ?::jsonpath, ?::jsonb)");
      params.add(rangePath(r));
      params.add("{\"v\":" + Json.scalar(r.bound()) + "}");
    } else if (f instanceof Filter.Not not) {
      sql.append("NOT (");
      render(not.part(), alias, sql, params);
      sql.append(')');
    } else if (f instanceof Filter.And and) {
      join(and.parts(), " AND ", alias, sql, params);
    } else if (f instanceof Filter.Or or) {
      join(or.parts(), " OR ", alias, sql, params);
    } else {
      throw new IllegalArgumentException("unknown filter type " + f.getClass().getName());
    }
  }

  /**
   * {@code strict $ ? (@."key" OP $v)}, with {@code ."$date"} for a date bound. The key follows
   * {@link Filter#KEY} (letters, digits, {@code _ . -}), so quoting it cannot break out of the
   * path.
   */
  static String rangePath(Filter.Range r) {
    String member = "@.\"" + r.key() + "\"";
    if (r.bound() instanceof MetadataValue.DateValue) {
      member += ".\"" + Json.DATE + "\"";
    }
    return "strict $ ? (" + member + " " + r.op().symbol() + " $v)";
  }

  private static void join(
      List<Filter> parts, String op, String alias, StringBuilder sql, List<Object> params) {
    sql.append('(');
    for (int i = 0; i < parts.size(); i++) {
      if (i > 0) {
        sql.append(op);
      }
      render(parts.get(i), alias, sql, params);
    }
    sql.append(')');
  }
}
