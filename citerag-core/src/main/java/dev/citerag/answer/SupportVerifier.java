package dev.citerag.answer;

import java.util.ArrayList;
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

  /**
   * Judges every claim of one answer together. Gate 3 calls this once per answer, so that a
   * verifier can make one model call for all claims, or find two claims that contradict each other.
   * The default judges each claim on its own with {@link #verify}.
   *
   * @param claims the answer's claims whose citations are all valid, in answer order
   * @return one verdict per claim, in the same order
   */
  default List<SupportVerdict> verifyAll(List<ClaimEvidence> claims) {
    List<SupportVerdict> verdicts = new ArrayList<>(claims.size());
    for (ClaimEvidence c : claims) {
      verdicts.add(verify(c.claim(), c.quotes()));
    }
    return verdicts;
  }
}
