package dev.citerag.pipeline;

/**
 * Observes requests as they run: retrieval, the gate's decision, every generation attempt with its
 * validation issues and support-verification cost, and the outcome, each with the request's trace
 * id and its timings. Registered with {@link RagPipeline.Builder#listener}; every method does
 * nothing unless overridden.
 *
 * <pre>{@code
 * RagPipeline rag = RagPipeline.builder()
 *     ...
 *     .listener(new RagListener() {
 *       @Override public void onCompleted(RagEvent.Completed e) {
 *         log.info("{} {} in {} ms", e.traceId(), e.result().status(), e.elapsed().toMillis());
 *       }
 *     })
 *     .build();
 * }</pre>
 *
 * <p>Listeners are called synchronously on the thread that calls {@code ask}, in registration
 * order, so they must be quick and thread-safe (one pipeline serves concurrent requests). A
 * listener that throws is logged and skipped: it never changes a result, and the other listeners
 * still hear the event. With no listener registered no event is created.
 */
public interface RagListener {

  /**
   * A request starts.
   *
   * @param event the question, top-k and generator
   */
  default void onStarted(RagEvent.Started event) {}

  /**
   * A timed stage begins (to open a span).
   *
   * @param event the stage and attempt
   */
  default void onStageStarted(RagEvent.StageStarted event) {}

  /**
   * A timed stage ends (to close a span).
   *
   * @param event the stage, attempt and time taken
   */
  default void onStageFinished(RagEvent.StageFinished event) {}

  /**
   * Retrieval returned its hits.
   *
   * @param event the hits, best first
   */
  default void onRetrieved(RagEvent.Retrieved event) {}

  /**
   * Gate 1 decided.
   *
   * @param event passed, or why the request abstains
   */
  default void onGateDecided(RagEvent.GateDecided event) {}

  /**
   * A generation attempt was validated.
   *
   * @param event the attempt with its issues, tokens and verification cost
   */
  default void onAttemptFinished(RagEvent.AttemptFinished event) {}

  /**
   * The request ended.
   *
   * @param event the result with its trace
   */
  default void onCompleted(RagEvent.Completed event) {}

  /**
   * The request ended with an exception, which {@code ask} rethrows after this call.
   *
   * @param event the exception
   */
  default void onFailed(RagEvent.Failed event) {}
}
