package dev.citerag.pipeline;

import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.answer.ValidationReport;
import dev.citerag.answer.VerificationUsage;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.TokenUsage;
import dev.citerag.embed.EmbedderIdentity;
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

  /** Warnings for the caller (a filter key no stored chunk has). */
  final List<String> warnings = new java.util.ArrayList<>();

  final String generatorName;
  final Map<Stage, Duration> latency;
  final long t0;
  List<SearchHit> retrieved = List.of();
  List<SentSource> sent = List.of();
  int contextTokens;
  TokenUsage usage = TokenUsage.ZERO;
  @Nullable String model;
  final List<Attempt> attempts = new ArrayList<>();
  final RequestIdentity identity;
  final Listeners listeners;
  private boolean gating;
  private long gateStart;
  List<TermCoverage> coverage = List.of();
  @Nullable String searchServer;

  /** What a request's trace records about what produced it, fixed per pipeline but the trace id. */
  record RequestIdentity(
      String traceId, EmbedderIdentity embedder, VerificationIdentity verification, int topK) {}

  TraceBuilder(
      String question,
      Filter filter,
      String generatorName,
      long t0,
      RequestIdentity identity,
      Listeners listeners) {
    this.question = question;
    this.filter = filter;
    this.generatorName = generatorName;
    this.latency = new EnumMap<>(Stage.class);
    this.t0 = t0;
    this.identity = identity;
    this.listeners = listeners;
    if (listeners.active()) {
      listeners.emit(
          new RagEvent.Started(
              identity.traceId(), Duration.ZERO, question, identity.topK(), generatorName));
    }
  }

  private Duration elapsed() {
    return Duration.ofNanos(System.nanoTime() - t0);
  }

  void stageStarted(Stage stage, int attempt) {
    if (listeners.active()) {
      listeners.emit(new RagEvent.StageStarted(identity.traceId(), elapsed(), stage, attempt));
    }
  }

  void stageFinished(Stage stage, int attempt, Duration took, boolean failed) {
    if (listeners.active()) {
      listeners.emit(
          new RagEvent.StageFinished(identity.traceId(), elapsed(), stage, attempt, took, failed));
    }
  }

  void retrievedEvent(List<SearchHit> hits) {
    if (listeners.active()) {
      listeners.emit(new RagEvent.Retrieved(identity.traceId(), elapsed(), hits));
    }
  }

  /** Gate 1 starts; its decision is reported by {@link #gateDecided} or by {@link #abstained}. */
  void gateStarted() {
    gating = true;
    gateStart = System.nanoTime();
  }

  void gateDecided(@Nullable AbstainReason reason) {
    if (gating && listeners.active()) {
      long now = System.nanoTime();
      listeners.emit(
          new RagEvent.GateDecided(
              identity.traceId(),
              Duration.ofNanos(now - t0),
              reason,
              Duration.ofNanos(now - gateStart)));
    }
    gating = false;
  }

  void attempt(int n, ChatResponse r, List<ValidationIssue> issues, Duration d) {
    attempt(n, r, issues, d, VerificationUsage.NONE);
  }

  void attempt(
      int n, ChatResponse r, List<ValidationIssue> issues, Duration d, VerificationUsage v) {
    Attempt a =
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
            v);
    attempts.add(a);
    if (listeners.active()) {
      listeners.emit(new RagEvent.AttemptFinished(identity.traceId(), elapsed(), a));
    }
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
        identity.traceId(),
        identity.embedder(),
        identity.verification(),
        identity.topK(),
        coverage,
        searchServer,
        warnings);
  }

  RagResult answered(ModelAnswer a, List<ResolvedCitation> citations, ValidationReport report) {
    RagResult r =
        new RagResult.Answered(
            a.answer(),
            a.claims(),
            citations,
            report.groundingScore(),
            report.warnings(),
            trace(),
            report.checks());
    logOutcome(r, "answered");
    return r;
  }

  /** The request ends with {@code e}, which the caller rethrows. */
  void failed(RuntimeException e) {
    if (listeners.active()) {
      listeners.emit(new RagEvent.Failed(identity.traceId(), elapsed(), e));
    }
  }

  RagResult abstained(AbstainReason reason, String detail) {
    gateDecided(reason);
    RagResult r = new RagResult.Abstained(reason, detail, trace());
    logOutcome(r, reason.wire());
    return r;
  }

  RagResult rejected(RejectReason reason, List<ValidationIssue> issues, String detail) {
    RagResult r = new RagResult.Rejected(reason, issues, detail, trace());
    logOutcome(r, reason.wire());
    return r;
  }

  /**
   * While true (a re-prompt whose reply may not be the one served), outcomes are not published;
   * {@link #publish} publishes the one served.
   */
  boolean deferOutcome;

  /** Publishes the outcome of a result built while {@link #deferOutcome} was set. */
  void publish(RagResult r) {
    logOutcome(r, r.status());
  }

  private void logOutcome(RagResult r, String why) {
    if (deferOutcome) {
      return;
    }
    if (listeners.active()) {
      listeners.emit(
          new RagEvent.Completed(
              identity.traceId(), r.trace().latency().getOrDefault(Stage.TOTAL, elapsed()), r));
    }
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
