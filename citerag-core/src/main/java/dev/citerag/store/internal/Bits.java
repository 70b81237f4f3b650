package dev.citerag.store.internal;

import java.util.Arrays;

/**
 * A growable bit set over slot numbers whose words are readable for fast scans ({@link #words()}).
 * Not thread-safe; the store guards it with its lock.
 */
public final class Bits {
  private long[] words;

  public Bits(int capacityBits) {
    this.words = new long[Math.max(1, (capacityBits + 63) >>> 6)];
  }

  private Bits(long[] words) {
    this.words = words;
  }

  /**
   * The backing words (bit {@code i} is bit {@code i % 64} of word {@code i / 64}); do not modify.
   */
  public long[] words() {
    return words;
  }

  public boolean get(int i) {
    int w = i >>> 6;
    return w < words.length && (words[w] & (1L << i)) != 0;
  }

  public void set(int i) {
    int w = i >>> 6;
    if (w >= words.length) {
      words = Arrays.copyOf(words, Math.max(w + 1, words.length * 2));
    }
    words[w] |= 1L << i;
  }

  public void clear(int i) {
    int w = i >>> 6;
    if (w < words.length) {
      words[w] &= ~(1L << i);
    }
  }

  /** Clears every bit and keeps room for {@code capacityBits}. */
  public void reset(int capacityBits) {
    words = new long[Math.max(1, (capacityBits + 63) >>> 6)];
  }

  public Bits copy() {
    return new Bits(words.clone());
  }

  /** {@code this &= other}. */
  public Bits and(Bits other) {
    long[] o = other.words;
    int n = Math.min(words.length, o.length);
    for (int i = 0; i < n; i++) {
      words[i] &= o[i];
    }
    for (int i = n; i < words.length; i++) {
      words[i] = 0;
    }
    return this;
  }

  /** {@code this |= other}. */
  public Bits or(Bits other) {
    long[] o = other.words;
    if (o.length > words.length) {
      words = Arrays.copyOf(words, o.length);
    }
    for (int i = 0; i < o.length; i++) {
      words[i] |= o[i];
    }
    return this;
  }

  /** A new set of the slots below {@code n} that are not in this one. */
  public Bits complement(int n) {
    Bits out = new Bits(n);
    int full = n >>> 6;
    for (int i = 0; i < full; i++) {
      out.words[i] = i < words.length ? ~words[i] : -1L;
    }
    int rest = n & 63;
    if (rest != 0) {
      long mask = (1L << rest) - 1;
      out.words[full] = (full < words.length ? ~words[full] : -1L) & mask;
    }
    return out;
  }

  public int cardinality() {
    int n = 0;
    for (long w : words) {
      n += Long.bitCount(w);
    }
    return n;
  }
}
