package dev.citerag.pipeline;

import dev.citerag.rerank.Reranker;
import dev.citerag.store.SearchHit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Applies a {@link Reranker} to fused candidates: score, sort by score, keep the top k. */
final class Reranking {
  private Reranking() {}

  /**
   * The top {@code k} of {@code hits} by the reranker's score (ties keep the fused order), each
   * carrying its score.
   *
   * @throws IllegalStateException when the reranker returns the wrong number of scores or a
   *     non-finite one: a broken adapter, not a judgement
   */
  static List<SearchHit> rerank(Reranker reranker, String question, List<SearchHit> hits, int k) {
    List<String> texts = new ArrayList<>(hits.size());
    for (SearchHit h : hits) {
      texts.add(h.chunk().text());
    }
    List<Double> scores = reranker.score(question, texts);
    if (scores.size() != hits.size()) {
      throw new IllegalStateException(
          "reranker "
              + reranker.name()
              + " returned "
              + scores.size()
              + " scores for "
              + hits.size()
              + " documents");
    }
    List<SearchHit> scored = new ArrayList<>(hits.size());
    for (int i = 0; i < hits.size(); i++) {
      Double s = scores.get(i);
      if (s == null || !Double.isFinite(s)) {
        throw new IllegalStateException(
            "reranker " + reranker.name() + " returned a non-finite score for document " + i);
      }
      scored.add(hits.get(i).withRerankScore(s));
    }
    // a stable sort: equal scores keep the fused order
    scored.sort(
        Comparator.comparingDouble((SearchHit h) -> h.rerankScore() == null ? 0 : h.rerankScore())
            .reversed());
    return List.copyOf(scored.subList(0, Math.min(k, scored.size())));
  }
}
