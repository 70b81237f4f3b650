package dev.citerag.answer;

import dev.citerag.internal.Checks;
import org.jspecify.annotations.Nullable;

/**
 * One problem found in an answer.
 *
 * @param type what kind of problem
 * @param severity {@code type.severity()} unless a validator setting says otherwise
 * @param detail a sentence for people (and for the model, on retry)
 * @param sourceId the cited id concerned, if any
 * @param quote the quote concerned, if any (abbreviated to 200 characters)
 */
public record ValidationIssue(
    IssueType type,
    Severity severity,
    String detail,
    @Nullable String sourceId,
    @Nullable String quote) {

  public ValidationIssue {
    Checks.notNull(type, "type");
    Checks.notNull(severity, "severity");
    Checks.notNull(detail, "detail");
    if (quote != null && quote.length() > 200) {
      quote = quote.substring(0, 197) + "...";
    }
  }

  public static ValidationIssue of(IssueType type, String detail) {
    return new ValidationIssue(type, type.severity(), detail, null, null);
  }

  public static ValidationIssue of(
      IssueType type, String detail, @Nullable String sourceId, @Nullable String quote) {
    return new ValidationIssue(type, type.severity(), detail, sourceId, quote);
  }

  public boolean critical() {
    return severity == Severity.CRITICAL;
  }
}
