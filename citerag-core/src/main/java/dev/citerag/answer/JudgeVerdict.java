package dev.citerag.answer;

import dev.citerag.internal.Checks;

/**
 * What a judge model said about one claim.
 *
 * @param judge the judge's name, as its {@link dev.citerag.chat.ChatModel#name()} gives it, e.g.
 *     {@code ollama:bespoke-minicheck}
 * @param support its verdict
 * @param evidence the words of the claim's quotes the judge relied on, checked to be in them; empty
 *     when the judge's format names none (a Yes/No grounding model) or its words were not found in
 *     the quotes
 */
public record JudgeVerdict(String judge, SupportVerdict.Support support, String evidence) {

  /**
   * Checks the fields.
   *
   * @param judge the judge's name, not blank
   * @param support its verdict
   * @param evidence the words of the quotes it relied on, or empty
   * @throws IllegalArgumentException when {@code judge} is blank or a field is null
   */
  public JudgeVerdict {
    Checks.notBlank(judge, "judge");
    Checks.notNull(support, "support");
    Checks.notNull(evidence, "evidence");
  }
}
