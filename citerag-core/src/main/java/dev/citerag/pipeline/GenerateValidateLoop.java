package dev.citerag.pipeline;

import dev.citerag.ProviderException;
import dev.citerag.answer.AnswerStatus;
import dev.citerag.answer.Citation;
import dev.citerag.answer.CitationValidator;
import dev.citerag.answer.Claim;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.Severity;
import dev.citerag.answer.TermEquivalence;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.answer.ValidationReport;
import dev.citerag.answer.internal.AnswerParser;
import dev.citerag.answer.internal.CitedPassage;
import dev.citerag.answer.internal.CoverageCheck;
import dev.citerag.answer.internal.NormalizedText;
import dev.citerag.answer.internal.ParseResult;
import dev.citerag.answer.internal.QuestionTerms;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.context.BuiltContext;
import dev.citerag.context.internal.Prompts;
import dev.citerag.internal.Durations;
import dev.citerag.pipeline.internal.ServedAnswer;
import dev.citerag.store.Chunk;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The generate-validate loop, gate 3: each attempt's reply is parsed strictly and every citation
 * checked against the sources sent; a critical failure is retried at most {@code maxRetries} times
 * with the problems named, then the request is rejected. Immutable and thread-safe; the state of
 * one request lives in its {@link TraceBuilder}.
 */
final class GenerateValidateLoop {
  private final AnswerGenerator generator;
  private final CitationValidator validator;
  private final int maxRetries;
  private final Duration deadline;
  private final CoveragePolicy coveragePolicy;
  private final CoverageCheck coverage;
  private final TermEquivalence equivalence;
  private final boolean repromptRedundant;

  GenerateValidateLoop(
      AnswerGenerator generator,
      CitationValidator validator,
      int maxRetries,
      Duration deadline,
      CoveragePolicy coveragePolicy,
      TermEquivalence equivalence) {
    this(generator, validator, maxRetries, deadline, coveragePolicy, equivalence, false);
  }

  private GenerateValidateLoop(
      AnswerGenerator generator,
      CitationValidator validator,
      int maxRetries,
      Duration deadline,
      CoveragePolicy coveragePolicy,
      TermEquivalence equivalence,
      boolean repromptRedundant) {
    this.generator = generator;
    this.validator = validator;
    this.maxRetries = maxRetries;
    this.deadline = deadline;
    this.coveragePolicy = coveragePolicy;
    this.coverage = new CoverageCheck(equivalence);
    this.equivalence = equivalence;
    this.repromptRedundant = repromptRedundant;
  }

  /** This loop, re-prompting once a valid answer with redundant citations when {@code on}. */
  GenerateValidateLoop repromptRedundantCitations(boolean on) {
    return new GenerateValidateLoop(
        generator, validator, maxRetries, deadline, coveragePolicy, equivalence, on);
  }

  /** Runs the loop for one request whose context {@code ctx} holds at least one source. */
  RagResult run(TraceBuilder tb, String question, BuiltContext ctx) {
    return run(tb, question, ctx, deadline);
  }

  /** As {@link #run(TraceBuilder, String, BuiltContext)}, bounded by this request's deadline. */
  RagResult run(TraceBuilder tb, String question, BuiltContext ctx, Duration deadline) {
    List<ValidationIssue> feedback = List.of();
    List<String> invalidIds = List.of();
    RejectReason lastFailure = RejectReason.INVALID_CITATIONS;
    boolean coverageFailed = false;
    for (int attempt = 1; attempt <= 1 + maxRetries; attempt++) {
      Duration left = deadline.minusNanos(System.nanoTime() - tb.t0);
      if (left.isNegative() || left.isZero()) {
        return tb.rejected(
            RejectReason.DEADLINE_EXCEEDED,
            feedback,
            "deadline of "
                + Durations.saturatedNanos(deadline) / 1_000_000
                + " ms passed before a valid answer");
      }
      Step step =
          attempt(tb, new GenerationRequest(question, ctx, feedback, attempt, left, invalidIds));
      if (step.result() != null) {
        return step.result();
      }
      Supplier<RagResult> valid = step.redundant();
      if (valid != null) {
        return reprompt(tb, question, ctx, deadline, step.issues(), attempt + 1, valid);
      }
      feedback = step.issues();
      invalidIds = step.invalidSourceIds();
      lastFailure = step.failure();
      if (lastFailure == RejectReason.QUESTION_NOT_COVERED) {
        // retried once with the uncovered term named; a second miss is the answer's last
        if (coverageFailed) {
          break;
        }
        coverageFailed = true;
      }
    }
    return tb.rejected(lastFailure, feedback, describe(feedback, tb.attempts.size()));
  }

