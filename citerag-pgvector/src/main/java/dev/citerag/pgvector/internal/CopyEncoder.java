package dev.citerag.pgvector.internal;

import com.pgvector.PGvector;
import dev.citerag.store.EmbeddedChunk;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.postgresql.copy.CopyIn;

/**
 * Writes rows in PostgreSQL's binary COPY format straight into a {@link CopyIn}, through one
 * reusable buffer. Field encodings: text as UTF-8; {@code integer} as 4 big-endian bytes; {@code
 * text[]} as a one-dimensional array of element type {@code text} (OID 25); {@code jsonb} as
 * version byte 1 followed by the JSON text; {@code vector} in pgvector's binary form (int16
 * dimensions, int16 zero, then big-endian float4 components), written by pgvector-java's {@link
 * PGvector#toBytes(byte[], int)} straight into the buffer; {@code halfvec} likewise (int16
 * dimensions, int16 zero, then big-endian IEEE 754 binary16 components, rounded to nearest even by
 * {@link #toHalf}).
 */
final class CopyEncoder {
  private static final byte[] SIGNATURE = {
    'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0
  };
  private static final int TEXT_OID = 25;

  private final CopyIn copy;
  private final byte[] buf;
  private int pos;
  private float[] vectorScratch = new float[0];

  CopyEncoder(CopyIn copy, int bufferSize) {
    this.copy = copy;
    this.buf = new byte[bufferSize];
  }

  void header() throws SQLException {
    ensure(SIGNATURE.length + 8);
    System.arraycopy(SIGNATURE, 0, buf, pos, SIGNATURE.length);
    pos += SIGNATURE.length;
    putInt(0); // flags
    putInt(0); // header extension length
  }

  void startRow(int fields) throws SQLException {
    ensure(2);
    putShort(fields);
  }

  void text(@Nullable String s) throws SQLException {
    if (s == null) {
      nul();
      return;
    }
    bytesField(s.getBytes(StandardCharsets.UTF_8), (byte) -1);
  }

  void int4(@Nullable Integer v) throws SQLException {
    if (v == null) {
      nul();
      return;
    }
    ensure(8);
    putInt(4);
    putInt(v);
  }

  void jsonb(String json) throws SQLException {
    bytesField(json.getBytes(StandardCharsets.UTF_8), (byte) 1);
  }

  void textArray(List<String> values) throws SQLException {
    byte[][] elems = new byte[values.size()][];
    int len = 12 + (values.isEmpty() ? 0 : 8);
    for (int i = 0; i < elems.length; i++) {
      elems[i] = values.get(i).getBytes(StandardCharsets.UTF_8);
      len += 4 + elems[i].length;
    }
    ensure(24);
    putInt(len);
    putInt(values.isEmpty() ? 0 : 1); // dimensions
    putInt(0); // no nulls
    putInt(TEXT_OID);
    if (!values.isEmpty()) {
      putInt(values.size());
      putInt(1); // lower bound
    }
    for (byte[] e : elems) {
      ensure(4);
      putInt(e.length);
      raw(e);
    }
  }

  void vector(EmbeddedChunk chunk) throws SQLException {
    int dims = chunk.dimensions();
    if (vectorScratch.length != dims) {
      vectorScratch = new float[dims];
    }
    chunk.copyVectorTo(vectorScratch, 0);
    PGvector vector = new PGvector(vectorScratch);
    int len = vector.lengthInBytes();
    ensure(4 + len);
    putInt(len);
    if (len <= buf.length - pos) {
      vector.toBytes(buf, pos);
      pos += len;
    } else { // larger than the whole buffer: encode it on its own
      byte[] own = new byte[len];
      vector.toBytes(own, 0);
      raw(own);
    }
  }

  /** A {@code halfvec} field (the components must be within {@link #HALF_MAX}). */
  void halfvec(EmbeddedChunk chunk) throws SQLException {
    int dims = chunk.dimensions();
    if (vectorScratch.length != dims) {
      vectorScratch = new float[dims];
    }
    chunk.copyVectorTo(vectorScratch, 0);
    int len = 4 + 2 * dims;
    ensure(4 + 4);
    putInt(len);
    putShort(dims);
    putShort(0);
    for (float x : vectorScratch) {
      ensure(2);
      putShort(toHalf(x));
    }
  }

  /** The largest finite binary16 value. */
  static final float HALF_MAX = 65504f;

  /**
   * The IEEE 754 binary16 bits nearest to {@code f} (ties to even); a value of magnitude 65,520 or
   * more becomes infinity, one below 2^-25 zero.
   */
  static int toHalf(float f) {
    int b = Float.floatToRawIntBits(f);
    int sign = (b >>> 16) & 0x8000;
    int exp = (b >>> 23) & 0xff;
    int mant = b & 0x7fffff;
    if (exp == 0xff) {
      return sign | 0x7c00 | (mant != 0 ? 0x200 : 0);
    }
    int e = exp - 127 + 15;
    if (e >= 0x1f) {
      return sign | 0x7c00;
    }
    if (e <= 0) {
      if (e < -10) {
        return sign;
      }
      int m = mant | 0x800000;
      int shift = 14 - e;
      int half = m >>> shift;
      int rem = m & ((1 << shift) - 1);
      int mid = 1 << (shift - 1);
      if (rem > mid || (rem == mid && (half & 1) != 0)) {
        half++;
      }
      return sign | half;
    }
    int half = (e << 10) | (mant >>> 13);
    int rem = mant & 0x1fff;
    if (rem > 0x1000 || (rem == 0x1000 && (half & 1) != 0)) {
      half++; // a carry into the exponent is the correct rounding (up to infinity)
    }
    return sign | half;
  }

  /** Writes the trailer and flushes; the caller then ends the COPY. */
  void finish() throws SQLException {
    ensure(2);
    putShort(-1);
    flush();
  }

  private void nul() throws SQLException {
    ensure(4);
    putInt(-1);
  }

  private void bytesField(byte[] b, byte prefix) throws SQLException {
    int extra = prefix >= 0 ? 1 : 0;
    ensure(5);
    putInt(b.length + extra);
    if (extra == 1) {
      buf[pos++] = prefix;
    }
    raw(b);
  }

  private void raw(byte[] b) throws SQLException {
    if (b.length > buf.length - pos) {
      flush();
      if (b.length > buf.length) {
        copy.writeToCopy(b, 0, b.length);
        return;
      }
    }
    System.arraycopy(b, 0, buf, pos, b.length);
    pos += b.length;
  }

  private void ensure(int n) throws SQLException {
    if (buf.length - pos < n) {
      flush();
    }
  }

  private void flush() throws SQLException {
    if (pos > 0) {
      copy.writeToCopy(buf, 0, pos);
      pos = 0;
    }
  }

  private void putShort(int v) {
    buf[pos++] = (byte) (v >>> 8);
    buf[pos++] = (byte) v;
  }

  private void putInt(int v) {
    buf[pos++] = (byte) (v >>> 24);
    buf[pos++] = (byte) (v >>> 16);
    buf[pos++] = (byte) (v >>> 8);
    buf[pos++] = (byte) v;
  }
}
