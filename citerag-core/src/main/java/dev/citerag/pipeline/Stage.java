package dev.citerag.pipeline;

import java.util.Locale;

/** The timed stages of a request, the keys of {@link Trace#latency()}. */
public enum Stage {
  /** Embedding the question. */
  EMBED,
  /** Searching the store (vector and lexical) and fusing the rankings. */
  RETRIEVE,
  /** Scoring the fused candidates with the reranker, when the pipeline has one. */
  RERANK,
  /** Choosing the sources that fit the token budget and rendering the prompt. */
  CONTEXT,
  /** Every generation attempt (model calls), summed. */
  GENERATE,
  /** Parsing and validating every reply (support verification included), summed. */
  VALIDATE,
  /** The whole request, from the call to the result. */
  TOTAL;

  /** {@return the snake_case name used in JSON output, e.g. {@code generate}} */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}
