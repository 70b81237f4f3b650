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
  /**
   * A quote is not a contiguous excerpt of the cited source, under the quotation normalisation,
   * starting and ending on the source's token boundaries. The title and heading lines put before a
   * chunk's text (so that it stands alone) are not the document's text: a quote that matches only
   * them, or runs from them into the text, is not found either (its detail says so).
   */
  QUOTE_NOT_FOUND(Severity.CRITICAL),
  /**
   * A quote has fewer words (tokens holding a letter or digit) than the minimum (default 4; a
   * character of a script written without spaces counts half a word).
   */
  QUOTE_TOO_SHORT(Severity.CRITICAL),
  /** Status {@code not_in_sources} with citations or claims attached. */
  ABSTENTION_WITH_CITATIONS(Severity.CRITICAL),
  /** Status {@code answered} with no citation at all. */
  ANSWER_WITHOUT_CITATIONS(Severity.CRITICAL),
  /** Status {@code answered} with an empty answer text. */
  EMPTY_ANSWER(Severity.CRITICAL),
  /** A claim with no citation (claim mode). */
  CLAIM_WITHOUT_CITATION(Severity.CRITICAL),
  /** A claim whose text is empty, blank or only invisible characters. */
  EMPTY_CLAIM(Severity.CRITICAL),
  /** Answer text that is not one of the claims: everything served must be a cited claim. */
  UNCITED_TEXT(Severity.CRITICAL),
  /**
   * A claim its valid quotes do not support: a number, name or identifier of the claim is missing
   * from them, its negation disagrees with theirs, or too few of its content words occur in them.
   */
  UNSUPPORTED_CLAIM(Severity.CRITICAL),
  /**
   * The judge model that checks support failed: it is down, did not answer within the time left, or
   * replied outside its format. The answer is not served unchecked.
   */
  JUDGE_UNAVAILABLE(Severity.CRITICAL),
  /**
   * The cited sources do not cover the question: a name or number of the question is in none of
   * them (text, heading path, document title), or a qualifier of the question ("the payments
   * service") is missing where a cited source qualifies the same word differently ("the checkout
   * service"). The answer may be true and still answer another question.
   */
  QUESTION_NOT_COVERED(Severity.CRITICAL),
  /** A quote that is not found but nearly matches a passage: likely paraphrase or drift. */
  QUOTE_DRIFT(Severity.WARNING),
  /** A claim whose key terms appear in none of its cited sources. */
  WEAK_GROUNDING(Severity.WARNING),
  /**
   * A claim with more citations than useful: more than the validator's maximum, the same one twice,
   * or a quote that carries none of the claim's words that its other quotes do not already carry.
   */
  REDUNDANT_CITATIONS(Severity.WARNING),
  /**
   * A quote longer than the validator's cap (default 1,000 characters): a quote should be the words
   * that carry its claim, not a passage.
   */
  QUOTE_TOO_LONG(Severity.WARNING);

  private final Severity severity;

  IssueType(Severity severity) {
    this.severity = severity;
  }

  /** {@return the severity this kind of issue has by default} */
  public Severity severity() {
    return severity;
  }

  /** {@return the snake_case name used in JSON output, e.g. {@code phantom_source}} */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}
