package dev.citerag.answer;

import dev.citerag.internal.Checks;
import java.util.List;

/**
 * The validator's verdict.
 *
 * @param issues every issue found, critical first
 * @param groundingScore in [0,1]: the share of citations that are valid, weighted down by weak
 *     grounding; 1 for a correct abstention, 0 when nothing is valid
 */
public record ValidationReport(List<ValidationIssue> issues, double groundingScore) {

  public ValidationReport {
    issues = List.copyOf(Checks.noNullElements(issues, "issues"));
    Checks.inRange(groundingScore, 0.0, 1.0, "groundingScore");
  }

  /** True when there is no critical issue. */
  public boolean passed() {
    return criticalIssues().isEmpty();
  }

  public List<ValidationIssue> criticalIssues() {
    return issues.stream().filter(ValidationIssue::critical).toList();
  }

  public List<ValidationIssue> warnings() {
    return issues.stream().filter(i -> !i.critical()).toList();
  }
}
