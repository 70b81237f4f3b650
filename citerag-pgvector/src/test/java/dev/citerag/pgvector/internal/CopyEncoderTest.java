package dev.citerag.pgvector.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.store.Chunk;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.MetadataValue;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.postgresql.copy.CopyIn;

/**
 * The binary COPY stream, byte for byte, against an encoder written here from PostgreSQL's
 * documented format (header, tuples of length-prefixed fields, trailer) and pgvector's binary
 * vector form (int16 dimensions, int16 zero, big-endian float4s), through buffers small enough to
 * split fields and vectors across flushes.
 */
class CopyEncoderTest {

  private static final Random RANDOM = new Random(7);

  @Test
  void rows_are_encoded_exactly_as_the_documented_format_through_any_buffer_size()
      throws Exception {
    List<EmbeddedChunk> rows =
        List.of(
            row("a", "Runbook", List.of("Deploys", "Rollbacks"), 3, Map.of("team", "ops"), 3),
            row("b", null, List.of(), null, Map.of(), 384),
            row("c", "Zürich ✓", List.of("naïve"), 12, Map.of("k", "v\u00e9", "n", "1"), 1000));
    byte[] expected = expected(rows);
    for (int bufferSize : new int[] {64, 1000, 1 << 18}) {
      assertThat(encode(rows, bufferSize)).as("buffer of %d bytes", bufferSize).isEqualTo(expected);
    }
  }

  private static EmbeddedChunk row(
      String id,
      @Nullable String title,
      List<String> path,
      @Nullable Integer page,
      Map<String, String> metadata,
      int dims) {
    String text = "Text of " + id + ": roll back within 30 minutes, 0.015 per call.";
    Chunk chunk =
        new Chunk(
            id,
            "doc-" + id,
            "src/" + id + ".md",
            title,
            path,
            page,
            text,
            17,
            "hash-" + id,
            MetadataValue.strings(metadata));
    float[] v = new float[dims];
    for (int i = 0; i < dims; i++) {
      v[i] = (float) RANDOM.nextGaussian();
    }
    v[0] = -0.0f;
    return new EmbeddedChunk(chunk, v);
  }

  /** What PgWriter writes, through the encoder under test, captured from a fake CopyIn. */
  private static byte[] encode(List<EmbeddedChunk> rows, int bufferSize) throws SQLException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    CopyIn in =
        (CopyIn)
            Proxy.newProxyInstance(
                CopyIn.class.getClassLoader(),
                new Class<?>[] {CopyIn.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("writeToCopy") && args.length == 3) {
                    out.write((byte[]) args[0], (int) args[1], (int) args[2]);
                    return null;
                  }
                  throw new UnsupportedOperationException(method.getName());
                });
    CopyEncoder enc = new CopyEncoder(in, bufferSize);
    enc.header();
    for (EmbeddedChunk ec : rows) {
      Chunk ch = ec.chunk();
      enc.startRow(11);
      enc.text(ch.id());
      enc.text(ch.docId());
      enc.text(ch.source());
      enc.text(ch.title());
      enc.textArray(ch.headingPath());
      enc.int4(ch.page());
      enc.text(ch.text());
      enc.text(ch.contentHash());
      enc.int4(ch.tokenCount());
      enc.jsonb(Json.object(ch.metadata()));
      enc.vector(ec);
    }
    enc.finish();
    return out.toByteArray();
  }

  /** The same rows, encoded independently from the format's description. */
  private static byte[] expected(List<EmbeddedChunk> rows) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream o = new DataOutputStream(bytes);
    o.write("PGCOPY\n\u00ff\r\n\0".getBytes(StandardCharsets.ISO_8859_1));
    o.writeInt(0); // flags
    o.writeInt(0); // header extension
    for (EmbeddedChunk ec : rows) {
      Chunk ch = ec.chunk();
      o.writeShort(11);
      text(o, ch.id());
      text(o, ch.docId());
      text(o, ch.source());
      text(o, ch.title());
      textArray(o, ch.headingPath());
      int4(o, ch.page());
      text(o, ch.text());
      text(o, ch.contentHash());
      int4(o, ch.tokenCount());
      byte[] json = Json.object(ch.metadata()).getBytes(StandardCharsets.UTF_8);
      o.writeInt(json.length + 1);
      o.writeByte(1); // jsonb version
      o.write(json);
      float[] v = ec.vector();
      o.writeInt(4 + 4 * v.length);
      o.writeShort(v.length);
      o.writeShort(0);
      for (float f : v) {
        o.writeFloat(f);
      }
    }
    o.writeShort(-1);
    return bytes.toByteArray();
  }

  private static void text(DataOutputStream o, @Nullable String s) throws IOException {
    if (s == null) {
      o.writeInt(-1);
      return;
    }
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    o.writeInt(b.length);
    o.write(b);
  }

  private static void int4(DataOutputStream o, @Nullable Integer v) throws IOException {
    if (v == null) {
      o.writeInt(-1);
      return;
    }
    o.writeInt(4);
    o.writeInt(v);
  }

  private static void textArray(DataOutputStream o, List<String> values) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    DataOutputStream a = new DataOutputStream(body);
    a.writeInt(values.isEmpty() ? 0 : 1); // dimensions
    a.writeInt(0); // has nulls
    a.writeInt(25); // element type: text
    if (!values.isEmpty()) {
      a.writeInt(values.size());
      a.writeInt(1); // lower bound
    }
    for (String s : values) {
      text(a, s);
    }
    o.writeInt(body.size());
    o.write(body.toByteArray());
  }
}
