package dev.citerag.answer.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A least-recently-used map of at most {@code capacity} entries (0: keeps nothing). Thread-safe by
 * one lock: its operations are a hash lookup each, far cheaper than what it saves (a model call).
 */
public final class BoundedCache<K, V> {
  private final int capacity;
  private final LinkedHashMap<K, V> map;

  public BoundedCache(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("capacity must be >= 0, was " + capacity);
    }
    this.capacity = capacity;
    this.map =
        new LinkedHashMap<>(16, 0.75f, true) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
            return size() > BoundedCache.this.capacity;
          }
        };
  }

  public synchronized @Nullable V get(K key) {
    return map.get(key);
  }

  public synchronized void put(K key, V value) {
    if (capacity > 0) {
      map.put(key, value);
    }
  }

  public synchronized int size() {
    return map.size();
  }
}
