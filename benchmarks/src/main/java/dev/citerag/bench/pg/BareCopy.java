package dev.citerag.bench.pg;

import com.pgvector.PGvector;
import dev.citerag.store.Chunk;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.MetadataValue;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * The physical floor for loading: the same rows (every column citerag stores, vector PLAIN)
 * streamed with one {@code COPY ... FROM STDIN (FORMAT BINARY)} into a table with only a primary
 * key, and an HNSW index built afterwards with as much {@code maintenance_work_mem} as citerag
 * gives its build.
 */
public final class BareCopy {
  private BareCopy() {}

  public static void createTable(Connection c, String table, int dims) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + table);
      s.execute(
          "CREATE TABLE "
              + table
              + " (id text PRIMARY KEY, doc_id text NOT NULL, source text NOT NULL,"
              + " title text, heading_path text[] NOT NULL, page integer, content text NOT NULL,"
              + " content_hash text NOT NULL, token_count integer NOT NULL, metadata jsonb NOT NULL,"
              + " embedding vector("
              + dims
              + ") NOT NULL)");
      s.execute("ALTER TABLE " + table + " ALTER COLUMN embedding SET STORAGE PLAIN");
    }
  }

  /** Streams {@code rows} into {@code table} with one binary COPY. */
  public static void copy(Connection c, String table, List<EmbeddedChunk> rows)
      throws SQLException, IOException {
    CopyIn in =
        c.unwrap(PGConnection.class)
            .getCopyAPI()
            .copyIn(
                "COPY "
                    + table
                    + " (id, doc_id, source, title, heading_path, page, content, content_hash, token_count, metadata,"
                    + " embedding) FROM STDIN (FORMAT BINARY)");
    ByteArrayOutputStream buf = new ByteArrayOutputStream(1 << 20);
    DataOutputStream out = new DataOutputStream(buf);
    out.write(new byte[] {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0});
    out.writeInt(0);
    out.writeInt(0);
    float[] v = null;
    for (EmbeddedChunk ec : rows) {
      Chunk ch = ec.chunk();
      out.writeShort(11);
      text(out, ch.id());
      text(out, ch.docId());
      text(out, ch.source());
      text(out, ch.title());
      textArray(out, ch.headingPath());
      out.writeInt(-1);
      text(out, ch.text());
      text(out, ch.contentHash());
      out.writeInt(4);
      out.writeInt(ch.tokenCount());
      byte[] json = json(ch.metadata()).getBytes(StandardCharsets.UTF_8);
      out.writeInt(json.length + 1);
      out.writeByte(1); // jsonb binary format version
      out.write(json);
      if (v == null || v.length != ec.dimensions()) {
        v = new float[ec.dimensions()];
      }
      ec.copyVectorTo(v, 0);
      byte[] vb = new byte[4 + 4 * v.length];
      new PGvector(v).toBytes(vb, 0);
      out.writeInt(vb.length);
      out.write(vb);
      if (buf.size() > (1 << 18)) {
        in.writeToCopy(buf.toByteArray(), 0, buf.size());
        buf.reset();
      }
    }
    out.writeShort(-1);
    in.writeToCopy(buf.toByteArray(), 0, buf.size());
    in.endCopy();
  }

  /**
   * {@code maintenance_work_mem} in kB that keeps an HNSW graph of {@code rows} in memory (as
   * citerag sets it).
   */
  public static long maintenanceWorkMemKb(int rows, int dims, int m) {
    long perRow = 4L * dims + 48L * m + 128;
    return Math.min(2L * 1024 * 1024, (long) (rows * perRow * 1.3 / 1024) + 64 * 1024);
  }

  /** Builds the HNSW index (m 16, ef_construction 64, cosine) on {@code table}. */
  public static void buildHnsw(Connection c, String table, long maintenanceWorkMemKb)
      throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("SET maintenance_work_mem = '" + maintenanceWorkMemKb + "kB'");
      s.execute(
          "CREATE INDEX "
              + table
              + "_hnsw ON "
              + table
              + " USING hnsw (embedding vector_cosine_ops)"
              + " WITH (m = 16, ef_construction = 64)");
      s.execute("RESET maintenance_work_mem");
    }
  }

  private static void text(DataOutputStream out, @Nullable String s) throws IOException {
    if (s == null) {
      out.writeInt(-1);
      return;
    }
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(b.length);
    out.write(b);
  }

  private static void textArray(DataOutputStream out, List<String> values) throws IOException {
    ByteArrayOutputStream a = new ByteArrayOutputStream();
    DataOutputStream d = new DataOutputStream(a);
    d.writeInt(1); // dimensions
    d.writeInt(0); // no nulls
    d.writeInt(25); // text
    d.writeInt(values.size());
    d.writeInt(1); // lower bound
    for (String v : values) {
      text(d, v);
    }
    out.writeInt(a.size());
    a.writeTo(out);
  }

  /**
   * Metadata as a JSON object; keys and values here are plain identifiers, so no escaping is
   * needed.
   */
  private static String json(Map<String, MetadataValue> metadata) {
    StringBuilder sb = new StringBuilder("{");
    for (Map.Entry<String, MetadataValue> e : new TreeMap<>(metadata).entrySet()) {
      if (sb.length() > 1) {
        sb.append(',');
      }
      sb.append('"').append(e.getKey()).append("\":\"").append(e.getValue().asText()).append('"');
    }
    return sb.append('}').toString();
  }
}
