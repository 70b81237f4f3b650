package dev.citerag.store.internal;

import java.util.Arrays;

/** A growable list of {@code int}s without boxing. Not thread-safe. */
public final class IntList {
  private int[] values;
  private int size;

  public IntList() {
    this(4);
  }

  public IntList(int capacity) {
    values = new int[Math.max(1, capacity)];
  }

  public void add(int v) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = v;
  }

  public int get(int i) {
    return values[i];
  }

  public void set(int i, int v) {
    values[i] = v;
  }

  public int size() {
    return size;
  }

  /** Keeps the first {@code n} values. */
  public void truncate(int n) {
    size = n;
    if (values.length > 16 && n < values.length / 4) {
      values = Arrays.copyOf(values, Math.max(4, n * 2));
    }
  }

  public int[] toArray() {
    return Arrays.copyOf(values, size);
  }
}