  /**
   * The one re-prompt of a valid answer whose claims cite redundant quotes: the reply is served
   * when it is a valid answer, else {@code valid} (the first answer) is. The outcome is published
   * once, for the answer served.
   */
  private RagResult reprompt(
      TraceBuilder tb,
      String question,
      BuiltContext ctx,
      Duration deadline,
      List<ValidationIssue> redundant,
      int attempt,
      Supplier<RagResult> valid) {
    Duration left = deadline.minusNanos(System.nanoTime() - tb.t0);
    if (left.isNegative() || left.isZero()) {
      return valid.get();
    }
    Step again;
    tb.deferOutcome = true;
    try {
      again =
          attempt(tb, new GenerationRequest(question, ctx, redundant, attempt, left, List.of()));
    } finally {
      tb.deferOutcome = false;
    }
    if (again.result() instanceof RagResult.Answered a) {
      tb.publish(a);
      return a;
    }
    Supplier<RagResult> stillRedundant = again.redundant();
    return stillRedundant != null ? stillRedundant.get() : valid.get();
  }

  /**
   * What one attempt ended in: a result, the issues to retry with and why, or (re-prompt on) a
   * valid answer to serve unless a re-prompt naming its redundant citations does better.
   */
  private record Step(
      @Nullable RagResult result,
      List<ValidationIssue> issues,
      RejectReason failure,
      List<String> invalidSourceIds,
      @Nullable Supplier<RagResult> redundant) {
    static Step done(RagResult result) {
      return new Step(result, List.of(), RejectReason.INVALID_CITATIONS, List.of(), null);
    }

    static Step retry(List<ValidationIssue> issues, RejectReason failure) {
      return new Step(null, issues, failure, List.of(), null);
    }

    /** A retry that names, to the model only, the cited ids that were not sent. */
    static Step retry(List<ValidationIssue> issues, RejectReason failure, List<String> invalid) {
      return new Step(null, issues, failure, invalid, null);
    }

    /** A valid answer, served by {@code serve}, whose redundant citations are {@code issues}. */
    static Step reprompt(List<ValidationIssue> issues, Supplier<RagResult> serve) {
      return new Step(null, issues, RejectReason.INVALID_CITATIONS, List.of(), serve);
    }
  }

  private Step attempt(TraceBuilder tb, GenerationRequest request) {
    tb.stageStarted(Stage.GENERATE, request.attempt());
    long tg = System.nanoTime();
    ChatResponse reply;
    // a typed answer (a provider's own citation format) is validated as it is, not parsed back
    ModelAnswer typed = null;
    List<ValidationIssue> generatorIssues = List.of();
    try {
      if (generator instanceof TypedAnswerGenerator typedGenerator) {
        // a provider's own citation format, mapped to the contract by the generator
        GeneratedAnswer g = typedGenerator.generateAnswer(request);
        reply = g.reply();
        typed = g.answer();
        generatorIssues = g.issues();
      } else {
        reply = generator.generate(request);
      }
    } catch (ProviderException e) {
      Duration failedAfter = addTime(tb.latency, Stage.GENERATE, tg);
      tb.stageFinished(Stage.GENERATE, request.attempt(), failedAfter, true);
      // a failure at (or within 5 % / 50 ms of) the deadline is the deadline's doing
      boolean late = remaining(tb.t0) <= slack();
      return Step.done(
          tb.rejected(
              late ? RejectReason.DEADLINE_EXCEEDED : RejectReason.PROVIDER_ERROR,
              List.of(),
              "model call failed: " + e.getMessage()));
    }
    Duration genTime = addTime(tb.latency, Stage.GENERATE, tg);
    tb.stageFinished(Stage.GENERATE, request.attempt(), genTime, false);
    tb.usage = tb.usage.plus(reply.usage());
    tb.model = reply.model();
    if (reply.finishReason() == FinishReason.LENGTH) {
      tb.attempt(request.attempt(), reply, List.of(), genTime);
      return Step.done(
          tb.rejected(
              RejectReason.TRUNCATED,
              List.of(),
              "the reply hit the output token limit (" + reply.providerFinishReason() + ")"));
    }
    if (reply.finishReason() == FinishReason.BLOCKED) {
      tb.attempt(request.attempt(), reply, List.of(), genTime);
      return Step.done(
          tb.rejected(
              RejectReason.BLOCKED,
              List.of(),
              "the provider blocked the request or reply (" + reply.providerFinishReason() + ")"));
    }
    return validate(tb, request, reply, typed, generatorIssues, genTime);
  }

