package dev.citerag.answer;

import dev.citerag.internal.Checks;
import org.jspecify.annotations.Nullable;

/**
 * A {@link SupportVerifier}'s decision on one claim and who made it: the deterministic rules, a
 * judge model, or the rules and then a judge.
 *
 * @param verdict the decision the validator acts on
 * @param rules what the deterministic rules said, or {@code null} when no rules ran (a judge on its
 *     own)
 * @param judge what the judge model said, or {@code null} when no judge ran
 */
public record SupportCheck(
    SupportVerdict verdict, SupportVerdict.@Nullable Support rules, @Nullable JudgeVerdict judge) {

  /**
   * Checks the fields.
   *
   * @param verdict the decision the validator acts on
   * @param rules what the rules said, or {@code null}
   * @param judge what the judge said, or {@code null}
   * @throws IllegalArgumentException when {@code verdict} is null, or both {@code rules} and {@code
   *     judge} are null
   */
  public SupportCheck {
    Checks.notNull(verdict, "verdict");
    if (rules == null && judge == null) {
      throw new IllegalArgumentException("rules and judge must not both be null");
    }
  }

  /**
   * A decision of deterministic rules alone.
   *
   * @param verdict the rules' verdict
   * @return the check, with the verdict's support as the rules' word and no judge
   * @throws IllegalArgumentException when {@code verdict} is null
   */
  public static SupportCheck byRules(SupportVerdict verdict) {
    Checks.notNull(verdict, "verdict");
    return new SupportCheck(verdict, verdict.support(), null);
  }
}
