package dev.citerag.answer;

import dev.citerag.internal.Checks;
import java.util.Optional;
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

  /**
   * Checks the fields and abbreviates a long quote.
   *
   * @param type what kind of problem
   * @param severity how bad it is
   * @param detail a sentence for people
   * @param sourceId the cited id concerned, or {@code null}
   * @param quote the quote concerned, or {@code null}; cut to 200 characters
   * @throws IllegalArgumentException when type, severity or detail is null
   */
  public ValidationIssue {
    Checks.notNull(type, "type");
    Checks.notNull(severity, "severity");
    Checks.notNull(detail, "detail");
    if (quote != null && quote.length() > 200) {
      quote = quote.substring(0, 197) + "...";
    }
  }

  /**
   * An issue with the type's own severity and no source or quote.
   *
   * @param type what kind of problem
   * @param detail a sentence for people
   * @return the issue
   */
  public static ValidationIssue of(IssueType type, String detail) {
    return new ValidationIssue(type, type.severity(), detail, null, null);
  }

  /**
   * An issue with the type's own severity.
   *
   * @param type what kind of problem
   * @param detail a sentence for people
   * @param sourceId the cited id concerned, or {@code null}
   * @param quote the quote concerned, or {@code null}
   * @return the issue
   */
  public static ValidationIssue of(
      IssueType type, String detail, @Nullable String sourceId, @Nullable String quote) {
    return new ValidationIssue(type, type.severity(), detail, sourceId, quote);
  }

  /** {@return whether the issue is critical: the answer is not served} */
  public boolean critical() {
    return severity == Severity.CRITICAL;
  }

  /** {@return the cited id concerned, or empty} */
  public Optional<String> sourceIdOption() {
    return Optional.ofNullable(sourceId);
  }

  /** {@return the quote concerned, or empty} */
  public Optional<String> quoteOption() {
    return Optional.ofNullable(quote);
  }
}
