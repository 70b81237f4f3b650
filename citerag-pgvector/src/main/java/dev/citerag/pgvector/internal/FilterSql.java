package dev.citerag.pgvector.internal;

import dev.citerag.store.Filter;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a {@link Filter} as a SQL condition on the {@code metadata} jsonb column. Keys and values
 * travel only as bind parameters ({@code metadata @> ?::jsonb}); the SQL text depends on the
 * filter's shape alone, so equal shapes reuse one prepared statement. Every condition can use the
 * {@code jsonb_path_ops} GIN index.
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
      List<String> values = new ArrayList<>(in.values());
      values.sort(null);
      params.add(Json.pairs(in.key(), values));
    } else if (f instanceof Filter.And and) {
      join(and.parts(), " AND ", alias, sql, params);
    } else if (f instanceof Filter.Or or) {
      join(or.parts(), " OR ", alias, sql, params);
    } else {
      throw new IllegalArgumentException("unknown filter type " + f.getClass().getName());
    }
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
