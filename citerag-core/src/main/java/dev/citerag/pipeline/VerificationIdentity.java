package dev.citerag.pipeline;

import dev.citerag.internal.Checks;

/**
 * What judged a request's answers: the validator's rules version and the prompt version. Recorded
 * in every {@link Trace} beside the embedding model's identity, so that two evaluation runs can be
 * compared across upgrades: when either value differs, the runs did not use the same checks or the
 * same instructions.
 *
 * @param validatorRules the validator's {@link dev.citerag.answer.CitationValidator#rulesVersion()}
 * @param prompt the generator's {@link AnswerGenerator#promptVersion()}
 */
public record VerificationIdentity(String validatorRules, String prompt) {

  /**
   * Checks the fields.
   *
   * @param validatorRules the validator's rules version, not blank
   * @param prompt the generator's prompt version, not blank
   * @throws IllegalArgumentException when a field is null or blank
   */
  public VerificationIdentity {
    Checks.notBlank(validatorRules, "validatorRules");
    Checks.notBlank(prompt, "prompt");
  }
}
