package dev.citerag.bench.harness;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/** Retained heap, measured as used heap after repeated full collections. */
public final class Heap {
  private Heap() {}

  private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

  /** Used heap after collecting until the figure stops falling (at most 8 collections). */
  public static long usedAfterGc() {
    long best = Long.MAX_VALUE;
    int stable = 0;
    for (int i = 0; i < 8 && stable < 2; i++) {
      System.gc();
      try {
        Thread.sleep(30);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      long used = MEMORY.getHeapMemoryUsage().getUsed();
      if (used < best - 4096) {
        best = used;
        stable = 0;
      } else {
        best = Math.min(best, used);
        stable++;
      }
    }
    return best;
  }
}
