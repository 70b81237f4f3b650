package dev.citerag.micrometer;

import dev.citerag.answer.IssueType;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.answer.VerificationUsage;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.pipeline.AbstainReason;
import dev.citerag.pipeline.Attempt;
import dev.citerag.pipeline.RagEvent;
import dev.citerag.pipeline.RagListener;
import dev.citerag.pipeline.RagResult;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a pipeline's events into Micrometer observations and meters. Register it on the pipeline:
 *
 * <pre>{@code
 * RagPipeline rag = RagPipeline.builder()
 *     ...
 *     .listener(MicrometerRagListener.of(meterRegistry, observationRegistry))
 *     .build();
 * }</pre>
 *
 * <p><b>Observations.</b> Each {@code ask} is an observation named {@value #ASK_OBSERVATION}
 * (contextual name {@code citerag ask}), opened in scope on the requesting thread, so that the
 * model's and the store's own HTTP and JDBC observations nest inside it; each timed stage is a
 * child named {@value #STAGE_OBSERVATION} (contextual name {@code citerag <stage>}). With
 * Micrometer Tracing that is one span per request and a child span per stage. Low-cardinality keys:
 * {@code citerag.model}, {@code citerag.outcome}, {@code citerag.reason} on the request, {@code
 * citerag.stage}, {@code citerag.attempt}, {@code citerag.failed} on a stage; high-cardinality:
 * {@code citerag.trace_id}.
 *
 * <p><b>Meters</b> (every tag low-cardinality: enum values and the configured model name, never a
 * question, id or text): {@value #REQUESTS} (timer; {@code outcome}, {@code reason}, {@code
 * model}), {@value #STAGES} (timer; {@code stage}, {@code model}), {@value #GATE} (counter; {@code
 * decision}), {@value #BEST_COSINE} (summary), {@value #ATTEMPTS} (counter; {@code result}, {@code
 * model}), {@value #ISSUES} (counter; {@code type}, {@code severity}, {@code model}), {@value
 * #GROUNDING} (summary; {@code model}), {@value #TOKENS} (counter; {@code kind}, {@code use},
 * {@code model}), {@value #JUDGE_CALLS} (counter; {@code model}) and {@value #JUDGE_VERDICTS}
 * (counter; {@code verdict}, {@code model}). The module's README describes each.
 *
 * <p>Thread-safe: one instance serves every request of every pipeline it is registered on.
 */
public final class MicrometerRagListener implements RagListener {
  private static final Logger log = LoggerFactory.getLogger(MicrometerRagListener.class);

  /** The observation of one request. */
  public static final String ASK_OBSERVATION = "citerag.ask";

  /** The observation of one stage of a request, a child of {@value #ASK_OBSERVATION}. */
  public static final String STAGE_OBSERVATION = "citerag.ask.stage";

  /** Timer of whole requests by outcome, reason and model. */
  public static final String REQUESTS = "citerag.requests";

  /** Timer of each stage. */
  public static final String STAGES = "citerag.stage.duration";

  /** Counter of gate 1's decisions. */
  public static final String GATE = "citerag.gate.decisions";

  /** Distribution of the best absolute cosine of the retrieved hits. */
  public static final String BEST_COSINE = "citerag.retrieval.best.cosine";

  /** Counter of generation attempts by result. */
  public static final String ATTEMPTS = "citerag.attempts";

  /** Counter of validation issues by type and severity. */
  public static final String ISSUES = "citerag.validation.issues";

  /** Distribution of the grounding score of served answers. */
  public static final String GROUNDING = "citerag.grounding.score";

  /** Counter of tokens by kind and use. */
  public static final String TOKENS = "citerag.tokens";

  /** Counter of support-verification (judge) model calls. */
  public static final String JUDGE_CALLS = "citerag.judge.calls";

  /** Counter of judged attempts by verdict. */
  public static final String JUDGE_VERDICTS = "citerag.judge.verdicts";

  /** Buckets of the score distributions, published as histogram counts where the backend can. */
  private static final double[] SCORE_BUCKETS = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95};

  private final MeterRegistry meters;
  private final ObservationRegistry observations;

  // every event of one request arrives on the thread that called ask; the state is this
  // listener's own (two listeners on one pipeline, e.g. two registries, keep theirs apart)
  @SuppressWarnings("ThreadLocalUsage")
  private final ThreadLocal<@Nullable Request> current = new ThreadLocal<>();

  private MicrometerRagListener(MeterRegistry meters, ObservationRegistry observations) {
    this.meters = meters;
    this.observations = observations;
  }

  /**
   * Meters and observations.
   *
   * @param meters where the meters are registered
   * @param observations where the observations go ({@link ObservationRegistry#NOOP} for none)
   * @return the listener
   * @throws IllegalArgumentException when an argument is null
   */
  public static MicrometerRagListener of(MeterRegistry meters, ObservationRegistry observations) {
    return new MicrometerRagListener(
        notNull(meters, "meters"), notNull(observations, "observations"));
  }

  /**
   * Meters only, no observation.
   *
   * @param meters where the meters are registered
   * @return the listener
   * @throws IllegalArgumentException when {@code meters} is null
   */
  public static MicrometerRagListener of(MeterRegistry meters) {
    return of(meters, ObservationRegistry.NOOP);
  }

  /** What is open for the request running on this thread. */
  private static final class Request {
    final String model;
    final Observation ask;
    final Observation.Scope scope;
    @Nullable Observation stage;
    Observation.@Nullable Scope stageScope;

    Request(String model, Observation ask, Observation.Scope scope) {
      this.model = model;
      this.ask = ask;
      this.scope = scope;
    }

    void closeStage() {
      Observation.Scope s = stageScope;
      Observation o = stage;
      if (s != null) {
        s.close();
      }
      if (o != null) {
        o.stop();
      }
      stageScope = null;
      stage = null;
    }

    void close() {
      closeStage();
      scope.close();
      ask.stop();
    }
  }

  @Override
  public void onStarted(RagEvent.Started e) {
    Request stale = current.get();
    if (stale != null) {
      // a request on this thread ended without an outcome event (an Error escaped ask)
      stale.ask.error(new IllegalStateException("request ended without an outcome"));
      stale.close();
    }
    Observation ask =
        Observation.createNotStarted(ASK_OBSERVATION, observations)
            .contextualName("citerag ask")
            .lowCardinalityKeyValue("citerag.model", e.generator())
            .highCardinalityKeyValue("citerag.trace_id", e.traceId())
            .start();
    current.set(new Request(e.generator(), ask, ask.openScope()));
  }

  @Override
  public void onStageStarted(RagEvent.StageStarted e) {
    Request r = current.get();
    if (r == null) {
      return;
    }
    r.closeStage();
    Observation stage =
        Observation.createNotStarted(STAGE_OBSERVATION, observations)
            .parentObservation(r.ask)
            .contextualName("citerag " + e.stage().wire())
            .lowCardinalityKeyValue("citerag.stage", e.stage().wire())
            .lowCardinalityKeyValue("citerag.attempt", Integer.toString(e.attempt()))
            .start();
    r.stage = stage;
    r.stageScope = stage.openScope();
  }

  @Override
  public void onStageFinished(RagEvent.StageFinished e) {
    Request r = current.get();
    if (r == null) {
      return;
    }
    Observation stage = r.stage;
    if (stage != null) {
      stage.lowCardinalityKeyValue("citerag.failed", Boolean.toString(e.failed()));
    }
    r.closeStage();
    stageTimer(e.stage().wire(), r.model).record(e.took());
  }

  @Override
  public void onRetrieved(RagEvent.Retrieved e) {
    e.bestCosine()
        .ifPresent(
            best ->
                DistributionSummary.builder(BEST_COSINE)
                    .description("Best absolute cosine similarity of the retrieved hits")
                    .serviceLevelObjectives(SCORE_BUCKETS)
                    .register(meters)
                    .record(best));
  }

  @Override
  public void onGateDecided(RagEvent.GateDecided e) {
    AbstainReason reason = e.reason();
    Counter.builder(GATE)
        .description("Gate 1 decisions: passed, or why the request abstained before the model")
        .tag("decision", reason == null ? "passed" : reason.wire())
        .register(meters)
        .increment();
    Request r = current.get();
    stageTimer("gate", r == null ? "unknown" : r.model).record(e.took());
  }

  @Override
  public void onAttemptFinished(RagEvent.AttemptFinished e) {
    Request r = current.get();
    String model = r == null ? "unknown" : r.model;
    Attempt a = e.attempt();
    Counter.builder(ATTEMPTS)
        .description("Generation attempts by result")
        .tags(Tags.of("result", attemptResult(a), "model", model))
        .register(meters)
        .increment();
    for (ValidationIssue i : a.issues()) {
      Counter.builder(ISSUES)
          .description("Validation issues found in replies, by type and severity")
          .tags(
              Tags.of(
                  "type",
                  i.type().wire(),
                  "severity",
                  i.severity().name().toLowerCase(Locale.ROOT),
                  "model",
                  model))
          .register(meters)
          .increment();
    }
    countTokens(a.usage(), "answer", model);
    VerificationUsage v = a.verification();
    if (v.calls() > 0) {
      Counter.builder(JUDGE_CALLS)
          .description("Support-verification (judge) model calls")
          .tag("model", model)
          .register(meters)
          .increment(v.calls());
      countTokens(v.tokens(), "judge", model);
      stageTimer("judge", model).record(v.latency());
      boolean unsupported =
          a.issues().stream().anyMatch(i -> i.type() == IssueType.UNSUPPORTED_CLAIM);
      Counter.builder(JUDGE_VERDICTS)
          .description("Judged attempts: every claim supported, or at least one not")
          .tags(Tags.of("verdict", unsupported ? "unsupported" : "supported", "model", model))
          .register(meters)
          .increment();
    }
  }

  @Override
  public void onCompleted(RagEvent.Completed e) {
    RagResult result = e.result();
    String outcome = result.status();
    String reason;
    if (result instanceof RagResult.Abstained a) {
      reason = a.reason().wire();
    } else if (result instanceof RagResult.Rejected j) {
      reason = j.reason().wire();
    } else {
      reason = "none";
    }
    Request r = current.get();
    String model = r == null ? result.trace().generator() : r.model;
    requestTimer(outcome, reason, model).record(e.elapsed());
    if (result instanceof RagResult.Answered a) {
      DistributionSummary.builder(GROUNDING)
          .description("Grounding score of served answers, in [0,1]")
          .serviceLevelObjectives(SCORE_BUCKETS)
          .tag("model", model)
          .register(meters)
          .record(a.groundingScore());
    }
    if (r != null) {
      r.ask.lowCardinalityKeyValue("citerag.outcome", outcome);
      r.ask.lowCardinalityKeyValue("citerag.reason", reason);
      end(r);
    }
  }

  @Override
  public void onFailed(RagEvent.Failed e) {
    Request r = current.get();
    String model = r == null ? "unknown" : r.model;
    requestTimer("error", e.error().getClass().getSimpleName(), model).record(e.elapsed());
    if (r != null) {
      r.ask.lowCardinalityKeyValue("citerag.outcome", "error");
      r.ask.lowCardinalityKeyValue("citerag.reason", e.error().getClass().getSimpleName());
      r.ask.error(e.error());
      end(r);
    }
  }

  private static <T> T notNull(@Nullable T value, String field) {
    if (value == null) {
      throw new IllegalArgumentException(field + " must not be null");
    }
    return value;
  }

  private void end(Request r) {
    current.remove();
    try {
      r.close();
    } catch (RuntimeException ex) {
      log.debug("citerag.micrometer: closing the request's observation failed", ex);
    }
  }

  private Timer requestTimer(String outcome, String reason, String model) {
    return Timer.builder(REQUESTS)
        .description("Requests by outcome (answered, not_in_sources, rejected, error) and reason")
        .tags(Tags.of("outcome", outcome, "reason", reason, "model", model))
        .register(meters);
  }

  private Timer stageTimer(String stage, String model) {
    return Timer.builder(STAGES)
        .description("Time per stage of a request; generate and validate once per attempt")
        .tags(Tags.of("stage", stage, "model", model))
        .register(meters);
  }

  private void countTokens(TokenUsage u, String use, String model) {
    count(u.inputTokens(), "input", use, model);
    count(u.outputTokens(), "output", use, model);
    count(u.reasoningTokens(), "reasoning", use, model);
    count(u.cachedTokens(), "cached", use, model);
  }

  private void count(int tokens, String kind, String use, String model) {
    if (tokens > 0) {
      Counter.builder(TOKENS)
          .description("Tokens reported by the model, by kind and use (answer or judge)")
          .baseUnit("tokens")
          .tags(Tags.of("kind", kind, "use", use, "model", model))
          .register(meters)
          .increment((double) tokens);
    }
  }

  private static String attemptResult(Attempt a) {
    if (a.finishReason() == FinishReason.LENGTH) {
      return "truncated";
    }
    if (a.finishReason() == FinishReason.BLOCKED) {
      return "blocked";
    }
    return a.issues().stream().anyMatch(ValidationIssue::critical) ? "invalid" : "valid";
  }

  @Override
  public String toString() {
    return "MicrometerRagListener[" + meters.getClass().getSimpleName() + "]";
  }
}
