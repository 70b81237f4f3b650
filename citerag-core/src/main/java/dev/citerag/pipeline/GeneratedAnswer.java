package dev.citerag.pipeline;

import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.ChatResponse;
import dev.citerag.internal.Checks;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link TypedAnswerGenerator} produced in one attempt.
 *
 * @param reply the provider's reply as traced (its text is the trace's debug field); its finish
 *     reason decides truncation and blocking as for any generator
 * @param answer the answer the reply maps to, validated as it is; null when the reply maps to none
 *     (then its text is parsed as the answer contract's JSON)
 * @param issues what the generator found wrong with the reply that the validator cannot see (e.g. a
 *     provider's character offsets that do not hold its quote); critical ones fail the attempt
 */
public record GeneratedAnswer(
    ChatResponse reply, @Nullable ModelAnswer answer, List<ValidationIssue> issues) {

  /**
   * Checks the fields and copies the issues.
   *
   * @param reply the provider's reply as traced
   * @param answer the answer the reply maps to, or {@code null}
   * @param issues the generator's own findings
   * @throws IllegalArgumentException when {@code reply} or {@code issues} is or holds null
   */
  public GeneratedAnswer {
    Checks.notNull(reply, "reply");
    issues = List.copyOf(Checks.noNullElements(issues, "issues"));
  }
}
