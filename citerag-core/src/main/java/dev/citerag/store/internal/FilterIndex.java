package dev.citerag.store.internal;

import dev.citerag.store.Filter;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Per metadata key and value, the slots carrying it (sorted), so a {@link Filter} becomes a bit set
 * in time proportional to the matching slots plus {@code slots / 64} words, before any ranking.
 * Removed slots stay listed until {@link #compact}; callers AND the result with the liveness mask.
 * Not thread-safe; the store guards it with its lock.
 */
public final class FilterIndex {
  private final Map<String, Map<String, IntList>> index = new HashMap<>();

  /** Records the metadata of a new slot; slots must be added in increasing order. */
  public void add(int slot, Map<String, String> metadata) {
    for (Map.Entry<String, String> e : metadata.entrySet()) {
      index
          .computeIfAbsent(e.getKey(), k -> new HashMap<>())
          .computeIfAbsent(e.getValue(), v -> new IntList(2))
          .add(slot);
    }
  }

  /**
   * The slots passing {@code filter}, as a fresh bit set the caller may modify, or {@code null}
   * when the filter lets every slot through ({@link Filter.All}, or an {@code or} containing it).
   */
  public @Nullable Bits evaluate(Filter filter, int slotCount) {
    if (filter instanceof Filter.All) {
      return null;
    }
    if (filter instanceof Filter.Eq eq) {
      Bits b = new Bits(slotCount);
      addSlots(b, eq.key(), eq.value());
      return b;
    }
    if (filter instanceof Filter.In in) {
      Bits b = new Bits(slotCount);
      for (String v : in.values()) {
        addSlots(b, in.key(), v);
      }
      return b;
    }
    if (filter instanceof Filter.And and) {
      Bits acc = null;
      for (Filter part : and.parts()) {
        Bits b = evaluate(part, slotCount);
        if (b != null) {
          acc = acc == null ? b : acc.and(b);
        }
      }
      return acc;
    }
    if (filter instanceof Filter.Or or) {
      Bits acc = new Bits(slotCount);
      for (Filter part : or.parts()) {
        Bits b = evaluate(part, slotCount);
        if (b == null) {
          return null;
        }
        acc.or(b);
      }
      return acc;
    }
    throw new IllegalArgumentException("unsupported filter type " + filter.getClass().getName());
  }

  private void addSlots(Bits b, String key, String value) {
    Map<String, IntList> values = index.get(key);
    IntList slots = values == null ? null : values.get(value);
    if (slots != null) {
      for (int i = 0; i < slots.size(); i++) {
        b.set(slots.get(i));
      }
    }
  }

  /** Drops removed slots and renumbers the rest: {@code remap[old]} is the new slot or -1. */
  public void compact(int[] remap) {
    var keys = index.values().iterator();
    while (keys.hasNext()) {
      Map<String, IntList> values = keys.next();
      var it = values.values().iterator();
      while (it.hasNext()) {
        IntList slots = it.next();
        int w = 0;
        for (int r = 0; r < slots.size(); r++) {
          int old = slots.get(r);
          int now = old < remap.length ? remap[old] : -1;
          if (now >= 0) {
            slots.set(w++, now);
          }
        }
        if (w == 0) {
          it.remove();
        } else {
          slots.truncate(w);
        }
      }
      if (values.isEmpty()) {
        keys.remove();
      }
    }
  }
}
