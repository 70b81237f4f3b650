package dev.citerag.answer;

import dev.citerag.internal.Checks;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What was checked for one claim of an answer: its quotes (always: each is an excerpt of the source
 * it cites), and its support, by the deterministic rules, by a judge model, or by both.
 *
 * @param claim the claim's index in the answer, 0-based
 * @param quotes the source's own text of each valid citation of the claim
 * @param rules the rules' verdict, or {@code null} when no rules judged the claim (a judge on its
 *     own, or the claim was not judged because a citation failed)
 * @param judge the judge's verdict and name, or {@code null} when no judge ran for the claim
 */
public record ClaimCheck(
    int claim,
    List<String> quotes,
    SupportVerdict.@Nullable Support rules,
    @Nullable JudgeVerdict judge) {

  /**
   * Checks the fields and copies the quotes.
   *
   * @param claim the claim's index, &gt;= 0
   * @param quotes the source's own text of each valid citation
   * @param rules the rules' verdict, or {@code null}
   * @param judge the judge's verdict, or {@code null}
   * @throws IllegalArgumentException when {@code claim} is negative or {@code quotes} is or holds
   *     null
   */
  public ClaimCheck {
    Checks.nonNegative(claim, "claim");
    quotes = List.copyOf(Checks.noNullElements(quotes, "quotes"));
  }

  /** {@return whether the claim's support was checked at all, by rules or by a judge} */
  public boolean supportChecked() {
    return rules != null || judge != null;
  }
}
