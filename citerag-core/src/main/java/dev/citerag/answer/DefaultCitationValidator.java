package dev.citerag.answer;

import dev.citerag.answer.SentSource;
import dev.citerag.answer.internal.QuoteMatcher;
import dev.citerag.internal.Checks;
import dev.citerag.text.internal.Whitespace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The standard gate 3. Critical rules (the answer is not served): every {@code source_id} names a
 * source sent in this call ({@link IssueType#PHANTOM_SOURCE}); every quote, whitespace-collapsed,
 * is a contiguous, word-aligned excerpt of its source ({@link IssueType#QUOTE_NOT_FOUND}) with at
 * least {@code minQuoteWords} words ({@link IssueType#QUOTE_TOO_SHORT}; a word is a token holding a
 * letter or digit, so Markdown markup such as {@code |} or {@code -} does not count); {@code not_in_sources}
 * carries no claims or citations; {@code answered} has a non-empty answer, at least one citation,
 * and (claim mode) one per claim. Warnings: quote drift (a near miss, reported next to the
 * failure), weak grounding (a claim's key terms mostly absent from its cited sources), redundant
 * citations (more than {@code maxCitationsPerClaim}, or the same one twice).
 *
 * <p>It checks membership and quotation, not truth: a real quote attached to a false claim passes.
 *
 * <pre>{@code
 * ValidationReport r = new DefaultCitationValidator().validate(answer, context.sources());
 * if (!r.passed()) { ... r.criticalIssues() ... }
 * }</pre>
 */
public final class DefaultCitationValidator implements CitationValidator {

  /** Default minimum words per quote. */
  public static final int DEFAULT_MIN_QUOTE_WORDS = 4;
  /** Default citations per claim above which a redundancy warning is raised. */
  public static final int DEFAULT_MAX_CITATIONS_PER_CLAIM = 3;
  /** Claims covering less than this share of their key terms get a weak-grounding warning. */
  public static final double WEAK_GROUNDING_COVERAGE = 0.5;

  private final int minQuoteWords;
  private final int maxCitationsPerClaim;

  /** Quotes of at least 4 words, at most 3 citations per claim before a warning. */
  public DefaultCitationValidator() {
    this(DEFAULT_MIN_QUOTE_WORDS, DEFAULT_MAX_CITATIONS_PER_CLAIM);
  }

  /**
   * @param minQuoteWords minimum words per quote, 1 to 50
   * @param maxCitationsPerClaim citations per claim before a redundancy warning, 1 to 50
   */
  public DefaultCitationValidator(int minQuoteWords, int maxCitationsPerClaim) {
    this.minQuoteWords = Checks.inRange(minQuoteWords, 1, 50, "minQuoteWords");
    this.maxCitationsPerClaim = Checks.inRange(maxCitationsPerClaim, 1, 50, "maxCitationsPerClaim");
  }

  public int minQuoteWords() {
    return minQuoteWords;
  }

  @Override
  public ValidationReport validate(ModelAnswer answer, List<SentSource> sent) {
    Checks.notNull(answer, "answer");
    Checks.noNullElements(sent, "sent");
    Map<String, SentSource> byId = new HashMap<>();
    for (SentSource s : sent) {
      byId.put(s.sourceId(), s);
    }
    List<ValidationIssue> issues = new ArrayList<>();
    if (answer.status() == AnswerStatus.NOT_IN_SOURCES) {
      int citations = answer.allCitations().size();
      if (citations > 0 || !answer.claims().isEmpty()) {
        issues.add(ValidationIssue.of(IssueType.ABSTENTION_WITH_CITATIONS,
            "status not_in_sources must carry no claims and no citations, found "
                + answer.claims().size() + " claims and " + citations + " citations"));
        return new ValidationReport(issues, 0.0);
      }
      return new ValidationReport(issues, 1.0);
    }

    if (answer.answer().isBlank()) {
      issues.add(ValidationIssue.of(IssueType.EMPTY_ANSWER, "status answered needs a non-empty answer"));
    }
    if (answer.allCitations().isEmpty()) {
      issues.add(ValidationIssue.of(IssueType.ANSWER_WITHOUT_CITATIONS,
          "status answered needs at least one citation"));
      return finish(issues, 0.0);
    }

    Map<String, String> normalized = new HashMap<>();
    Map<String, String> lowered = new HashMap<>();
    double scoreSum = 0;
    for (int ci = 0; ci < answer.claims().size(); ci++) {
      Claim claim = answer.claims().get(ci);
      List<Citation> cs = claim.citations();
      if (cs.isEmpty()) {
        issues.add(ValidationIssue.of(IssueType.CLAIM_WITHOUT_CITATION,
            "claim " + (ci + 1) + " has no citation: \"" + abbreviate(claim.text()) + "\""));
        continue;
      }
      if (cs.size() > maxCitationsPerClaim || new HashSet<>(cs).size() < cs.size()) {
        issues.add(ValidationIssue.of(IssueType.REDUNDANT_CITATIONS,
            "claim " + (ci + 1) + " has " + cs.size() + " citations"
                + (new HashSet<>(cs).size() < cs.size() ? ", some repeated" : "")));
      }
      int valid = 0;
      List<String> validPassages = new ArrayList<>(cs.size());
      for (Citation c : cs) {
        SentSource src = byId.get(c.sourceId());
        if (src == null) {
          issues.add(ValidationIssue.of(IssueType.PHANTOM_SOURCE,
              "source_id \"" + abbreviate(c.sourceId()) + "\" was not among the sources sent; valid ids are "
                  + sortedIds(byId), c.sourceId(), c.quote()));
          continue;
        }
        String q = Whitespace.collapse(c.quote());
        int words = QuoteMatcher.wordCount(q);
        if (words < minQuoteWords) {
          issues.add(ValidationIssue.of(IssueType.QUOTE_TOO_SHORT,
              "quote for " + c.sourceId() + " has " + words + " words, at least " + minQuoteWords + " are required",
              c.sourceId(), c.quote()));
          continue;
        }
        String passage = normalized.computeIfAbsent(c.sourceId(), id -> Whitespace.collapse(src.chunk().text()));
        if (!QuoteMatcher.contains(passage, q)) {
          issues.add(ValidationIssue.of(IssueType.QUOTE_NOT_FOUND,
              "quote is not an exact excerpt of source " + c.sourceId(), c.sourceId(), c.quote()));
          if (QuoteMatcher.nearMiss(passage, q)) {
            issues.add(ValidationIssue.of(IssueType.QUOTE_DRIFT,
                "quote nearly matches source " + c.sourceId() + " (changed words, case or punctuation)",
                c.sourceId(), c.quote()));
          }
          continue;
        }
        valid++;
        validPassages.add(lowered.computeIfAbsent(c.sourceId(), id -> passage.toLowerCase(Locale.ROOT)));
      }
      double coverage = valid == 0 ? 0 : QuoteMatcher.termCoverage(claim.text(), validPassages);
      if (valid > 0 && coverage < WEAK_GROUNDING_COVERAGE) {
        issues.add(ValidationIssue.of(IssueType.WEAK_GROUNDING, String.format(java.util.Locale.ROOT,
            "claim %d: only %.0f%% of its key terms appear in its cited sources", ci + 1, coverage * 100)));
      }
      scoreSum += ((double) valid / cs.size()) * (0.5 + 0.5 * coverage);
    }
    double score = answer.claims().isEmpty() ? 0 : scoreSum / answer.claims().size();
    return finish(issues, Math.max(0, Math.min(1, score)));
  }

  private static ValidationReport finish(List<ValidationIssue> issues, double score) {
    issues.sort(Comparator.comparing((ValidationIssue i) -> i.severity()));
    return new ValidationReport(issues, score);
  }

  private static String sortedIds(Map<String, SentSource> byId) {
    return byId.keySet().stream().sorted().toList().toString();
  }

  private static String abbreviate(String s) {
    return s.length() <= 80 ? s : s.substring(0, 77) + "...";
  }
}
