package dev.citerag.store.internal;

import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Per metadata key, the slots carrying each scalar value, each list item, and the key at all
 * (sorted), so a {@link Filter} becomes a bit set in time proportional to the matching slots plus
 * {@code slots / 64} words (ranges: plus the key's distinct values), before any ranking. Removed
 * slots stay listed until {@link #compact}; callers AND the result with the liveness mask. Not
 * thread-safe; the store guards it with its lock.
 */
public final class FilterIndex {
  /** key → scalar value → slots whose value is exactly it. */
  private final Map<String, Map<MetadataValue, IntList>> scalars = new HashMap<>();

  /** key → list item → slots whose list value holds it. */
  private final Map<String, Map<MetadataValue, IntList>> items = new HashMap<>();

  /** key → slots that have it. */
  private final Map<String, IntList> present = new HashMap<>();

  /** Records the metadata of a new slot; slots must be added in increasing order. */
  public void add(int slot, Map<String, MetadataValue> metadata) {
    for (Map.Entry<String, MetadataValue> e : metadata.entrySet()) {
      String key = e.getKey();
      present.computeIfAbsent(key, k -> new IntList(2)).add(slot);
      if (e.getValue() instanceof MetadataValue.ListValue list) {
        Map<MetadataValue, IntList> byItem = items.computeIfAbsent(key, k -> new HashMap<>());
        for (MetadataValue item : new java.util.LinkedHashSet<>(list.items())) {
          byItem.computeIfAbsent(item, v -> new IntList(2)).add(slot);
        }
      } else {
        scalars
            .computeIfAbsent(key, k -> new HashMap<>())
            .computeIfAbsent(e.getValue(), v -> new IntList(2))
            .add(slot);
      }
    }
  }

  /**
   * The keys that at least one slot marked in {@code live} carries, sorted.
   *
   * @param live the live slots
   * @return the keys
   */
  public Set<String> keys(Bits live) {
    Set<String> out = new TreeSet<>();
    for (Map.Entry<String, IntList> e : present.entrySet()) {
      IntList slots = e.getValue();
      for (int i = 0; i < slots.size(); i++) {
        if (live.get(slots.get(i))) {
          out.add(e.getKey());
          break;
        }
      }
    }
    return out;
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
      addSlots(b, lookup(scalars, eq.key(), eq.value()));
      return b;
    }
    if (filter instanceof Filter.In in) {
      Bits b = new Bits(slotCount);
      for (MetadataValue v : in.values()) {
        addSlots(b, lookup(scalars, in.key(), v));
      }
      return b;
    }
    if (filter instanceof Filter.Contains c) {
      Bits b = new Bits(slotCount);
      addSlots(b, lookup(items, c.key(), c.item()));
      return b;
    }
    if (filter instanceof Filter.Exists ex) {
      Bits b = new Bits(slotCount);
      addSlots(b, present.get(ex.key()));
      return b;
    }
    if (filter instanceof Filter.Range r) {
      Bits b = new Bits(slotCount);
      Map<MetadataValue, IntList> values = scalars.get(r.key());
      if (values != null) {
        for (Map.Entry<MetadataValue, IntList> e : values.entrySet()) {
          if (r.test(Map.of(r.key(), e.getKey()))) {
            addSlots(b, e.getValue());
          }
        }
      }
      return b;
    }
    if (filter instanceof Filter.Not not) {
      Bits inner = evaluate(not.part(), slotCount);
      return inner == null ? new Bits(slotCount) : inner.complement(slotCount);
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

  private static @Nullable IntList lookup(
      Map<String, Map<MetadataValue, IntList>> index, String key, MetadataValue value) {
    Map<MetadataValue, IntList> values = index.get(key);
    return values == null ? null : values.get(value);
  }

  private static void addSlots(Bits b, @Nullable IntList slots) {
    if (slots != null) {
      for (int i = 0; i < slots.size(); i++) {
        b.set(slots.get(i));
      }
    }
  }

  /** Drops removed slots and renumbers the rest: {@code remap[old]} is the new slot or -1. */
  public void compact(int[] remap) {
    compactNested(scalars, remap);
    compactNested(items, remap);
    List<String> empty = new ArrayList<>();
    for (Map.Entry<String, IntList> e : present.entrySet()) {
      if (!renumber(e.getValue(), remap)) {
        empty.add(e.getKey());
      }
    }
    empty.forEach(present::remove);
  }

  private static void compactNested(Map<String, Map<MetadataValue, IntList>> index, int[] remap) {
    Iterator<Map<MetadataValue, IntList>> keys = index.values().iterator();
    while (keys.hasNext()) {
      Map<MetadataValue, IntList> values = keys.next();
      values.values().removeIf(slots -> !renumber(slots, remap));
      if (values.isEmpty()) {
        keys.remove();
      }
    }
  }

  /** Renumbers in place; false when no slot is left. */
  private static boolean renumber(IntList slots, int[] remap) {
    int w = 0;
    for (int r = 0; r < slots.size(); r++) {
      int old = slots.get(r);
      int now = old < remap.length ? remap[old] : -1;
      if (now >= 0) {
        slots.set(w++, now);
      }
    }
    if (w == 0) {
      return false;
    }
    slots.truncate(w);
    return true;
  }
}
