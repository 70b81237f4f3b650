package dev.citerag.pipeline;

import java.util.Locale;

/**
 * What the pipeline does when an answer's cited sources do not cover the question: a name or number
 * of the question that none of them mentions, or a qualifier of the question ("the <b>payments</b>
 * service") where a cited source qualifies the same word differently ("the checkout service"). See
 * {@link RagPipeline.Builder#questionCoverage}.
 */
public enum CoveragePolicy {
  /**
   * The default: the answer fails with {@link dev.citerag.answer.IssueType#QUESTION_NOT_COVERED},
   * is retried once with the uncovered term named, and is otherwise rejected.
   */
  CRITICAL,
  /** The answer is served with a {@code question_not_covered} warning. */
  WARNING,
  /** Not checked; the trace still records which cited source mentions which question term. */
  OFF;

  /** {@return the wire name: {@code critical}, {@code warning} or {@code off}} */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}
