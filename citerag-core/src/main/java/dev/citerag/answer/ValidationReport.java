package dev.citerag.answer;

import dev.citerag.internal.Checks;
import java.util.List;

/**
 * The validator's verdict.
 *
 * @param issues every issue found, critical first
 * @param groundingScore in [0,1]: per claim, the share of its citations that are valid times how
 *     much of the claim its valid quotes cover, averaged over claims; 1 for a correct abstention, 0
 *     when nothing is valid (an empty or unrelated claim covers nothing)
 * @param verification model calls, tokens and time spent verifying support ({@link
 *     VerificationUsage#NONE} for the deterministic verifier)
 * @param checks per claim, in answer order, what was checked: its valid quotes and who judged its
 *     support (empty for an abstention, or when a validator does not report it)
 */
public record ValidationReport(
    List<ValidationIssue> issues,
    double groundingScore,
    VerificationUsage verification,
    List<ClaimCheck> checks) {

  /**
   * Checks the fields and copies the issues.
   *
   * @param issues every issue found, critical first
   * @param groundingScore in [0,1]: per claim, the share of its citations that are valid times how
   *     much of the claim its valid quotes cover, averaged over claims; 1 for a correct abstention,
   *     0 when nothing is valid (an empty or unrelated claim covers nothing)
   * @param verification model calls, tokens and time spent verifying support ({@link
   *     VerificationUsage#NONE} for the deterministic verifier)
   * @param checks per claim, in answer order, what was checked
   * @throws IllegalArgumentException when a field is or holds null, or {@code groundingScore} is
   *     outside [0,1]
   */
  public ValidationReport {
    issues = List.copyOf(Checks.noNullElements(issues, "issues"));
    Checks.inRange(groundingScore, 0.0, 1.0, "groundingScore");
    Checks.notNull(verification, "verification");
    checks = List.copyOf(Checks.noNullElements(checks, "checks"));
  }

  /**
   * A report that names no per-claim checks.
   *
   * @param issues every issue found, critical first
   * @param groundingScore in [0,1]
   * @param verification model calls, tokens and time spent verifying support
   * @throws IllegalArgumentException when a field is or holds null, or {@code groundingScore} is
   *     outside [0,1]
   */
  public ValidationReport(
      List<ValidationIssue> issues, double groundingScore, VerificationUsage verification) {
    this(issues, groundingScore, verification, List.of());
  }

  /**
   * A report without support-verification cost ({@link VerificationUsage#NONE}).
   *
   * @param issues every issue found
   * @param groundingScore in [0,1]
   */
  public ValidationReport(List<ValidationIssue> issues, double groundingScore) {
    this(issues, groundingScore, VerificationUsage.NONE, List.of());
  }

  /** {@return {@code true} when there is no critical issue: the answer may be served} */
  public boolean passed() {
    return criticalIssues().isEmpty();
  }

  /** {@return the critical issues, in report order} */
  public List<ValidationIssue> criticalIssues() {
    return issues.stream().filter(ValidationIssue::critical).toList();
  }

  /** {@return the issues that are not critical, in report order} */
  public List<ValidationIssue> warnings() {
    return issues.stream().filter(i -> !i.critical()).toList();
  }
}
