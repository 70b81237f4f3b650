package dev.citerag.answer;

import java.util.Locale;

/** Every kind of problem the validator (or the parser before it) can find. */
public enum IssueType {
  /** The reply is not a JSON object. */
  INVALID_JSON(Severity.CRITICAL),
  /** The reply is JSON but does not match the answer schema (missing/extra fields, wrong types). */
  SCHEMA_MISMATCH(Severity.CRITICAL),
  /** A citation names a source id that was not sent in this call. */
  PHANTOM_SOURCE(Severity.CRITICAL),
  /** A quote is not a contiguous, whitespace-normalised excerpt of the cited source. */
  QUOTE_NOT_FOUND(Severity.CRITICAL),
  /** A quote has fewer words (tokens holding a letter or digit) than the minimum (default 4). */
  QUOTE_TOO_SHORT(Severity.CRITICAL),
  /** Status {@code not_in_sources} with citations or claims attached. */
  ABSTENTION_WITH_CITATIONS(Severity.CRITICAL),
  /** Status {@code answered} with no citation at all. */
  ANSWER_WITHOUT_CITATIONS(Severity.CRITICAL),
  /** Status {@code answered} with an empty answer text. */
  EMPTY_ANSWER(Severity.CRITICAL),
  /** A claim with no citation (claim mode). */
  CLAIM_WITHOUT_CITATION(Severity.CRITICAL),
  /** A quote that is not found but nearly matches a passage: likely paraphrase or drift. */
  QUOTE_DRIFT(Severity.WARNING),
  /** A claim whose key terms appear in none of its cited sources. */
  WEAK_GROUNDING(Severity.WARNING),
  /** A claim with more citations than useful. */
  REDUNDANT_CITATIONS(Severity.WARNING);

  private final Severity severity;

  IssueType(Severity severity) {
    this.severity = severity;
  }

  public Severity severity() {
    return severity;
  }

  /** The snake_case name used in JSON output, e.g. {@code phantom_source}. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}
