package dev.citerag.store.internal;

import dev.citerag.text.TextAnalyzer;
import dev.citerag.text.internal.LexicalAnalyzer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * An inverted index over chunk slots scored with Okapi BM25. Terms come from {@link
 * LexicalAnalyzer#terms}, so numbers and identifiers ({@code 141.80}, {@code deploy-bot}) match
 * whole. For query terms {@code t} (distinct) and a chunk {@code d}:
 *
 * <pre>
 * score(d) = sum_t idf(t) * tf(t,d) * (K1 + 1) / (tf(t,d) + K1 * (1 - B + B * |d| / avgdl))
 * idf(t)   = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))
 * </pre>
 *
 * where {@code N} is the number of live chunks, {@code df(t)} the number of live chunks containing
 * {@code t}, {@code |d|} the number of terms of {@code d} and {@code avgdl} their mean over live
 * chunks. This idf (Lucene's) is always positive, so every matching chunk scores above 0.
 * Collection statistics ignore the search filter, as in Lucene and PostgreSQL.
 *
 * <p>Removed slots stay in the postings until {@link #compact}; callers pass a liveness mask to
 * {@link #search}. Not thread-safe; the store guards it with its lock.
 */
public final class Bm25Index {

  /** Term-frequency saturation. */
  public static final double K1 = 1.2;

  /** Length normalisation. */
  public static final double B = 0.75;

  /** The terms of one chunk, computed outside the store's lock. */
  public static final class Analysed {
    final String[] terms;
    final int[] tfs;
    final int length;

    private Analysed(String[] terms, int[] tfs, int length) {
      this.terms = terms;
      this.tfs = tfs;
      this.length = length;
    }

    /** Number of terms, repeats included. */
    public int length() {
      return length;
    }
  }

  private static final class Postings {
    /** The index's one copy of the term, shared by every chunk that contains it. */
    final String term;

    final IntList slots = new IntList(2);
    final IntList tfs = new IntList(2);
    int df;

    Postings(String term) {
      this.term = term;
    }
  }

  private final Map<String, Postings> postings = new HashMap<>();
  private int[] lengths = new int[64];
  private @Nullable String[][] termsBySlot = new String[64][];
  private long totalLength;
  private int docs;

  /** Splits {@code text} into English terms ({@link LexicalAnalyzer}) with their frequencies. */
  public static Analysed analyse(String text) {
    return analysed(LexicalAnalyzer.terms(text));
  }

  /** Splits {@code text} into {@code analyzer}'s terms with their frequencies. */
  public static Analysed analyse(TextAnalyzer analyzer, String text) {
    return analysed(analyzer.terms(text));
  }

  private static Analysed analysed(List<String> all) {
    Map<String, int[]> tf = new LinkedHashMap<>();
    for (String t : all) {
      tf.computeIfAbsent(t, x -> new int[1])[0]++;
    }
    String[] terms = new String[tf.size()];
    int[] tfs = new int[tf.size()];
    int i = 0;
    for (Map.Entry<String, int[]> e : tf.entrySet()) {
      terms[i] = e.getKey();
      tfs[i] = e.getValue()[0];
      i++;
    }
    return new Analysed(terms, tfs, all.size());
  }

  /** Indexes a chunk at {@code slot}; slots must be added in increasing order. */
  public void add(int slot, Analysed a) {
    if (slot >= lengths.length) {
      int n = Math.max(slot + 1, lengths.length * 2);
      lengths = Arrays.copyOf(lengths, n);
      termsBySlot = Arrays.copyOf(termsBySlot, n);
    }
    lengths[slot] = a.length;
    termsBySlot[slot] = a.terms;
    for (int i = 0; i < a.terms.length; i++) {
      Postings p = postings.computeIfAbsent(a.terms[i], Postings::new);
      // keep one String per distinct term, not one per chunk that contains it
      a.terms[i] = p.term;
      p.slots.add(slot);
      p.tfs.add(a.tfs[i]);
      p.df++;
    }
    totalLength += a.length;
    docs++;
  }

  /** Removes the chunk at {@code slot} from the statistics; its postings go at {@link #compact}. */
  public void remove(int slot) {
    String[] terms = termsBySlot[slot];
    if (terms == null) {
      return;
    }
    for (String t : terms) {
      Postings p = postings.get(t);
      if (p != null) {
        p.df--;
      }
    }
    termsBySlot[slot] = null;
    totalLength -= lengths[slot];
    docs--;
  }

  /**
   * Drops removed slots and renumbers the rest: {@code remap[old]} is the new slot or -1. Order is
   * preserved, so postings stay sorted.
   */
  public void compact(int[] remap, int newSize) {
    var it = postings.values().iterator();
    while (it.hasNext()) {
      Postings p = it.next();
      if (p.df == 0) {
        it.remove();
        continue;
      }
      int w = 0;
      for (int r = 0; r < p.slots.size(); r++) {
        int old = p.slots.get(r);
        int now = old < remap.length ? remap[old] : -1;
        if (now >= 0) {
          p.slots.set(w, now);
          p.tfs.set(w, p.tfs.get(r));
          w++;
        }
      }
      p.slots.truncate(w);
      p.tfs.truncate(w);
    }
    int cap = Math.max(64, newSize * 2);
    int[] newLengths = new int[cap];
    String[][] newTerms = new String[cap][];
    for (int old = 0; old < remap.length; old++) {
      int now = remap[old];
      if (now >= 0) {
        newLengths[now] = lengths[old];
        newTerms[now] = termsBySlot[old];
      }
    }
    lengths = newLengths;
    termsBySlot = newTerms;
  }

  /** Distinct terms in the index (live or awaiting compaction). */
  public int termCount() {
    return postings.size();
  }

  /**
   * Scores every allowed chunk that contains at least one of {@code queryTerms} and offers it to
   * {@code top}.
   *
   * @param queryTerms distinct query terms
   * @param allowed slots that may be returned (live and passing the filter)
   * @param slotCount slots in use (upper bound of slot numbers)
   */
  public void search(Set<String> queryTerms, Bits allowed, int slotCount, TopK top) {
    if (docs == 0 || queryTerms.isEmpty()) {
      return;
    }
    double avgdl = (double) totalLength / docs;
    double[] acc = null;
    IntList touched = new IntList();
    for (String t : queryTerms) {
      Postings p = postings.get(t);
      if (p == null || p.df <= 0) {
        continue;
      }
      if (acc == null) {
        acc = new double[slotCount];
      }
      double idf = idf(docs, p.df);
      for (int i = 0; i < p.slots.size(); i++) {
        int slot = p.slots.get(i);
        if (!allowed.get(slot)) {
          continue;
        }
        double score = termScore(idf, p.tfs.get(i), lengths[slot], avgdl);
        if (acc[slot] == 0) {
          touched.add(slot);
        }
        acc[slot] += score;
      }
    }
    if (acc == null) {
      return; // no query term occurs in any chunk
    }
    for (int i = 0; i < touched.size(); i++) {
      int slot = touched.get(i);
      top.offer(acc[slot], slot);
    }
  }

  /** {@code ln(1 + (n - df + 0.5) / (df + 0.5))}. */
  public static double idf(int n, int df) {
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** One term's contribution to a chunk's score. */
  public static double termScore(double idf, int tf, int length, double avgdl) {
    return idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / avgdl));
  }
}