  private Step validate(
      TraceBuilder tb,
      GenerationRequest request,
      ChatResponse reply,
      @Nullable ModelAnswer typed,
      List<ValidationIssue> generatorIssues,
      Duration genTime) {
    tb.stageStarted(Stage.VALIDATE, request.attempt());
    long tv = System.nanoTime();
    // a typed answer satisfies the schema by construction; the parser's size limit still applies
    ParseResult parsed =
        typed != null && reply.text().length() <= AnswerParser.MAX_REPLY_CHARS
            ? new ParseResult(typed, List.of())
            : AnswerParser.parse(reply.text());
    ModelAnswer answer = parsed.answer();
    if (answer == null) {
      Duration parseTime = addTime(tb.latency, Stage.VALIDATE, tv);
      tb.stageFinished(Stage.VALIDATE, request.attempt(), parseTime, false);
      tb.attempt(request.attempt(), reply, parsed.issues(), genTime);
      return Step.retry(parsed.issues(), RejectReason.INVALID_REPLY);
    }
    BuiltContext ctx = request.context();
    ValidationReport report =
        validator.validate(answer, ctx.sources(), timeLeft(tb, request, genTime, tv));
    if (!generatorIssues.isEmpty()) {
      List<ValidationIssue> all = new ArrayList<>(generatorIssues);
      all.addAll(report.issues());
      report =
          new ValidationReport(
              all, report.groundingScore(), report.verification(), report.checks());
    }
    ValidationIssue uncovered = null;
    if (report.passed() && answer.status() == AnswerStatus.ANSWERED) {
      uncovered = checkCoverage(tb, request.question(), answer, ctx);
    }
    Duration validateTime = addTime(tb.latency, Stage.VALIDATE, tv);
    tb.stageFinished(Stage.VALIDATE, request.attempt(), validateTime, false);
    if (uncovered != null) {
      List<ValidationIssue> issues = new ArrayList<>(report.issues());
      issues.add(uncovered.critical() ? 0 : issues.size(), uncovered);
      report =
          new ValidationReport(
              issues, report.groundingScore(), report.verification(), report.checks());
    }
    tb.attempt(request.attempt(), reply, report.issues(), genTime, report.verification());
    List<ValidationIssue> judgeDown =
        report.criticalIssues().stream()
            .filter(i -> i.type() == IssueType.JUDGE_UNAVAILABLE)
            .toList();
    if (!judgeDown.isEmpty()) {
      // the judge, not the answer, failed: another attempt would meet the same judge; reject now,
      // and never serve the answer unchecked (a failure at the deadline is the deadline's doing)
      boolean late = timeLeft(tb, request, genTime, tv).toNanos() <= slack();
      return Step.done(
          tb.rejected(
              late ? RejectReason.DEADLINE_EXCEEDED : RejectReason.JUDGE_UNAVAILABLE,
              report.criticalIssues(),
              late
                  ? "deadline of "
                      + Durations.saturatedNanos(deadline) / 1_000_000
                      + " ms passed while the judge checked the answer's support"
                  : "the judge that checks support failed; the answer was not served unchecked"));
    }
    if (!report.passed()) {
      List<String> invalid =
          answer.allCitations().stream()
              .map(Citation::sourceId)
              .filter(id -> ctx.source(id).isEmpty())
              .map(Prompts::feedbackId)
              .distinct()
              .toList();
      return Step.retry(
          report.criticalIssues(),
          uncovered != null && uncovered.critical()
              ? RejectReason.QUESTION_NOT_COVERED
              : RejectReason.INVALID_CITATIONS,
          invalid);
    }
    if (answer.status() == AnswerStatus.NOT_IN_SOURCES) {
      return Step.done(
          tb.abstained(AbstainReason.NOT_IN_SOURCES, abstentionDetail(request.question(), ctx)));
    }
    // served: the verified texts and the sources' own quotes, never the model's rendering
    ModelAnswer served = ServedAnswer.of(answer, ctx.sources());
    if (served == null) {
      List<ValidationIssue> unlocated =
          List.of(
              ValidationIssue.of(
                  IssueType.QUOTE_NOT_FOUND,
                  "the validator passed a quote that is not an excerpt of its source under the quotation normalisation;"
                      + " only the source's own text can be served"));
      return Step.done(
          tb.rejected(
              RejectReason.INVALID_CITATIONS, unlocated, describe(unlocated, request.attempt())));
    }
    List<ValidationIssue> redundant =
        report.warnings().stream().filter(i -> i.type() == IssueType.REDUNDANT_CITATIONS).toList();
    if (repromptRedundant && !redundant.isEmpty() && !tb.deferOutcome) {
      ValidationReport validReport = report;
      return Step.reprompt(redundant, () -> tb.answered(served, resolve(served, ctx), validReport));
    }
    return Step.done(tb.answered(served, resolve(served, ctx), report));
  }

