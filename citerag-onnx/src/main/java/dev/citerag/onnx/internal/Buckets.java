package dev.citerag.onnx.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Length bucketing: orders inputs by token count and cuts them into batches of at most {@code
 * maxBatch} inputs and at most {@code maxBatchTokens} padded tokens ({@code inputs × longest}), so
 * that texts of similar length are padded together and one long text does not pad a whole batch.
 */
public final class Buckets {
  private Buckets() {}

  /**
   * Groups inputs into batches of similar length within both limits.
   *
   * @param lengths token count of each input
   * @return batches of input indexes, each batch ordered by length
   */
  public static List<int[]> plan(int[] lengths, int maxBatch, int maxBatchTokens) {
    Integer[] order = new Integer[lengths.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparingInt((Integer i) -> lengths[i]).thenComparingInt(i -> i));
    List<int[]> batches = new ArrayList<>();
    int start = 0;
    while (start < order.length) {
      int end = start + 1;
      // sorted ascending: the batch's longest input is its last one
      while (end < order.length
          && end - start < maxBatch
          && (long) (end - start + 1) * lengths[order[end]] <= maxBatchTokens) {
        end++;
      }
      int[] batch = new int[end - start];
      for (int i = start; i < end; i++) {
        batch[i - start] = order[i];
      }
      batches.add(batch);
      start = end;
    }
    return batches;
  }
}
