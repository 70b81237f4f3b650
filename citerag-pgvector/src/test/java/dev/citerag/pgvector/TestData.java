package dev.citerag.pgvector;

import dev.citerag.store.Chunk;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.MetadataValue;
import dev.citerag.text.internal.Hashing;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

/** Chunks, vectors and SQL helpers for the PostgreSQL tests. */
final class TestData {
  private static final AtomicInteger NAMES = new AtomicInteger();

  private TestData() {}

  static String uniqueCollection(String prefix) {
    return prefix + "_" + NAMES.incrementAndGet();
  }

  static PgVectorStore store(DataSource ds, String collection, int dims) {
    return PgVectorStore.builder().dataSource(ds).collection(collection).dimensions(dims).build();
  }

  static EmbeddedChunk chunk(
      String docId, int i, String text, Map<String, String> metadata, float[] v) {
    return new EmbeddedChunk(
        new Chunk(
            docId + "#" + i,
            docId,
            "src/" + docId + ".md",
            "Title " + docId,
            List.of("H1", "H2"),
            i + 1,
            text,
            text.length() / 4,
            Hashing.sha256Hex(text),
            MetadataValue.strings(metadata)),
        v);
  }

  static DocumentChunks doc(String docId, String hash, EmbeddedChunk... chunks) {
    return new DocumentChunks(docId, hash, List.of(chunks));
  }

  static float[] unit(int dims, int axis) {
    float[] v = new float[dims];
    v[axis] = 1f;
    return v;
  }

  /** normalise(a * e_i + b * e_j). */
  static float[] blend(int dims, int i, double a, int j, double b) {
    float[] v = new float[dims];
    v[i] += (float) a;
    v[j] += (float) b;
    return normalise(v);
  }

  static float[] random(Random r, int dims) {
    float[] v = new float[dims];
    for (int i = 0; i < dims; i++) {
      v[i] = (float) r.nextGaussian();
    }
    return normalise(v);
  }

  static float[] normalise(float[] v) {
    double n = 0;
    for (float x : v) {
      n += (double) x * x;
    }
    n = Math.sqrt(n);
    float[] out = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (float) (v[i] / n);
    }
    return out;
  }

  static List<String> ids(List<dev.citerag.store.SearchHit> hits) {
    List<String> out = new ArrayList<>();
    hits.forEach(h -> out.add(h.chunk().id()));
    return out;
  }

  static List<List<String>> rows(DataSource ds, String sql) throws SQLException {
    List<List<String>> out = new ArrayList<>();
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          row.add(rs.getString(i));
        }
        out.add(row);
      }
    }
    return out;
  }

  static String scalar(DataSource ds, String sql) throws SQLException {
    List<List<String>> r = rows(ds, sql);
    return r.isEmpty() ? null : r.get(0).get(0);
  }

  static void execute(DataSource ds, String sql) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
