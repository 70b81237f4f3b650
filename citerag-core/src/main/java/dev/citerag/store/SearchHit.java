package dev.citerag.store;

import dev.citerag.internal.Checks;
import java.util.Optional;
import java.util.OptionalDouble;
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
 */
public record SearchHit(
    Chunk chunk,
    @Nullable Double cosine,
    @Nullable Integer denseRank,
    @Nullable Integer lexicalRank,
    double lexicalScore,
    double fusedScore) {

  /**
   * Checks the scores.
   *
   * @param chunk the chunk
   * @param cosine cosine similarity to the query vector, or {@code null} when not computed
   * @param denseRank 1-based dense rank, or {@code null}
   * @param lexicalRank 1-based lexical rank, or {@code null}
   * @param lexicalScore the lexical score, 0 when not matched
   * @param fusedScore the fusion score
   * @throws IllegalArgumentException when {@code chunk} is null, the cosine is not finite or a rank
   *     is below 1
   */
  public SearchHit {
    Checks.notNull(chunk, "chunk");
    if (cosine != null && !Double.isFinite(cosine)) {
      throw new IllegalArgumentException("cosine must be finite, was " + cosine);
    }
    if (denseRank != null && denseRank < 1) {
      throw new IllegalArgumentException("denseRank must be >= 1, was " + denseRank);
    }
    if (lexicalRank != null && lexicalRank < 1) {
      throw new IllegalArgumentException("lexicalRank must be >= 1, was " + lexicalRank);
    }
  }

  /** {@return the cosine, or empty when the search computed none} */
  public OptionalDouble cosineOption() {
    return cosine == null ? OptionalDouble.empty() : OptionalDouble.of(cosine);
  }

  /** {@return the 1-based dense rank, or empty when the hit was not among the dense candidates} */
  public Optional<Integer> denseRankOption() {
    return Optional.ofNullable(denseRank);
  }

  /** {@return the 1-based lexical rank, or empty when no query term matched} */
  public Optional<Integer> lexicalRankOption() {
    return Optional.ofNullable(lexicalRank);
  }

  /** {@return whether at least one query term matched the chunk lexically} */
  public boolean matchedLexically() {
    return lexicalRank != null;
  }
}
