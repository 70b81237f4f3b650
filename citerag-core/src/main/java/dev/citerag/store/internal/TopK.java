package dev.citerag.store.internal;

/**
 * A bounded min-heap keeping the {@code k} best (score, slot) pairs seen. Higher score is better;
 * on equal scores the lower slot is better, so results do not depend on offer order. No boxing, no
 * allocation after construction.
 *
 * <p>Hot loops call {@link #threshold()} and skip {@link #offer} for scores that cannot enter:
 * {@code if (score > top.threshold()) top.offer(score, slot);} is exact when slots are offered in
 * increasing order (a later slot with an equal score never beats an earlier one).
 */
public final class TopK {
  private final int k;
  private final double[] scores;
  private final int[] slots;
  private int size;

  /**
   * @param k how many to keep, &gt; 0
   */
  public TopK(int k) {
    if (k <= 0) {
      throw new IllegalArgumentException("k must be > 0, was " + k);
    }
    this.k = k;
    this.scores = new double[k];
    this.slots = new int[k];
  }

  /** The score a new entry must exceed to enter; negative infinity until the heap is full. */
  public double threshold() {
    return size < k ? Double.NEGATIVE_INFINITY : scores[0];
  }

  public int size() {
    return size;
  }

  /** Offers a pair; kept when the heap is not full or it beats the worst kept pair. */
  public void offer(double score, int slot) {
    if (size < k) {
      int i = size++;
      scores[i] = score;
      slots[i] = slot;
      siftUp(i);
    } else if (worse(scores[0], slots[0], score, slot)) {
      scores[0] = score;
      slots[0] = slot;
      siftDown(0);
    }
  }

  /**
   * Empties the heap into {@code outScores}/{@code outSlots}, best first, and returns how many. The
   * arrays must hold at least {@link #size()} entries.
   */
  public int drainBestFirst(double[] outScores, int[] outSlots) {
    int n = size;
    for (int i = n - 1; i >= 0; i--) {
      outScores[i] = scores[0];
      outSlots[i] = slots[0];
      size--;
      if (size > 0) {
        scores[0] = scores[size];
        slots[0] = slots[size];
        siftDown(0);
      }
    }
    return n;
  }

  /** Whether (sa, a) ranks below (sb, b). */
  private static boolean worse(double sa, int a, double sb, int b) {
    return sa < sb || (sa == sb && a > b);
  }

  private void siftUp(int i) {
    double s = scores[i];
    int slot = slots[i];
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!worse(s, slot, scores[parent], slots[parent])) {
        break;
      }
      scores[i] = scores[parent];
      slots[i] = slots[parent];
      i = parent;
    }
    scores[i] = s;
    slots[i] = slot;
  }

  private void siftDown(int i) {
    double s = scores[i];
    int slot = slots[i];
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      int right = child + 1;
      if (right < size && worse(scores[right], slots[right], scores[child], slots[child])) {
        child = right;
      }
      if (!worse(scores[child], slots[child], s, slot)) {
        break;
      }
      scores[i] = scores[child];
      slots[i] = slots[child];
      i = child;
    }
    scores[i] = s;
    slots[i] = slot;
  }
}
