package dev.citerag.answer;

import dev.citerag.internal.Checks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Deterministic rules first, a judge model where they find too little.
 *
 * <ul>
 *   <li>a claim the rules find {@link SupportVerdict.Support#CONTRADICTED} is rejected: a
 *       contradiction the rules can show (a number, a negation, an antonym) is final, and the judge
 *       is not asked to overrule it;
 *   <li>a claim the rules find {@link SupportVerdict.Support#SUPPORTED} is served without the
 *       judge. This is a choice: the rules are cheap, deterministic and explainable, and a judge
 *       call per served claim would cost every answer a model round trip. Its price is that a false
 *       claim the rules pass is not seen by the judge; use the judge on its own ({@link
 *       ModelSupportVerifier}) when that matters more than the cost;
 *   <li>the claims the rules find {@link SupportVerdict.Support#NOT_ENOUGH} (too little overlap, a
 *       paraphrase, a language the rules do not read) go to the judge, all of one answer together,
 *       and the judge's verdict decides.
 * </ul>
 *
 * If the judge fails, {@link #checkAll} throws its {@link dev.citerag.ProviderException} and the
 * validator rejects the answer ({@link IssueType#JUDGE_UNAVAILABLE}). Each {@link SupportCheck}
 * carries both words: the rules' and, where it ran, the judge's. The coverage of a judged claim
 * (for the grounding score) is the rules' own.
 *
 * <pre>{@code
 * SupportVerifier v = new TieredSupportVerifier(new LexicalSupportVerifier(),
 *     ModelSupportVerifier.builder(judgeModel).build());
 * CitationValidator validator = DefaultCitationValidator.withSupportVerifier(v);
 * }</pre>
 */
public final class TieredSupportVerifier implements SupportVerifier {
  /** The time bound of a judgement asked for without a deadline. */
  private static final Duration UNBOUNDED = Duration.ofNanos(Long.MAX_VALUE);

  private final SupportVerifier rules;
  private final SupportVerifier judge;

  /**
   * @param rules the deterministic verifier, run on every claim
   * @param judge decides the claims the rules find {@link SupportVerdict.Support#NOT_ENOUGH}
   * @throws IllegalArgumentException when an argument is null
   */
  public TieredSupportVerifier(SupportVerifier rules, SupportVerifier judge) {
    this.rules = Checks.notNull(rules, "rules");
    this.judge = Checks.notNull(judge, "judge");
  }

  /** {@return the deterministic verifier} */
  public SupportVerifier rules() {
    return rules;
  }

  /** {@return the verifier that decides what the rules leave open} */
  public SupportVerifier judge() {
    return judge;
  }

  @Override
  public SupportVerdict verify(String claim, List<String> quotes) {
    return verifyAll(List.of(new ClaimEvidence(claim, quotes))).get(0);
  }

  @Override
  public List<SupportVerdict> verifyAll(List<ClaimEvidence> claims) {
    return checkAll(claims, UNBOUNDED).stream().map(SupportCheck::verdict).toList();
  }

  @Override
  public List<SupportCheck> checkAll(List<ClaimEvidence> claims, Duration timeLeft) {
    Checks.noNullElements(claims, "claims");
    Checks.notNull(timeLeft, "timeLeft");
    long t0 = System.nanoTime();
    List<SupportVerdict> byRules = rules.verifyAll(claims);
    if (byRules.size() != claims.size()) {
      throw new IllegalStateException(
          "the rules returned "
              + byRules.size()
              + " verdicts for "
              + claims.size()
              + " claims; a verifier must return one per claim");
    }
    List<Integer> open = new ArrayList<>();
    for (int i = 0; i < byRules.size(); i++) {
      if (byRules.get(i).support() == SupportVerdict.Support.NOT_ENOUGH) {
        open.add(i);
      }
    }
    List<SupportCheck> out = new ArrayList<>(claims.size());
    for (SupportVerdict v : byRules) {
      out.add(SupportCheck.byRules(v));
    }
    if (open.isEmpty()) {
      return out;
    }
    List<ClaimEvidence> asked = new ArrayList<>(open.size());
    for (int i : open) {
      asked.add(claims.get(i));
    }
    Duration left = timeLeft.minusNanos(System.nanoTime() - t0);
    if (left.isNegative() || left.isZero()) {
      left = Duration.ofNanos(1);
    }
    List<SupportCheck> judged = judge.checkAll(asked, left);
    if (judged.size() != asked.size()) {
      throw new IllegalStateException(
          "the judge returned "
              + judged.size()
              + " checks for "
              + asked.size()
              + " claims; a verifier must return one per claim");
    }
    for (int k = 0; k < open.size(); k++) {
      int i = open.get(k);
      SupportVerdict r = byRules.get(i);
      SupportCheck j = judged.get(k);
      SupportVerdict jv = j.verdict();
      JudgeVerdict said =
          j.judge() != null ? j.judge() : new JudgeVerdict(judge.toString(), jv.support(), "");
      out.set(
          i,
          new SupportCheck(
              new SupportVerdict(
                  jv.support(),
                  jv.missing(),
                  jv.contradicting(),
                  r.coverage(),
                  r.usage().plus(jv.usage())),
              r.support(),
              said));
    }
    return out;
  }

  @Override
  public String toString() {
    return "TieredSupportVerifier[" + rules + " then " + judge + "]";
  }
}
