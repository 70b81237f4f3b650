package dev.citerag.pipeline;

import java.util.Locale;

/** Why the pipeline abstained. */
public enum AbstainReason {
  /** Retrieval returned nothing (empty store, or nothing passes the filter). */
  NO_RESULTS,
  /**
   * Gate 1: the best absolute cosine was below the configured minimum; the model was not called.
   */
  LOW_SIMILARITY,
  /** Gate 1: no retrieved chunk matched any question term lexically; the model was not called. */
  NO_LEXICAL_MATCH,
  /**
   * Gate 1 with a reranker: the best rerank score was below the configured minimum; the model was
   * not called.
   */
  LOW_RERANK_SCORE,
  /** The model (or extractive generator) answered {@code not_in_sources}, validly. */
  NOT_IN_SOURCES;

  /** {@return the snake_case name used in JSON output, e.g. {@code not_in_sources}} */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}
