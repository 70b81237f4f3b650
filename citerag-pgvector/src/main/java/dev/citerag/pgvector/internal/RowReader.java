package dev.citerag.pgvector.internal;

import dev.citerag.store.Chunk;
import dev.citerag.store.SourceMap;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads the rows of one result set by column name (the label in the SELECT list, e.g. {@code id},
 * {@code distance}, {@code dense_count}); the names are resolved to indexes once per result set.
 */
final class RowReader {
  private final ResultSet rs;
  private final Map<String, Integer> columns = new HashMap<>();

  RowReader(ResultSet rs) throws SQLException {
    this.rs = rs;
    ResultSetMetaData md = rs.getMetaData();
    for (int i = md.getColumnCount(); i >= 1; i--) {
      columns.put(md.getColumnLabel(i), i); // the first of duplicate labels wins
    }
  }

  boolean next() throws SQLException {
    return rs.next();
  }

  private int index(String column) {
    Integer i = columns.get(column);
    if (i == null) {
      throw new IllegalStateException(
          "the result has no column " + column + ", only " + columns.keySet());
    }
    return i;
  }

  String text(String column) throws SQLException {
    String v = rs.getString(index(column));
    if (v == null) {
      throw new IllegalStateException("column " + column + " is null");
    }
    return v;
  }

  @Nullable String nullableText(String column) throws SQLException {
    return rs.getString(index(column));
  }

  int int4(String column) throws SQLException {
    return rs.getInt(index(column));
  }

  @Nullable Integer nullableInt4(String column) throws SQLException {
    int v = rs.getInt(index(column));
    return rs.wasNull() ? null : v;
  }

  long int8(String column) throws SQLException {
    return rs.getLong(index(column));
  }

  double float8(String column) throws SQLException {
    return rs.getDouble(index(column));
  }

  /** A {@code real} column: read as float so text and binary transfer give the same value. */
  double float4(String column) throws SQLException {
    return rs.getFloat(index(column));
  }

  boolean bool(String column) throws SQLException {
    return rs.getBoolean(index(column));
  }

  List<String> textArray(String column) throws SQLException {
    Array a = rs.getArray(index(column));
    return a == null ? List.of() : Arrays.asList((String[]) a.getArray());
  }

  /** The chunk in this row ({@link Sql#CHUNK_COLUMNS}). */
  Chunk chunk() throws SQLException {
    return new Chunk(
        text("id"),
        text("doc_id"),
        text("source"),
        nullableText("title"),
        textArray("heading_path"),
        nullableInt4("page"),
        text("content"),
        int4("token_count"),
        text("content_hash"),
        Json.parseObject(text("metadata")),
        sourceMap(nullableText("source_map")));
  }

  private static @Nullable SourceMap sourceMap(@Nullable String encoded) {
    return encoded == null ? null : SourceMap.parse(encoded);
  }
}
