package dev.citerag.pipeline;

import java.util.Locale;

/** Why the pipeline refused to serve an answer. */
public enum RejectReason {
  /** Citations failed validation on every attempt. */
  INVALID_CITATIONS,
  /**
   * The answer's sources did not cover the question on every attempt (a name, number or qualifier
   * missing).
   */
  QUESTION_NOT_COVERED,
  /** The reply was not valid JSON or did not match the answer schema on every attempt. */
  INVALID_REPLY,
  /** The model hit its output limit; the reply is incomplete. */
  TRUNCATED,
  /** The provider blocked the prompt or the reply (safety, recitation, ...). */
  BLOCKED,
  /** The provider failed (after its retries): unavailable, rate limited, auth, bad request. */
  PROVIDER_ERROR,
  /**
   * The judge model that checks claims' support failed (down, or replied outside its format); the
   * answer was not served unchecked.
   */
  JUDGE_UNAVAILABLE,
  /** The pipeline's deadline passed before a valid answer was produced. */
  DEADLINE_EXCEEDED;

  /** {@return the snake_case name used in JSON output, e.g. {@code not_in_sources}} */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}