  /**
   * What remains of this request's time for the attempt's validation (a judge gets no more): the
   * attempt's time bound less its generation and what validation has taken so far; at least 1 ns.
   */
  private Duration timeLeft(
      TraceBuilder tb, GenerationRequest request, Duration genTime, long validationStart) {
    Duration bound = request.timeout();
    long left =
        bound == null
            ? remaining(tb.t0)
            : Durations.saturatedNanos(bound)
                - Durations.saturatedNanos(genTime)
                - (System.nanoTime() - validationStart);
    return Duration.ofNanos(Math.max(1, left));
  }

  /** How close to the deadline a failure counts as the deadline's doing: 5 %, at least 50 ms. */
  private long slack() {
    return Math.max(50_000_000L, Durations.saturatedNanos(deadline) / 20);
  }

  /**
   * Question coverage of a valid answer: records in the trace which cited source mentions which
   * question term, and returns the {@code question_not_covered} issue (severity by policy) when a
   * term is not covered, or {@code null}.
   */
  private @Nullable ValidationIssue checkCoverage(
      TraceBuilder tb, String question, ModelAnswer answer, BuiltContext ctx) {
    Map<String, Chunk> cited = new LinkedHashMap<>();
    for (Citation c : answer.allCitations()) {
      ctx.source(c.sourceId()).ifPresent(s -> cited.putIfAbsent(c.sourceId(), s.chunk()));
    }
    List<QuestionTerms.Term> terms = QuestionTerms.of(question);
    List<CitedWords> sources = new ArrayList<>();
    cited.forEach(
        (id, chunk) ->
            sources.add(
                new CitedWords(id, CoverageCheck.stemsOf(chunk), CoverageCheck.wordsOf(chunk))));
    List<TermCoverage> trace = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    for (QuestionTerms.Term t : terms) {
      List<String> by = new ArrayList<>();
      boolean covered = false;
      for (CitedWords c : sources) {
        if (coverage.mentions(t, c.stems())) {
          by.add(c.id());
        }
        covered |= !coverage.misses(t, c.stems(), c.words());
      }
      trace.add(new TermCoverage(t.word(), kind(t), by, covered));
      if (!covered) {
        missing.add(t.word());
      }
    }
    tb.coverage = trace;
    if (missing.isEmpty() || coveragePolicy == CoveragePolicy.OFF) {
      return null;
    }
    String detail =
        "the question asks about "
            + quoted(missing)
            + ", which the cited sources do not cover (not in their text, headings or title, or"
            + " qualified otherwise there); an answer about something else does not answer the"
            + " question: cite a source that covers it, or reply not_in_sources when the sources do"
            + " not say";
    return new ValidationIssue(
        IssueType.QUESTION_NOT_COVERED,
        coveragePolicy == CoveragePolicy.CRITICAL ? Severity.CRITICAL : Severity.WARNING,
        detail,
        null,
        null);
  }

