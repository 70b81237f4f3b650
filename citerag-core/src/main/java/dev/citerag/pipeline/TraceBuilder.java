package dev.citerag.pipeline;

import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.answer.ValidationReport;
import dev.citerag.answer.VerificationUsage;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.TokenUsage;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Accumulates the trace of one request and makes its result. */
final class TraceBuilder {
  // the outcome is logged under the pipeline's name, as before the split
  private static final Logger log = LoggerFactory.getLogger(RagPipeline.class);

  final String question;
  final Filter filter;
  final String generatorName;
  final Map<Stage, Duration> latency;
  final long t0;
  List<SearchHit> retrieved = List.of();
  List<SentSource> sent = List.of();
  int contextTokens;
  TokenUsage usage = TokenUsage.ZERO;
  @Nullable String model;
  final List<Attempt> attempts = new ArrayList<>();
  List<TermCoverage> coverage = List.of();

  TraceBuilder(String question, Filter filter, String generatorName, long t0) {
    this.question = question;
    this.filter = filter;
    this.generatorName = generatorName;
    this.latency = new EnumMap<>(Stage.class);
    this.t0 = t0;
  }

  void attempt(int n, ChatResponse r, List<ValidationIssue> issues, Duration d) {
    attempt(n, r, issues, d, VerificationUsage.NONE);
  }

  void attempt(
      int n, ChatResponse r, List<ValidationIssue> issues, Duration d, VerificationUsage v) {
    attempts.add(
        new Attempt(
            n,
            r.text(),
            r.finishReason(),
            r.providerFinishReason(),
            r.usage(),
            r.model(),
            r.responseId(),
            issues,
            d,
            v));
  }

  Trace trace() {
    latency.put(Stage.TOTAL, Duration.ofNanos(System.nanoTime() - t0));
    return new Trace(
        question,
        filter,
        retrieved,
        sent,
        contextTokens,
        usage,
        attempts,
        latency,
        generatorName,
        model,
        coverage);
  }

  RagResult answered(ModelAnswer a, List<ResolvedCitation> citations, ValidationReport report) {
    RagResult r =
        new RagResult.Answered(
            a.answer(), a.claims(), citations, report.groundingScore(), report.warnings(), trace());
    logOutcome(r, "answered");
    return r;
  }

  RagResult abstained(AbstainReason reason, String detail) {
    RagResult r = new RagResult.Abstained(reason, detail, trace());
    logOutcome(r, reason.wire());
    return r;
  }

  RagResult rejected(RejectReason reason, List<ValidationIssue> issues, String detail) {
    RagResult r = new RagResult.Rejected(reason, issues, detail, trace());
    logOutcome(r, reason.wire());
    return r;
  }

  private void logOutcome(RagResult r, String why) {
    if (log.isDebugEnabled()) {
      Trace t = r.trace();
      log.debug(
          "citerag.pipeline: {} ({}) retrieved={} sent={} attempts={} tokens={} total={}ms",
          r.status(),
          why,
          t.retrieved().size(),
          t.sent().size(),
          t.attempts().size(),
          t.usage().totalTokens(),
          t.latency().getOrDefault(Stage.TOTAL, Duration.ZERO).toMillis());
    }
  }
}
