package dev.citerag.store.internal;

import dev.citerag.internal.Checks;
import dev.citerag.store.SearchHit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reciprocal rank fusion: {@code score(d) = sum over lists of 1 / (K + rank(d))} with {@code K =
 * 60}. It orders results; it is not a confidence (the best possible score for two lists is 2/61
 * whatever the question), so gates must never use it.
 */
public final class RankFusion {

  /** The RRF constant from Cormack, Clarke and Buettcher (2009). */
  public static final int K = 60;

  /** How many candidates each retriever contributes for a final top-k. */
  public static int candidatesFor(int k) {
    Checks.positive(k, "k");
    return (int) Math.min(Integer.MAX_VALUE, Math.max(4L * k, 40));
  }

  private RankFusion() {}

  /** The RRF term of one list for a 1-based rank. */
  public static double term(int rank) {
    return 1.0 / (K + rank);
  }

  /**
   * Fuses a dense and a lexical list (each best first, ranks taken from the list order) and keeps
   * the top {@code k}. Ties break by best cosine, then by chunk id, so results are deterministic. A
   * hit's cosine is taken from whichever input carries one.
   */
  public static List<SearchHit> fuse(List<SearchHit> dense, List<SearchHit> lexical, int k) {
    Checks.positive(k, "k");
    Map<String, Acc> acc = new LinkedHashMap<>();
    for (int i = 0; i < dense.size(); i++) {
      SearchHit h = dense.get(i);
      Acc a = acc.computeIfAbsent(h.chunk().id(), id -> new Acc(h));
      a.denseRank = i + 1;
      if (h.cosine() != null) {
        a.cosine = h.cosine();
      }
    }
    for (int i = 0; i < lexical.size(); i++) {
      SearchHit h = lexical.get(i);
      Acc a = acc.computeIfAbsent(h.chunk().id(), id -> new Acc(h));
      a.lexicalRank = i + 1;
      a.lexicalScore = h.lexicalScore();
      if (a.cosine == null && h.cosine() != null) {
        a.cosine = h.cosine();
      }
    }
    List<SearchHit> out = new ArrayList<>(acc.size());
    for (Acc a : acc.values()) {
      double fused = 0;
      if (a.denseRank != null) {
        fused += term(a.denseRank);
      }
      if (a.lexicalRank != null) {
        fused += term(a.lexicalRank);
      }
      out.add(
          new SearchHit(
              a.hit.chunk(), a.cosine, a.denseRank, a.lexicalRank, a.lexicalScore, fused));
    }
    out.sort(ORDER);
    return out.size() > k ? List.copyOf(out.subList(0, k)) : List.copyOf(out);
  }

  /** Fused score descending, then cosine descending, then chunk id ascending. */
  public static final Comparator<SearchHit> ORDER =
      Comparator.comparingDouble(SearchHit::fusedScore)
          .reversed()
          .thenComparing(
              (SearchHit h) -> h.cosine() == null ? Double.NEGATIVE_INFINITY : h.cosine(),
              Comparator.reverseOrder())
          .thenComparing(h -> h.chunk().id());

  private static final class Acc {
    final SearchHit hit;
    @Nullable Double cosine;
    @Nullable Integer denseRank;
    @Nullable Integer lexicalRank;
    double lexicalScore;

    Acc(SearchHit hit) {
      this.hit = hit;
    }
  }
}
