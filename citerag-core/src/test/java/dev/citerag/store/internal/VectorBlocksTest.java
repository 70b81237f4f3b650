package dev.citerag.store.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class VectorBlocksTest {

  private static float[][] randomRows(int n, int d, long seed) {
    Random r = new Random(seed);
    float[][] rows = new float[n][d];
    for (float[] row : rows) {
      for (int i = 0; i < d; i++) {
        row[i] = (float) r.nextGaussian();
      }
    }
    return rows;
  }

  private static double reference(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += (double) a[i] * b[i];
    }
    return s;
  }

  private static VectorBlocks filled(float[][] rows) {
    VectorBlocks v = new VectorBlocks(rows[0].length);
    for (int i = 0; i < rows.length; i++) {
      v.set(i, rows[i], 0);
    }
    return v;
  }

  @Test
  void block_scores_equal_row_scores_bit_for_bit_and_match_a_double_reference() {
    // 7 dimensions: groups of four plus a remainder; 2,500 rows: two full blocks and a partial one
    for (int d : new int[] {7, 384}) {
      int n = 2 * VectorBlocks.BLOCK + 452;
      float[][] rows = randomRows(n, d, d);
      float[] q = randomRows(1, d, 99)[0];
      VectorBlocks v = filled(rows);
      float[] acc = new float[VectorBlocks.BLOCK];
      for (int b = 0; b * VectorBlocks.BLOCK < n; b++) {
        int len = Math.min(VectorBlocks.BLOCK, n - b * VectorBlocks.BLOCK);
        v.scoreBlock(b, q, acc, len);
        for (int r = 0; r < len; r++) {
          int row = b * VectorBlocks.BLOCK + r;
          assertEquals(
              Float.floatToIntBits(v.dot(row, q)),
              Float.floatToIntBits(acc[r]),
              "row " + row + ", d " + d);
          assertEquals(
              reference(rows[row], q), acc[r], 1e-3 * Math.sqrt(d), "row " + row + ", d " + d);
        }
      }
    }
  }

  @Test
  void grows_from_a_small_first_block_and_keeps_rows_while_growing() {
    VectorBlocks v = new VectorBlocks(3);
    assertEquals(0, v.capacity());
    v.set(0, new float[] {1, 2, 3}, 0);
    assertTrue(
        v.capacity() < VectorBlocks.BLOCK, "a one-row store must not allocate a whole block");
    float[][] rows = randomRows(VectorBlocks.BLOCK + 5, 3, 1);
    for (int i = 0; i < rows.length; i++) {
      v.set(i, rows[i], 0);
    }
    float[] q = {1, -2, 0.5f};
    for (int i = 0; i < rows.length; i++) {
      assertEquals(reference(rows[i], q), v.dot(i, q), 1e-4);
    }
  }

  @Test
  void reads_a_row_from_an_offset_in_the_source_array() {
    VectorBlocks v = new VectorBlocks(2);
    v.set(0, new float[] {9, 9, 3, 4}, 2);
    assertEquals(3 * 1 + 4 * 10, v.dot(0, new float[] {1, 10}), 0f);
  }

  @Test
  void move_copies_a_row_across_blocks_and_truncate_releases_whole_blocks() {
    int d = 5;
    int n = 2 * VectorBlocks.BLOCK + 10;
    float[][] rows = randomRows(n, d, 3);
    VectorBlocks v = filled(rows);
    float[] q = randomRows(1, d, 4)[0];
    v.move(n - 1, 3);
    assertEquals(v.dot(n - 1, q), v.dot(3, q), 0f);
    v.truncate(VectorBlocks.BLOCK + 1);
    assertEquals(2 * VectorBlocks.BLOCK, v.capacity());
    assertEquals(reference(rows[VectorBlocks.BLOCK], q), v.dot(VectorBlocks.BLOCK, q), 1e-4);
    v.truncate(0);
    assertEquals(0, v.capacity());
    v.set(0, rows[0], 0);
    assertEquals(reference(rows[0], q), v.dot(0, q), 1e-4);
  }

  @Test
  void rejects_non_positive_dimensions() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new VectorBlocks(0));
    assertEquals("dimensions must be > 0, was 0", e.getMessage());
  }

  @Test
  void max_rows_is_bounded_by_the_int_index_of_columns() {
    assertTrue(VectorBlocks.maxRows(384) > 1_000_000);
    assertTrue(
        (long) VectorBlocks.maxRows(65_536) / VectorBlocks.BLOCK * 65_536 <= Integer.MAX_VALUE);
  }
}