  /** A cited source's id, stems and words, as question coverage reads them. */
  private record CitedWords(String id, Set<String> stems, List<String> words) {}

  private static String kind(QuestionTerms.Term t) {
    return switch (t.kind()) {
      case ENTITY -> "name";
      case NUMBER -> "number";
      case TERM -> t.head() != null ? "qualifier" : "term";
    };
  }

  /**
   * Why an abstention: what the source closest to the question (the one mentioning most of its
   * terms, the first sent on a tie) does not cover, when there is something.
   */
  private String abstentionDetail(String question, BuiltContext ctx) {
    List<QuestionTerms.Term> terms = QuestionTerms.of(question);
    List<QuestionTerms.Term> best = List.of();
    int bestMentioned = -1;
    for (SentSource s : ctx.sources()) {
      Set<String> stems = CoverageCheck.stemsOf(s.chunk());
      int mentioned = 0;
      for (QuestionTerms.Term t : terms) {
        mentioned += coverage.mentions(t, stems) ? 1 : 0;
      }
      if (mentioned > bestMentioned) {
        bestMentioned = mentioned;
        best = coverage.uncovered(terms, s.chunk());
      }
    }
    if (best.isEmpty()) {
      return "the model found no answer in the sources sent";
    }
    return "the model found no answer in the sources sent; the closest does not cover "
        + quoted(best.stream().map(QuestionTerms.Term::word).toList());
  }

  private static String quoted(List<String> words) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < words.size(); i++) {
      if (i > 0) {
        b.append(i == words.size() - 1 ? " and " : ", ");
      }
      b.append('"').append(words.get(i)).append('"');
    }
    return b.toString();
  }

  private long remaining(long t0) {
    return Durations.saturatedNanos(deadline) - (System.nanoTime() - t0);
  }

  private static Duration addTime(Map<Stage, Duration> latency, Stage stage, long since) {
    Duration d = Duration.ofNanos(System.nanoTime() - since);
    latency.merge(stage, d, Duration::plus);
    return d;
  }

  private static List<ResolvedCitation> resolve(ModelAnswer answer, BuiltContext ctx) {
    List<ResolvedCitation> out = new ArrayList<>();
    List<Claim> claims = answer.claims();
    for (int i = 0; i < claims.size(); i++) {
      for (Citation c : claims.get(i).citations()) {
        SentSource s =
            ctx.source(c.sourceId())
                .orElseThrow(
                    () ->
                        new IllegalStateException(
                            "validated citation names an unsent source " + c.sourceId()));
        out.add(located(i, c, s));
      }
    }
    return out;
  }

  /**
   * The served citation with the place of its quote in the chunk: where the quotation matcher finds
   * it in the chunk's document text (after the heading prefix, as the validator read it: the
   * source's own text, so its first boundary-aligned occurrence), checked by {@link
   * ResolvedCitation}'s constructor, which also places it in the document.
   */
  private static ResolvedCitation located(int claim, Citation c, SentSource s) {
    String text = s.chunk().text();
    int body = s.chunk().bodyStart();
    int[] at = new CitedPassage(text.substring(body)).range(NormalizedText.of(c.quote()));
    if (at != null) {
      at = new int[] {at[0] + body, at[1] + body};
    }
    if (at == null || !text.substring(at[0], at[1]).equals(c.quote())) {
      int i = text.indexOf(c.quote(), body);
      if (i < 0) {
        throw new IllegalStateException(
            "validated quote is not in its chunk " + c.sourceId() + ": the served answer is wrong");
      }
      at = new int[] {i, i + c.quote().length()};
    }
    return new ResolvedCitation(claim, c.sourceId(), c.quote(), s.chunk(), at[0], at[1]);
  }

  private static String describe(List<ValidationIssue> issues, int attempts) {
    StringBuilder b =
        new StringBuilder("no valid answer after ")
            .append(attempts)
            .append(attempts == 1 ? " attempt" : " attempts");
    if (!issues.isEmpty()) {
      b.append(": ");
      issues.stream().map(i -> i.type().wire()).distinct().forEach(t -> b.append(t).append(", "));
      b.setLength(b.length() - 2);
    }
    return b.toString();
  }
}
