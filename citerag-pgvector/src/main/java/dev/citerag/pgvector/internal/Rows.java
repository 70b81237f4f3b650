package dev.citerag.pgvector.internal;

import dev.citerag.store.Chunk;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

/** Binding parameters and reading rows. */
final class Rows {
  private Rows() {}

  /** Binds {@code params} in order; arrays of String/Integer become {@code text[]}/{@code int[]}. */
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

  /** Reads a chunk from the first 10 columns ({@link Sql#CHUNK_COLUMNS}). */
  static Chunk chunk(ResultSet rs) throws SQLException {
    Array headings = rs.getArray(5);
    String[] path = headings == null ? new String[0] : (String[]) headings.getArray();
    int page = rs.getInt(6);
    Integer pageOrNull = rs.wasNull() ? null : page;
    return new Chunk(
        rs.getString(1),
        rs.getString(2),
        rs.getString(3),
        rs.getString(4),
        Arrays.asList(path),
        pageOrNull,
        rs.getString(7),
        rs.getInt(9),
        rs.getString(8),
        Json.parseObject(rs.getString(10)));
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
