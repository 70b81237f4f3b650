package dev.citerag.answer;

import java.util.List;

/**
 * Decides whether a claim says what its quotes say. Gate 3 runs it on every claim whose citations
 * are valid; an unsupported claim is the critical issue {@link IssueType#UNSUPPORTED_CLAIM}.
 *
 * <p>The default, {@link LexicalSupportVerifier}, is deterministic and needs no model; {@link
 * ModelSupportVerifier} asks a {@link dev.citerag.chat.ChatModel} for a typed judgement per claim.
 * Implementations are thread-safe.
 */
public interface SupportVerifier {

  /**
   * Judges whether the quotes support the claim.
   *
   * @param claim the claim's text, under the quotation normalisation
   * @param quotes the source's own text of each valid citation of the claim, at least one
   * @return the verdict, with the terms that are missing or contradicted
   */
  SupportVerdict verify(String claim, List<String> quotes);
}
