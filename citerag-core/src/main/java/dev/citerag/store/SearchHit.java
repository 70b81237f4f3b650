package dev.citerag.store;

import dev.citerag.internal.Checks;
import org.jspecify.annotations.Nullable;

/**
 * One retrieved chunk with every score that put it there.
 *
 * @param chunk the chunk
 * @param cosine absolute cosine similarity to the query vector; present for dense and hybrid
 *     results (also for hybrid hits found only lexically), absent for lexical-only searches
 * @param denseRank 1-based rank in the dense candidate list, absent when not in it
 * @param lexicalRank 1-based rank in the lexical candidate list, absent when no query term matched
 * @param lexicalScore the lexical engine's score (BM25 in memory, ts_rank_cd in PostgreSQL), 0 when
 *     not matched
 * @param fusedScore reciprocal-rank-fusion score: an ordering, not a confidence
 * @param rerankScore the reranker's score, when a {@link dev.citerag.rerank.Reranker} reordered the
 *     hits; absent otherwise
 */
public record SearchHit(
    Chunk chunk,
    @Nullable Double cosine,
    @Nullable Integer denseRank,
    @Nullable Integer lexicalRank,
    double lexicalScore,
    double fusedScore,
    @Nullable Double rerankScore) {

  /**
   * A hit that no reranker has scored.
   *
   * @param chunk the chunk
   * @param cosine cosine similarity to the query vector, or {@code null} when not computed
   * @param denseRank 1-based dense rank, or {@code null}
   * @param lexicalRank 1-based lexical rank, or {@code null}
   * @param lexicalScore the lexical score, 0 when not matched
   * @param fusedScore the fusion score
   * @throws IllegalArgumentException as the canonical constructor
   */
  public SearchHit(
      Chunk chunk,
      @Nullable Double cosine,
      @Nullable Integer denseRank,
      @Nullable Integer lexicalRank,
      double lexicalScore,
      double fusedScore) {
    this(chunk, cosine, denseRank, lexicalRank, lexicalScore, fusedScore, null);
  }

  /**
   * Checks the scores.
   *
   * @param chunk the chunk
   * @param cosine cosine similarity to the query vector, or {@code null} when not computed
   * @param denseRank 1-based dense rank, or {@code null}
   * @param lexicalRank 1-based lexical rank, or {@code null}
   * @param lexicalScore the lexical score, 0 when not matched
   * @param fusedScore the fusion score
   * @param rerankScore the reranker's score, or {@code null}
   * @throws IllegalArgumentException when {@code chunk} is null, the cosine or rerank score is not
   *     finite or a rank is below 1
   */
  public SearchHit {
    Checks.notNull(chunk, "chunk");
    if (cosine != null && !Double.isFinite(cosine)) {
      throw new IllegalArgumentException("cosine must be finite, was " + cosine);
    }
    if (rerankScore != null && !Double.isFinite(rerankScore)) {
      throw new IllegalArgumentException("rerankScore must be finite, was " + rerankScore);
    }
    if (denseRank != null && denseRank < 1) {
      throw new IllegalArgumentException("denseRank must be >= 1, was " + denseRank);
    }
    if (lexicalRank != null && lexicalRank < 1) {
      throw new IllegalArgumentException("lexicalRank must be >= 1, was " + lexicalRank);
    }
  }

  /** {@return whether at least one query term matched the chunk lexically} */
  public boolean matchedLexically() {
    return lexicalRank != null;
  }

  /**
   * This hit with the reranker's score.
   *
   * @param score the reranker's score, finite
   * @return a copy carrying it
   * @throws IllegalArgumentException when the score is not finite
   */
  public SearchHit withRerankScore(double score) {
    return new SearchHit(chunk, cosine, denseRank, lexicalRank, lexicalScore, fusedScore, score);
  }
}
