package dev.citerag.answer;

import java.time.Duration;
import java.util.List;

/**
 * Gate 3: checks an answer against exactly the sources sent in the call that produced it. It checks
 * membership and quotation, not truth: a real quote attached to a false claim passes.
 * Implementations are thread-safe.
 */
public interface CitationValidator {

  /**
   * Checks one answer. Problems in the answer are reported in the result, never thrown.
   *
   * @param answer the parsed answer
   * @param sent the sources shown to the model in the call that produced {@code answer}, under the
   *     ids it was asked to cite
   * @return every issue found and the grounding score; {@link ValidationReport#passed()} decides
   *     whether the answer may be served
   * @throws IllegalArgumentException when {@code answer} is null, or {@code sent} is or holds null
   */
  ValidationReport validate(ModelAnswer answer, List<SentSource> sent);

  /**
   * Checks one answer within the time left of the request's deadline: a validator whose support
   * check calls a judge model gives the judge no more than {@code timeLeft}. The pipeline calls
   * this one. The default ignores {@code timeLeft} and calls {@link #validate(ModelAnswer, List)}.
   *
   * @param answer the parsed answer
   * @param sent the sources shown to the model in the call that produced {@code answer}
   * @param timeLeft what remains of the request's deadline, &gt; 0
   * @return every issue found and the grounding score
   * @throws IllegalArgumentException when an argument is or holds null
   */
  default ValidationReport validate(ModelAnswer answer, List<SentSource> sent, Duration timeLeft) {
    return validate(answer, sent);
  }

  /**
   * {@return the version of this validator's rules and settings, recorded in every trace so that
   * evaluation runs are comparable across upgrades; the class name unless overridden}
   */
  default String rulesVersion() {
    return getClass().getName();
  }
}
