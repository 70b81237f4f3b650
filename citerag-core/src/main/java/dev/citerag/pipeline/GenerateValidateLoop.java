package dev.citerag.pipeline;

import dev.citerag.ProviderException;
import dev.citerag.answer.AnswerStatus;
import dev.citerag.answer.Citation;
import dev.citerag.answer.CitationValidator;
import dev.citerag.answer.Claim;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.answer.ValidationReport;
import dev.citerag.answer.internal.AnswerParser;
import dev.citerag.answer.internal.ParseResult;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.context.BuiltContext;
import dev.citerag.internal.Durations;
import dev.citerag.pipeline.internal.ServedAnswer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

  GenerateValidateLoop(
      AnswerGenerator generator, CitationValidator validator, int maxRetries, Duration deadline) {
    this.generator = generator;
    this.validator = validator;
    this.maxRetries = maxRetries;
    this.deadline = deadline;
  }

  /** Runs the loop for one request whose context {@code ctx} holds at least one source. */
  RagResult run(TraceBuilder tb, String question, BuiltContext ctx) {
    List<ValidationIssue> feedback = List.of();
    boolean lastWasParseFailure = false;
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
      Step step = attempt(tb, new GenerationRequest(question, ctx, feedback, attempt, left));
      if (step.result() != null) {
        return step.result();
      }
      feedback = step.issues();
      lastWasParseFailure = step.parseFailure();
    }
    return tb.rejected(
        lastWasParseFailure ? RejectReason.INVALID_REPLY : RejectReason.INVALID_CITATIONS,
        feedback,
        describe(feedback, 1 + maxRetries));
  }

  /** What one attempt ended in: a result, or the issues to retry with. */
  private record Step(
      @Nullable RagResult result, List<ValidationIssue> issues, boolean parseFailure) {
    static Step done(RagResult result) {
      return new Step(result, List.of(), false);
    }

    static Step retry(List<ValidationIssue> issues, boolean parseFailure) {
      return new Step(null, issues, parseFailure);
    }
  }

  private Step attempt(TraceBuilder tb, GenerationRequest request) {
    long tg = System.nanoTime();
    ChatResponse reply;
    try {
      reply = generator.generate(request);
    } catch (ProviderException e) {
      addTime(tb.latency, Stage.GENERATE, tg);
      // a failure at (or within 5 % / 50 ms of) the deadline is the deadline's doing
      long slack = Math.max(50_000_000L, Durations.saturatedNanos(deadline) / 20);
      boolean late = remaining(tb.t0) <= slack;
      return Step.done(
          tb.rejected(
              late ? RejectReason.DEADLINE_EXCEEDED : RejectReason.PROVIDER_ERROR,
              List.of(),
              "model call failed: " + e.getMessage()));
    }
    Duration genTime = addTime(tb.latency, Stage.GENERATE, tg);
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
    return validate(tb, request, reply, genTime);
  }

  private Step validate(
      TraceBuilder tb,
      GenerationRequest request,
      ChatResponse reply,
      Duration genTime) {
    long tv = System.nanoTime();
    ParseResult parsed = AnswerParser.parse(reply.text());
    ModelAnswer answer = parsed.answer();
    if (answer == null) {
      addTime(tb.latency, Stage.VALIDATE, tv);
      tb.attempt(request.attempt(), reply, parsed.issues(), genTime);
      return Step.retry(parsed.issues(), true);
    }
    BuiltContext ctx = request.context();
    ValidationReport report = validator.validate(answer, ctx.sources());
    addTime(tb.latency, Stage.VALIDATE, tv);
    tb.attempt(request.attempt(), reply, report.issues(), genTime, report.verification());
    if (!report.passed()) {
      return Step.retry(report.criticalIssues(), false);
    }
    if (answer.status() == AnswerStatus.NOT_IN_SOURCES) {
      return Step.done(
          tb.abstained(
              AbstainReason.NOT_IN_SOURCES, "the model found no answer in the sources sent"));
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
    return Step.done(tb.answered(served, resolve(served, ctx), report));
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
        out.add(new ResolvedCitation(i, c.sourceId(), c.quote(), s.chunk()));
      }
    }
    return out;
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
