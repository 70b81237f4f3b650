package dev.citerag.store.internal;

import java.util.Arrays;

/**
 * Vectors of {@code d} floats stored column by column in blocks of {@value #BLOCK} rows: column
 * {@code i} of block {@code b} is one {@code float[]} holding component {@code i} of rows {@code b
 * * BLOCK} to {@code b * BLOCK + BLOCK - 1}.
 *
 * <p>Why: scoring a block against a query is then {@code d} loops of the form {@code acc[r] += q *
 * column[r]}, element-wise over separate arrays from index 0, which HotSpot's C2 compiler turns
 * into SIMD instructions (AVX on x86, NEON on ARM). It does not vectorise the reduction of a
 * row-by-row dot product, nor a loop whose arrays are indexed with different offsets, so a
 * row-major {@code float[]} is stuck with scalar arithmetic. Four columns are combined per pass to
 * read and write the accumulators less often.
 *
 * <p>{@link #dot} computes one row with exactly the arithmetic of {@link #scoreBlock} (same
 * operations in the same order, no fused multiply-add), so a row scores the same either way.
 *
 * <p>The last block grows by doubling from {@value #FIRST_CAPACITY} rows, so a small store stays
 * small. Not thread-safe; the store guards it with its lock.
 */
public final class VectorBlocks {
  /** log2 of {@link #BLOCK}. */
  public static final int SHIFT = 10;

  /** Rows per block. */
  public static final int BLOCK = 1 << SHIFT;

  private static final int MASK = BLOCK - 1;
  private static final int FIRST_CAPACITY = 16;

  private final int d;
  private float[][] cols = new float[0][];
  private int blocks;
  private int lastCapacity;

  /**
   * @param dimensions components per vector, &gt; 0
   */
  public VectorBlocks(int dimensions) {
    if (dimensions <= 0) {
      throw new IllegalArgumentException("dimensions must be > 0, was " + dimensions);
    }
    this.d = dimensions;
  }

  /** The most rows any instance can hold for {@code dimensions} (the column index is an int). */
  public static int maxRows(int dimensions) {
    long byColumns = (long) ((Integer.MAX_VALUE - 16) / dimensions) * BLOCK;
    return (int) Math.min(Integer.MAX_VALUE - 16 - BLOCK, byColumns);
  }

  /** Rows that fit without growing. */
  public int capacity() {
    return blocks == 0 ? 0 : (blocks - 1) * BLOCK + lastCapacity;
  }

  /** Grows until at least {@code rows} rows fit. */
  public void ensureCapacity(int rows) {
    while (capacity() < rows) {
      grow();
    }
  }

  private void grow() {
    if (blocks == 0 || lastCapacity == BLOCK) {
      int b = blocks;
      if ((b + 1) * d > cols.length) {
        cols =
            Arrays.copyOf(
                cols,
                (int) Math.min(Integer.MAX_VALUE - 16, Math.max((b + 1L) * d, cols.length * 2L)));
      }
      for (int i = 0; i < d; i++) {
        cols[b * d + i] = new float[FIRST_CAPACITY];
      }
      blocks++;
      lastCapacity = FIRST_CAPACITY;
    } else {
      int cap = Math.min(BLOCK, lastCapacity * 2);
      int base = (blocks - 1) * d;
      for (int i = 0; i < d; i++) {
        cols[base + i] = Arrays.copyOf(cols[base + i], cap);
      }
      lastCapacity = cap;
    }
  }

  /**
   * Stores {@code d} floats of {@code src} from {@code offset} as row {@code row}, growing as
   * needed.
   */
  public void set(int row, float[] src, int offset) {
    ensureCapacity(row + 1);
    int base = (row >>> SHIFT) * d;
    int r = row & MASK;
    for (int i = 0; i < d; i++) {
      cols[base + i][r] = src[offset + i];
    }
  }

  /** Copies row {@code from} onto row {@code to} (both within capacity). */
  public void move(int from, int to) {
    int fb = (from >>> SHIFT) * d;
    int fr = from & MASK;
    int tb = (to >>> SHIFT) * d;
    int tr = to & MASK;
    for (int i = 0; i < d; i++) {
      cols[tb + i][tr] = cols[fb + i][fr];
    }
  }

  /** Keeps room for the first {@code rows} rows only, releasing whole blocks beyond them. */
  public void truncate(int rows) {
    int keep = (rows + BLOCK - 1) >>> SHIFT;
    if (keep >= blocks) {
      return;
    }
    Arrays.fill(cols, keep * d, blocks * d, null);
    if (cols.length > 2 * Math.max(1, keep) * d) {
      cols = Arrays.copyOf(cols, keep * d);
    }
    blocks = keep;
    lastCapacity = keep == 0 ? 0 : BLOCK;
  }

  /**
   * The dot product of row {@code row} with {@code q}, computed exactly as {@link #scoreBlock}
   * does.
   */
  public float dot(int row, float[] q) {
    int base = (row >>> SHIFT) * d;
    int r = row & MASK;
    float[][] c = cols;
    float s = 0f;
    int i = 0;
    for (; i + 4 <= d; i += 4) {
      s +=
          q[i] * c[base + i][r]
              + q[i + 1] * c[base + i + 1][r]
              + q[i + 2] * c[base + i + 2][r]
              + q[i + 3] * c[base + i + 3][r];
    }
    for (; i < d; i++) {
      s += q[i] * c[base + i][r];
    }
    return s;
  }

  /**
   * Sets {@code acc[r]} to the dot product of {@code q} with row {@code block * BLOCK + r}, for
   * {@code r < len}; {@code len} must not exceed the rows allocated in that block.
   */
  public void scoreBlock(int block, float[] q, float[] acc, int len) {
    Arrays.fill(acc, 0, len, 0f);
    int base = block * d;
    float[][] c = cols;
    int i = 0;
    for (; i + 4 <= d; i += 4) {
      axpy4(
          acc,
          c[base + i],
          c[base + i + 1],
          c[base + i + 2],
          c[base + i + 3],
          q[i],
          q[i + 1],
          q[i + 2],
          q[i + 3],
          len);
    }
    for (; i < d; i++) {
      axpy1(acc, c[base + i], q[i], len);
    }
  }

  private static void axpy4(
      float[] acc,
      float[] c0,
      float[] c1,
      float[] c2,
      float[] c3,
      float q0,
      float q1,
      float q2,
      float q3,
      int len) {
    for (int r = 0; r < len; r++) {
      acc[r] += q0 * c0[r] + q1 * c1[r] + q2 * c2[r] + q3 * c3[r];
    }
  }

  private static void axpy1(float[] acc, float[] c0, float q0, int len) {
    for (int r = 0; r < len; r++) {
      acc[r] += q0 * c0[r];
    }
  }
}
