package dev.citerag.bench.pg;

import dev.citerag.bench.data.Dataset;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The floor for an approximate dense query: one prepared statement on the bare table's HNSW index.
 */
final class BareSearch {
  private final PreparedStatement ps;

  BareSearch(Connection c, String table, int efSearch) throws Exception {
    try (Statement s = c.createStatement()) {
      s.execute("SET hnsw.ef_search = " + efSearch);
    }
    ps =
        c.prepareStatement("SELECT id FROM " + table + " ORDER BY embedding <=> ?::vector LIMIT ?");
  }

  int[] top(float[] q, int k, @Nullable String unused) throws Exception {
    ps.setObject(1, new com.pgvector.PGvector(q));
    ps.setInt(2, k);
    int[] out = new int[k];
    int n = 0;
    try (ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out[n++] = Dataset.row(rs.getString(1));
      }
    }
    return Arrays.copyOf(out, n);
  }
}
