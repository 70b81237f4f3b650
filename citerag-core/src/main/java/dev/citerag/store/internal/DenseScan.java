package dev.citerag.store.internal;

import org.jspecify.annotations.Nullable;

/**
 * The exact top-k scan of a dense search over {@link VectorBlocks}: every row (or every allowed
 * row) is scored against a unit query and offered to a {@link TopK}.
 *
 * <p>Without a filter each block is scored whole at SIMD speed. With one, a block with no allowed
 * row is skipped, a block with at most {@link #ROW_BY_ROW_MAX} allowed rows is scored row by row,
 * and otherwise the whole block is scored and only the allowed rows are offered.
 */
public final class DenseScan {

  /**
   * A block with at most this many passing rows is scored row by row: a row read across a block's
   * columns touches one cache line per component, so beyond this the whole block is cheaper.
   */
  public static final int ROW_BY_ROW_MAX = 24;

  private DenseScan() {}

  /**
   * Offers the score of every allowed row below {@code rows} to {@code top}, rows in increasing
   * order (so ties go to the lower row).
   *
   * @param vectors the stored rows
   * @param q the unit query vector
   * @param rows how many rows are in use
   * @param allowed the words of a bit set of allowed rows, or null for every row below {@code rows}
   * @param top receives the scores
   */
  public static void scan(
      VectorBlocks vectors, float[] q, int rows, long @Nullable [] allowed, TopK top) {
    final float[] acc = new float[Math.min(Math.max(rows, 1), VectorBlocks.BLOCK)];
    double threshold = top.threshold();
    for (int b = 0, start = 0; start < rows; b++, start += VectorBlocks.BLOCK) {
      int len = Math.min(VectorBlocks.BLOCK, rows - start);
      if (allowed == null) {
        vectors.scoreBlock(b, q, acc, len);
        for (int r = 0; r < len; r++) {
          float s = acc[r];
          if (s > threshold) {
            top.offer(s, start + r);
            threshold = top.threshold();
          }
        }
        continue;
      }
      int w0 = start >>> 6;
      int w1 = Math.min(allowed.length, (start + len + 63) >>> 6);
      int passing = 0;
      for (int w = w0; w < w1; w++) {
        passing += Long.bitCount(allowed[w]);
      }
      if (passing == 0) {
        continue;
      }
      boolean rowByRow = passing <= ROW_BY_ROW_MAX;
      if (!rowByRow) {
        vectors.scoreBlock(b, q, acc, len);
      }
      for (int w = w0; w < w1; w++) {
        long bits = allowed[w];
        while (bits != 0) {
          int slot = (w << 6) + Long.numberOfTrailingZeros(bits);
          bits &= bits - 1;
          if (slot >= rows) {
            break;
          }
          float s = rowByRow ? vectors.dot(slot, q) : acc[slot - start];
          if (s > threshold) {
            top.offer(s, slot);
            threshold = top.threshold();
          }
        }
      }
    }
  }
}
