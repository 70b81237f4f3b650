package dev.citerag.pipeline;

/**
 * Which searches a request retrieves with ({@link AskRequest#withRetrievalMode}). The pipeline
 * retrieves {@link #HYBRID}ly unless a request asks otherwise; the other two modes exist to compare
 * retrievers on the same questions (e.g. {@code citerag eval --compare}).
 */
public enum RetrievalMode {
  /** Dense and full-text search fused by reciprocal rank fusion: the default. */
  HYBRID,
  /**
   * Dense search alone (cosine of the question's embedding). The lexical gate does not apply: a
   * dense hit carries no lexical match to test.
   */
  DENSE,
  /**
   * Full-text search alone (the store's lexical index); the question is not embedded. The cosine
   * gate ({@code minSimilarity}) does not apply: a lexical hit carries no cosine.
   */
  LEXICAL
}
