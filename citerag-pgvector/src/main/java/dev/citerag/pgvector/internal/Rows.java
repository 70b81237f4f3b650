package dev.citerag.pgvector.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/** Binding statement parameters; rows are read by {@link RowReader}. */
final class Rows {
  private Rows() {}

  /**
   * Binds {@code params} in order; arrays of String/Integer become {@code text[]}/{@code int[]}.
   */
  static void bind(Connection c, PreparedStatement ps, List<Object> params) throws SQLException {
    for (int i = 0; i < params.size(); i++) {
      Object p = params.get(i);
      int idx = i + 1;
      if (p instanceof String s) {
        ps.setString(idx, s);
      } else if (p instanceof Integer n) {
        ps.setInt(idx, n);
      } else if (p instanceof Boolean b) {
        ps.setBoolean(idx, b);
      } else if (p instanceof String[] a) {
        ps.setArray(idx, c.createArrayOf("text", a));
      } else if (p instanceof Integer[] a) {
        ps.setArray(idx, c.createArrayOf("int4", a));
      } else {
        throw new IllegalStateException("no binding for " + p.getClass().getName());
      }
    }
  }

  /** The query vector in pgvector's text form; {@code Float.toString} round-trips every float. */
  static String vectorLiteral(float[] v) {
    StringBuilder sb = new StringBuilder(v.length * 12 + 2);
    sb.append('[');
    for (int i = 0; i < v.length; i++) {
      if (i > 0) {
        sb.append(',');
      }
      sb.append(v[i]);
    }
    return sb.append(']').toString();
  }
}
