package dev.citerag.answer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides whether a claim says what its quotes say. Gate 3 runs it on every claim whose citations
 * are valid; an unsupported claim is the critical issue {@link IssueType#UNSUPPORTED_CLAIM}.
 *
 * <p>The default, {@link LexicalSupportVerifier}, is deterministic and needs no model; {@link
 * ModelSupportVerifier} asks a {@link dev.citerag.chat.ChatModel} (a judge) for a typed judgement;
 * {@link #rulesThenJudge} runs deterministic rules first and asks the judge only where they find
 * too little. Implementations are thread-safe.
 *
 * <p>A verifier that calls a model fails by throwing {@link dev.citerag.ProviderException} (the
 * judge is down, too slow for the time left, or replied outside its format); {@link
 * DefaultCitationValidator} turns that into the critical issue {@link IssueType#JUDGE_UNAVAILABLE},
 * so an answer is never served unchecked.
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

  /**
   * Judges every claim of one answer within the time left and says who decided each. Gate 3 calls
   * this once per answer with what remains of the pipeline's deadline. The default runs {@link
   * #verifyAll} and reports each verdict as the deterministic rules' ({@link
   * SupportCheck#byRules}); a verifier that calls a model overrides it to name its judge and to
   * bound its calls by {@code timeLeft}.
   *
   * @param claims the answer's claims whose citations are all valid, in answer order
   * @param timeLeft how long the judgement may take, &gt; 0
   * @return one check per claim, in the same order
   * @throws dev.citerag.ProviderException when a judge model fails, times out or replies outside
   *     its format
   */
  default List<SupportCheck> checkAll(List<ClaimEvidence> claims, Duration timeLeft) {
    List<SupportCheck> out = new ArrayList<>(claims.size());
    for (SupportVerdict v : verifyAll(claims)) {
      out.add(SupportCheck.byRules(v));
    }
    return out;
  }

  /**
   * Deterministic rules first, a judge where they find too little: a claim the rules find {@link
   * SupportVerdict.Support#CONTRADICTED} is rejected (final), one they find {@link
   * SupportVerdict.Support#SUPPORTED} is served without asking the judge, and the claims they find
   * {@link SupportVerdict.Support#NOT_ENOUGH} go to the judge, all of one answer in one judgement.
   * See {@link TieredSupportVerifier}.
   *
   * <pre>{@code
   * SupportVerifier v = SupportVerifier.rulesThenJudge(new LexicalSupportVerifier(),
   *     ModelSupportVerifier.builder(judgeModel).build());
   * }</pre>
   *
   * @param rules the deterministic verifier
   * @param judge the verifier that decides what the rules leave open, typically a {@link
   *     ModelSupportVerifier}
   * @return the composed verifier
   * @throws IllegalArgumentException when an argument is null
   */
  static SupportVerifier rulesThenJudge(SupportVerifier rules, SupportVerifier judge) {
    return new TieredSupportVerifier(rules, judge);
  }
}
