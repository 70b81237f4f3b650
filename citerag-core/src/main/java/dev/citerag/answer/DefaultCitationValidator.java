package dev.citerag.answer;

import dev.citerag.ProviderException;
import dev.citerag.answer.internal.AnswerText;
import dev.citerag.answer.internal.CitedPassage;
import dev.citerag.answer.internal.NormalizedText;
import dev.citerag.answer.internal.QuoteMatcher;
import dev.citerag.chat.TokenUsage;
import dev.citerag.internal.Checks;
import dev.citerag.internal.Redact;
import dev.citerag.store.Chunk;
import dev.citerag.text.internal.LexicalAnalyzer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The standard gate 3. Critical rules (the answer is not served):
 *
 * <ul>
 *   <li>every {@code source_id} names a source sent in this call ({@link
 *       IssueType#PHANTOM_SOURCE});
 *   <li>every quote is a contiguous excerpt of its source under the quotation normalisation
 *       (Unicode NFC/NFKC, typographic quotes and apostrophes as ASCII, no-break spaces as spaces,
 *       soft hyphens and zero-width characters removed, whitespace collapsed), starting and ending
 *       on the source's token boundaries, so that a quote cannot cut {@code 1,000} to {@code 1} or
 *       {@code Non-production} to {@code production}, nor part a number from its sign, currency,
 *       percent sign or range dash ({@code −5}, {@code $5}, {@code 5%}, {@code 10–12}), and a
 *       superscript or fraction after a digit stays as written ({@code 10²} is not {@code 102})
 *       ({@link IssueType#QUOTE_NOT_FOUND}); and has at least {@code minQuoteWords} words, a
 *       character of a script written without spaces counting half a word ({@link
 *       IssueType#QUOTE_TOO_SHORT});
 *   <li>{@code not_in_sources} carries no claims or citations; {@code answered} has a visible
 *       answer text, at least one citation, a citation on every claim and visible text in every
 *       claim ({@link IssueType#EMPTY_CLAIM});
 *   <li>the answer text is its claims and nothing else ({@link IssueType#UNCITED_TEXT});
 *   <li>every claim whose citations are valid is supported by their quotes, as judged by the {@link
 *       SupportVerifier} ({@link IssueType#UNSUPPORTED_CLAIM}; default {@link
 *       LexicalSupportVerifier}); quotes of one claim that lie in one sentence of one source are
 *       given to it as the one span from the first to the last, so that the words between them (a
 *       {@code not} two quotes skip) count.
 * </ul>
 *
 * Warnings: quote drift (a near miss, reported next to the failure), weak grounding (a supported
 * claim of which its quotes cover less than half), redundant citations (more than {@code
 * maxCitationsPerClaim}, the same one twice, or a quote that carries none of the claim's terms that
 * the claim's other quotes do not already carry, each such quote named by its position, source id
 * and text), quotes longer than {@link #maxQuoteChars()} ({@link IssueType#QUOTE_TOO_LONG}; set
 * with {@link #withMaxQuoteChars}).
 *
 * <p>Issue details name positions (claim and citation numbers, character ranges), source ids as the
 * library sent them, and the rule broken; they never repeat a model's quote, claim or invented id.
 * The only model words they name are the offending terms of an unsupported claim, as single tokens
 * (letters, digits and inner connectors only).
 *
 * <p>It proves quotation and lexical support, not truth: a false paraphrase that reuses its quotes'
 * words can pass (see {@link LexicalSupportVerifier}).
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

  /**
   * Supported claims whose quotes cover less than this share of them get a weak-grounding warning.
   */
  public static final double WEAK_GROUNDING_COVERAGE = 0.5;

  /**
   * The version of these rules; it changes whenever a rule's behaviour changes, and is the first
   * part of {@link #rulesVersion()}.
   */
  public static final String RULES_VERSION = "citerag-rules/2";

  private static final int MAX_TERMS_NAMED = 8;
  private static final Duration UNBOUNDED = Duration.ofNanos(Long.MAX_VALUE);
  private static final int MAX_TERM_CHARS = 40;

  /**
   * Default cap on a quote's length, in characters, past which a {@link IssueType#QUOTE_TOO_LONG}
   * warning is raised: above the longest sentence of the SQuAD 2.0 dev corpus of the repository
   * (796 characters), so that no whole-sentence quote of today's answers is warned about.
   */
  public static final int DEFAULT_MAX_QUOTE_CHARS = 1_000;

  private final int minQuoteWords;
  private final int maxCitationsPerClaim;
  private final int maxQuoteChars;
  private final SupportVerifier supportVerifier;

  /**
   * Quotes of at least 4 words, at most 3 citations per claim before a warning, lexical support
   * check.
   */
  public DefaultCitationValidator() {
    this(DEFAULT_MIN_QUOTE_WORDS, DEFAULT_MAX_CITATIONS_PER_CLAIM);
  }

  /**
   * With the default {@link LexicalSupportVerifier}.
   *
   * @param minQuoteWords minimum words per quote, 1 to 50
   * @param maxCitationsPerClaim citations per claim before a redundancy warning, 1 to 50
   */
  public DefaultCitationValidator(int minQuoteWords, int maxCitationsPerClaim) {
    this(minQuoteWords, maxCitationsPerClaim, new LexicalSupportVerifier());
  }

  /**
   * @param minQuoteWords minimum words per quote, 1 to 50
   * @param maxCitationsPerClaim citations per claim before a redundancy warning, 1 to 50
   * @param supportVerifier judges whether each claim's quotes support it
   * @throws IllegalArgumentException when a number is out of range or the verifier is null
   */
  public DefaultCitationValidator(
      int minQuoteWords, int maxCitationsPerClaim, SupportVerifier supportVerifier) {
    this(minQuoteWords, maxCitationsPerClaim, DEFAULT_MAX_QUOTE_CHARS, supportVerifier);
  }

  private DefaultCitationValidator(
      int minQuoteWords,
      int maxCitationsPerClaim,
      int maxQuoteChars,
      SupportVerifier supportVerifier) {
    this.minQuoteWords = Checks.inRange(minQuoteWords, 1, 50, "minQuoteWords");
    this.maxCitationsPerClaim = Checks.inRange(maxCitationsPerClaim, 1, 50, "maxCitationsPerClaim");
    this.maxQuoteChars = Checks.inRange(maxQuoteChars, 8, 100_000, "maxQuoteChars");
    this.supportVerifier = Checks.notNull(supportVerifier, "supportVerifier");
  }

  /**
   * This validator with another cap on a quote's length: a valid quote of more characters (after
   * the quotation normalisation) gets a {@link IssueType#QUOTE_TOO_LONG} warning; it is still
   * served. Default {@value #DEFAULT_MAX_QUOTE_CHARS}.
   *
   * <pre>{@code
   * CitationValidator v = new DefaultCitationValidator().withMaxQuoteChars(80);
   * }</pre>
   *
   * @param maxQuoteChars the longest quote without a warning, 8 to 100,000 characters
   * @return a validator with that cap and this one's other settings
   * @throws IllegalArgumentException when out of range
   */
  public DefaultCitationValidator withMaxQuoteChars(int maxQuoteChars) {
    return new DefaultCitationValidator(
        minQuoteWords, maxCitationsPerClaim, maxQuoteChars, supportVerifier);
  }

  /** {@return the longest quote, in characters, that gets no {@link IssueType#QUOTE_TOO_LONG}} */
  public int maxQuoteChars() {
    return maxQuoteChars;
  }

  /**
   * A validator with the default limits.
   *
   * @param supportVerifier judges whether each claim's quotes support it
   * @return the validator
   * @throws IllegalArgumentException when {@code supportVerifier} is null
   */
  public static DefaultCitationValidator withSupportVerifier(SupportVerifier supportVerifier) {
    return new DefaultCitationValidator(
        DEFAULT_MIN_QUOTE_WORDS, DEFAULT_MAX_CITATIONS_PER_CLAIM, supportVerifier);
  }

  /** {@return the fewest words a quote may have} */
  public int minQuoteWords() {
    return minQuoteWords;
  }

  /** {@return the verifier that judges support} */
  public SupportVerifier supportVerifier() {
    return supportVerifier;
  }

  /**
   * {@return {@link #RULES_VERSION} with this validator's settings and support verifier, e.g.
   * {@code citerag-rules/2 minQuoteWords=4 maxCitationsPerClaim=3 maxQuoteChars=1000
   * support=LexicalSupportVerifier}}
   */
  @Override
  public String rulesVersion() {
    return RULES_VERSION
        + " minQuoteWords="
        + minQuoteWords
        + " maxCitationsPerClaim="
        + maxCitationsPerClaim
        + " maxQuoteChars="
        + maxQuoteChars
        + " support="
        + supportVerifier.getClass().getSimpleName();
  }

  @Override
  public ValidationReport validate(ModelAnswer answer, List<SentSource> sent) {
    return validate(answer, sent, UNBOUNDED);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The support verifier is called once for the answer, on every claim whose citations are all
   * valid, with {@code timeLeft} ({@link SupportVerifier#checkAll}); when it throws {@link
   * ProviderException} (a judge model failed), the report carries {@link
   * IssueType#JUDGE_UNAVAILABLE}.
   */
  @Override
  public ValidationReport validate(ModelAnswer answer, List<SentSource> sent, Duration timeLeft) {
    Checks.notNull(answer, "answer");
    Checks.noNullElements(sent, "sent");
    Checks.notNull(timeLeft, "timeLeft");
    Map<String, SentSource> byId = new HashMap<>();
    for (SentSource s : sent) {
      byId.put(s.sourceId(), s);
    }
    List<ValidationIssue> issues = new ArrayList<>();
    if (answer.status() == AnswerStatus.NOT_IN_SOURCES) {
      int citations = answer.allCitations().size();
      if (citations > 0 || !answer.claims().isEmpty()) {
        issues.add(
            ValidationIssue.of(
                IssueType.ABSTENTION_WITH_CITATIONS,
                "status not_in_sources must carry no claims and no citations, found "
                    + answer.claims().size()
                    + " claims and "
                    + citations
                    + " citations"));
        return new ValidationReport(issues, 0.0);
      }
      return new ValidationReport(issues, 1.0);
    }

    NormalizedText answerText = NormalizedText.of(answer.answer());
    if (!AnswerText.visible(answerText.text())) {
      issues.add(
          ValidationIssue.of(
              IssueType.EMPTY_ANSWER,
              "status answered needs an answer text with visible words (it is empty, blank or only invisible characters)"));
    }
    if (answer.allCitations().isEmpty()) {
      issues.add(
          ValidationIssue.of(
              IssueType.ANSWER_WITHOUT_CITATIONS, "status answered needs at least one citation"));
      return finish(issues, 0.0, VerificationUsage.NONE);
    }

    Map<String, CitedPassage> passages = new HashMap<>();
    List<String> claimTexts = new ArrayList<>();
    VerificationUsage usage = VerificationUsage.NONE;
    int nClaims = answer.claims().size();
    double[] share = new double[nClaims];
    double[] coverage = new double[nClaims];
    @Nullable SupportCheck[] checked = new SupportCheck[nClaims];
    List<List<String>> validQuotes = new ArrayList<>(Collections.nCopies(nClaims, List.of()));
    List<Pending> pending = new ArrayList<>();
    for (int ci = 0; ci < nClaims; ci++) {
      Claim claim = answer.claims().get(ci);
      String claimNo = "claim " + (ci + 1) + " of " + nClaims;
      String claimText = NormalizedText.of(claim.text()).text();
      boolean visible = AnswerText.visible(claimText);
      if (visible) {
        claimTexts.add(claimText);
      } else {
        issues.add(
            ValidationIssue.of(
                IssueType.EMPTY_CLAIM,
                claimNo
                    + " has no visible text (empty, blank or only invisible characters); every claim must state something"));
      }
      List<Citation> cs = claim.citations();
      if (cs.isEmpty()) {
        issues.add(
            ValidationIssue.of(
                IssueType.CLAIM_WITHOUT_CITATION,
                claimNo + " has no citation; every claim needs at least one"));
        continue;
      }
      if (cs.size() > maxCitationsPerClaim || new HashSet<>(cs).size() < cs.size()) {
        issues.add(
            ValidationIssue.of(
                IssueType.REDUNDANT_CITATIONS,
                claimNo
                    + " has "
                    + cs.size()
                    + " citations"
                    + (new HashSet<>(cs).size() < cs.size() ? ", some repeated" : "")));
      }
      List<String> quotes = new ArrayList<>(cs.size());
      List<String> context = new ArrayList<>();
      List<Integer> quotedAt = new ArrayList<>(cs.size());
      List<String> quotedIds = new ArrayList<>(cs.size());
      List<QuotedSpan> spans = new ArrayList<>(cs.size());
      for (int k = 0; k < cs.size(); k++) {
        Citation c = cs.get(k);
        String where = claimNo + ", citation " + (k + 1);
        SentSource src = byId.get(c.sourceId());
        if (src == null) {
          issues.add(
              ValidationIssue.of(
                  IssueType.PHANTOM_SOURCE,
                  where
                      + ": its source_id is not one of the "
                      + byId.size()
                      + " sources sent in this call; valid ids are "
                      + sortedIds(byId)));
          continue;
        }
        String id = src.sourceId();
        NormalizedText q = NormalizedText.of(c.quote());
        double words = NormalizedText.lengthInWords(q.text());
        if (words < minQuoteWords) {
          issues.add(
              ValidationIssue.of(
                  IssueType.QUOTE_TOO_SHORT,
                  where
                      + " (source "
                      + id
                      + "): the quote has "
                      + (int) Math.floor(words)
                      + " words, at least "
                      + minQuoteWords
                      + " are required ("
                      + 2 * minQuoteWords
                      + " characters in scripts written without spaces)",
                  id,
                  null));
          continue;
        }
        CitedPassage passage =
            passages.computeIfAbsent(id, x -> new CitedPassage(documentText(src.chunk())));
        int[] range = passage.range(q);
        String excerpt = range == null ? null : passage.text().substring(range[0], range[1]);
        if (excerpt == null && src.chunk().bodyStart() > 0) {
          if (new CitedPassage(src.chunk().text()).excerpt(q) != null) {
            issues.add(
                ValidationIssue.of(
                    IssueType.QUOTE_NOT_FOUND,
                    where
                        + " (source "
                        + id
                        + "): the quote is not the document's text: it matches only with the"
                        + " title and heading lines put before the source's text",
                    id,
                    null));
            continue;
          }
        }
        if (excerpt == null) {
          issues.add(
              ValidationIssue.of(
                  IssueType.QUOTE_NOT_FOUND,
                  where
                      + " (source "
                      + id
                      + "): the quote is not an exact excerpt of that source that starts and ends"
                      + " on whole words",
                  id,
                  null));
          if (QuoteMatcher.nearMiss(passage.normalized().text(), q.text())) {
            issues.add(
                ValidationIssue.of(
                    IssueType.QUOTE_DRIFT,
                    where
                        + " (source "
                        + id
                        + "): the quote nearly matches that source (changed words, case or"
                        + " punctuation)",
                    id,
                    null));
          }
          continue;
        }
        quotes.add(excerpt);
        if (range != null) { // always, with an excerpt
          spans.add(new QuotedSpan(id, passage.text(), range[0], range[1]));
        }
        addContext(src.chunk(), context);
        quotedAt.add(k);
        quotedIds.add(id);
        int length = q.text().codePointCount(0, q.text().length());
        if (length > maxQuoteChars) {
          issues.add(
              ValidationIssue.of(
                  IssueType.QUOTE_TOO_LONG,
                  where
                      + " (source "
                      + id
                      + "): the quote has "
                      + length
                      + " characters, more than "
                      + maxQuoteChars
                      + "; quote only the words that carry the claim",
                  id,
                  null));
        }
      }
      if (!visible || quotes.isEmpty()) {
        continue;
      }
      for (int k : notNeeded(claimText, quotes)) {
        int at = quotedAt.get(k);
        if (cs.subList(0, at).contains(cs.get(at))) {
          continue; // a repeat: the claim's own warning says so
        }
        issues.add(
            ValidationIssue.of(
                IssueType.REDUNDANT_CITATIONS,
                claimNo
                    + ", citation "
                    + (at + 1)
                    + " (source "
                    + quotedIds.get(k)
                    + "): not needed, its other quotes already carry every word of the claim that"
                    + " this quote carries; cite each fact once",
                quotedIds.get(k),
                quotes.get(k)));
      }
      validQuotes.set(ci, quotes);
      share[ci] = (double) quotes.size() / cs.size();
      if (quotes.size() == cs.size()) {
        // judged below, all claims of the answer at once; its issues go where they stand today
        pending.add(
            new Pending(
                ci, claimNo, new ClaimEvidence(claimText, spliced(spans), context), issues.size()));
      }
    }
    usage = usage.plus(checkSupport(pending, timeLeft, issues, coverage, checked));
    double scoreSum = 0;
    for (int ci = 0; ci < nClaims; ci++) {
      scoreSum += share[ci] * coverage[ci];
    }
    List<ClaimCheck> claimChecks = new ArrayList<>(nClaims);
    for (int ci = 0; ci < nClaims; ci++) {
      SupportCheck sc = checked[ci];
      claimChecks.add(
          new ClaimCheck(
              ci,
              validQuotes.get(ci),
              sc == null ? null : sc.rules(),
              sc == null ? null : sc.judge()));
    }
    if (AnswerText.visible(answerText.text())) {
      List<int[]> uncited = AnswerText.uncited(answerText, claimTexts);
      for (int[] r : uncited) {
        issues.add(
            ValidationIssue.of(
                IssueType.UNCITED_TEXT,
                String.format(
                    Locale.ROOT,
                    "the answer text has %d characters (at %d to %d of %d) that are not one of its claims; the answer must"
                        + " consist of its claims and nothing else",
                    r[1] - r[0],
                    r[0],
                    r[1],
                    answerText.text().length())));
      }
    }
    double score = nClaims == 0 ? 0 : scoreSum / nClaims;
    return finish(issues, Math.max(0, Math.min(1, score)), usage, claimChecks);
  }

  /**
   * The positions (in {@code quotes}) of quotes the claim does not need: each carries no claim term
   * (stemmed content word or number) that the claim's other needed quotes do not carry. Judged from
   * the last quote back, so that of two quotes carrying the same terms the first is kept.
   */
  static List<Integer> notNeeded(String claim, List<String> quotes) {
    if (quotes.size() < 2) {
      return List.of();
    }
    Set<String> claimTerms = LexicalAnalyzer.distinctTerms(claim);
    List<Set<String>> carried = new ArrayList<>(quotes.size());
    for (String q : quotes) {
      Set<String> c = new HashSet<>(LexicalAnalyzer.distinctTerms(q));
      c.retainAll(claimTerms);
      carried.add(c);
    }
    boolean[] dropped = new boolean[quotes.size()];
    List<Integer> out = new ArrayList<>();
    for (int k = quotes.size() - 1; k >= 0; k--) {
      Set<String> others = new HashSet<>();
      for (int j = 0; j < quotes.size(); j++) {
        if (j != k && !dropped[j]) {
          others.addAll(carried.get(j));
        }
      }
      if (others.containsAll(carried.get(k)) && !others.isEmpty()) {
        dropped[k] = true;
        out.add(0, k);
      }
    }
    return out;
  }

  /** A valid quote's place in its source's document text. */
  record QuotedSpan(String sourceId, String text, int start, int end) {}

  /** Longest gap, in characters, between two quotes of one sentence that are judged as one. */
  static final int MAX_SPLICE_GAP_CHARS = 300;

  /**
   * The evidence the support check reads for a claim's valid quotes: each quote's source text,
   * except that quotes of one source that lie in one sentence (nothing but a gap of at most {@value
   * #MAX_SPLICE_GAP_CHARS} characters without a sentence end between them, or overlapping) are read
   * as the one span of the source from the first to the last, gap included. Two pieces of "the drug
   * is not safe" quoted as "the drug is" and "safe" therefore carry the "not" they skip, and the
   * claim "the drug is safe" disagrees with its evidence; quotes of two sentences, or of two
   * sources, are read apart.
   */
  static List<String> spliced(List<QuotedSpan> spans) {
    List<QuotedSpan> sorted = new ArrayList<>(spans);
    sorted.sort(
        Comparator.comparing(QuotedSpan::sourceId)
            .thenComparingInt(QuotedSpan::start)
            .thenComparingInt(QuotedSpan::end));
    List<String> out = new ArrayList<>(spans.size());
    int k = 0;
    while (k < sorted.size()) {
      QuotedSpan first = sorted.get(k);
      int end = first.end();
      int j = k + 1;
      while (j < sorted.size()
          && sorted.get(j).sourceId().equals(first.sourceId())
          && oneSentence(first.text(), end, sorted.get(j).start())) {
        end = Math.max(end, sorted.get(j).end());
        j++;
      }
      out.add(first.text().substring(first.start(), end));
      k = j;
    }
    return out;
  }

  /**
   * Whether {@code text[from, to)} (empty or negative when two quotes touch or overlap) is a short
   * gap inside one sentence: no full stop, question or exclamation mark followed by a space or line
   * end, no blank line.
   */
  private static boolean oneSentence(String text, int from, int to) {
    if (to <= from) {
      return true;
    }
    if (to - from > MAX_SPLICE_GAP_CHARS) {
      return false;
    }
    int newlines = 0;
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c == '\n') {
        if (++newlines == 2 || blockStart(text, i + 1, to)) {
          return false;
        }
      } else if (!Character.isWhitespace(c)) {
        newlines = 0;
      }
      if (c == '.' || c == '!' || c == '?' || c == '\u3002' || c == '\uFF01' || c == '\uFF1F') {
        if (i + 1 >= to || Character.isWhitespace(text.charAt(i + 1)) || c > 0x7F) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Whether the line starting at {@code i} (before {@code to}) opens a Markdown block of its own: a
   * table row, heading, quotation or list item ({@code | # > - * +} after its indent).
   */
  private static boolean blockStart(String text, int i, int to) {
    while (i < to && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
      i++;
    }
    return i < text.length() && "|#>-*+".indexOf(text.charAt(i)) >= 0;
  }

  /** The cited chunk's title, headings and text, once each, for the support check. */
  private static void addContext(dev.citerag.store.Chunk chunk, List<String> context) {
    String title = chunk.title();
    if (title != null && !context.contains(title)) {
      context.add(title);
    }
    for (String h : chunk.headingPath()) {
      if (!context.contains(h)) {
        context.add(h);
      }
    }
    if (!context.contains(chunk.text())) {
      context.add(chunk.text());
    }
  }

  /** A claim whose citations are all valid, waiting for the support check. */
  private record Pending(int claim, String claimNo, ClaimEvidence evidence, int issueAt) {}

  /**
   * Runs the support verifier once on every pending claim, inserts each claim's issues where the
   * per-claim loop would have put them, fills {@code coverage} and {@code checked}, and returns the
   * verification usage. A judge failure becomes one {@link IssueType#JUDGE_UNAVAILABLE} issue.
   */
  private VerificationUsage checkSupport(
      List<Pending> pending,
      Duration timeLeft,
      List<ValidationIssue> issues,
      double[] coverage,
      @Nullable SupportCheck[] checked) {
    if (pending.isEmpty()) {
      return VerificationUsage.NONE;
    }
    List<ClaimEvidence> evidence = new ArrayList<>(pending.size());
    for (Pending p : pending) {
      evidence.add(p.evidence());
    }
    long t0 = System.nanoTime();
    List<SupportCheck> results;
    try {
      results = supportVerifier.checkAll(evidence, timeLeft);
    } catch (ProviderException e) {
      issues.add(
          pending.get(0).issueAt(),
          ValidationIssue.of(
              IssueType.JUDGE_UNAVAILABLE,
              "the support of "
                  + pending.size()
                  + (pending.size() == 1 ? " claim" : " claims")
                  + " could not be checked: the judge failed ("
                  + e.kind().name().toLowerCase(Locale.ROOT)
                  + "); an answer is never served unchecked"));
      return new VerificationUsage(0, TokenUsage.ZERO, Duration.ofNanos(System.nanoTime() - t0));
    }
    if (results.size() != pending.size()) {
      throw new IllegalStateException(
          "the support verifier returned "
              + results.size()
              + " checks for "
              + pending.size()
              + " claims; it must return one per claim");
    }
    VerificationUsage usage = VerificationUsage.NONE;
    for (int k = 0; k < pending.size(); k++) {
      Pending p = pending.get(k);
      SupportCheck sc = Checks.notNull(results.get(k), "support check");
      checked[p.claim()] = sc;
      SupportVerdict v = sc.verdict();
      usage = usage.plus(v.usage());
      coverage[p.claim()] = v.coverage();
    }
    // insert from the last position back, so that earlier positions stay valid
    for (int k = pending.size() - 1; k >= 0; k--) {
      Pending p = pending.get(k);
      SupportCheck sc = results.get(k);
      SupportVerdict v = sc.verdict();
      if (!v.supported()) {
        issues.add(
            p.issueAt(),
            ValidationIssue.of(IssueType.UNSUPPORTED_CLAIM, unsupported(p.claimNo(), sc)));
      } else if (v.coverage() < WEAK_GROUNDING_COVERAGE) {
        issues.add(
            p.issueAt(),
            ValidationIssue.of(
                IssueType.WEAK_GROUNDING,
                String.format(
                    Locale.ROOT,
                    "%s: its quotes cover only %.0f%% of its terms",
                    p.claimNo(),
                    v.coverage() * 100)));
      }
    }
    return usage;
  }

  /**
   * The detail of an unsupported claim: the verdict and the offending terms, each a single token.
   */
  private static String unsupported(String claimNo, SupportCheck sc) {
    SupportVerdict v = sc.verdict();
    StringBuilder b =
        new StringBuilder(claimNo)
            .append(" is not supported by its quotes (")
            .append(v.support().name().toLowerCase(Locale.ROOT));
    JudgeVerdict judge = sc.judge();
    if (judge != null) {
      b.append(", judged by ").append(terms(List.of(judge.judge())).replace("\"", ""));
    }
    b.append(')');
    if (!v.contradicting().isEmpty()) {
      b.append("; contradicting: ").append(terms(v.contradicting()));
    }
    if (!v.missing().isEmpty()) {
      b.append("; not in its quotes: ").append(terms(v.missing()));
    }
    b.append(
        "; a claim must carry its quotes' numbers, names, identifiers and negation, and mostly their words");
    return b.toString();
  }

  /**
   * Terms as tokens: letters, digits, marks and inner connectors only, each cut short, a few at
   * most; a term that is (or holds a piece of) a registered secret is dropped ({@link
   * Redact#matchesSecret}).
   */
  static String terms(List<String> terms) {
    List<String> out = new ArrayList<>();
    for (String t : terms) {
      if (out.size() == MAX_TERMS_NAMED) {
        out.add("(" + (terms.size() - MAX_TERMS_NAMED) + " more)");
        break;
      }
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < t.length() && b.length() < MAX_TERM_CHARS; ) {
        int cp = t.codePointAt(i);
        i += Character.charCount(cp);
        if (NormalizedText.isWord(cp) || "-'_./,:".indexOf(cp) >= 0) {
          b.appendCodePoint(cp);
        }
      }
      if (b.length() > 0 && !Redact.matchesSecret(t)) {
        out.add('"' + b.toString() + '"');
      }
    }
    return String.join(", ", out);
  }

  private static ValidationReport finish(
      List<ValidationIssue> issues, double score, VerificationUsage usage) {
    return finish(issues, score, usage, List.of());
  }

  private static ValidationReport finish(
      List<ValidationIssue> issues,
      double score,
      VerificationUsage usage,
      List<ClaimCheck> checks) {
    issues.sort(Comparator.comparing((ValidationIssue i) -> i.severity()));
    return new ValidationReport(issues, score, usage, checks);
  }

  /**
   * The part of a chunk's text that is its document's: after the title and heading lines the
   * chunker puts first ({@link Chunk#bodyStart()}), which are not a quotable excerpt.
   */
  private static String documentText(Chunk chunk) {
    return chunk.text().substring(chunk.bodyStart());
  }

  private static String sortedIds(Map<String, SentSource> byId) {
    return byId.keySet().stream().sorted().toList().toString();
  }
}
