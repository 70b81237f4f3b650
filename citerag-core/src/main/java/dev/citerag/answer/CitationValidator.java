package dev.citerag.answer;

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
   * @throws dev.citerag.ProviderException when a model-backed {@link SupportVerifier} fails after
   *     its retries
   */
  ValidationReport validate(ModelAnswer answer, List<SentSource> sent);

  /**
   * {@return the version of this validator's rules and settings, recorded in every trace so that
   * evaluation runs are comparable across upgrades; the class name unless overridden}
   */
  default String rulesVersion() {
    return getClass().getName();
  }
}
