package dev.citerag.pipeline;

import dev.citerag.internal.Checks;
import dev.citerag.store.SearchHit;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link RagListener} is told about one request, in the order it happens. Every event
 * carries the request's trace id (the one its {@link Trace} records) and the time since the request
 * started.
 */
public sealed interface RagEvent
    permits RagEvent.Started,
        RagEvent.StageStarted,
        RagEvent.StageFinished,
        RagEvent.Retrieved,
        RagEvent.GateDecided,
        RagEvent.AttemptFinished,
        RagEvent.Completed,
        RagEvent.Failed {

  /** {@return the request's trace id, 32 lowercase hex digits} */
  String traceId();

  /** {@return the time from the start of the request to this event} */
  Duration elapsed();

  /**
   * A request passed its argument checks and starts.
   *
   * @param traceId the request's trace id
   * @param elapsed zero
   * @param question the question asked (user data: keep it out of metric tags)
   * @param topK the chunks retrieval returns at most
   * @param generator the generator's name, e.g. {@code extractive}
   */
  record Started(String traceId, Duration elapsed, String question, int topK, String generator)
      implements RagEvent {}

  /**
   * A timed stage begins. Each is followed by a {@link StageFinished} of the same stage and
   * attempt, unless the embedder or the store throws.
   *
   * @param traceId the request's trace id
   * @param elapsed time since the request started
   * @param stage {@link Stage#EMBED}, {@link Stage#RETRIEVE}, {@link Stage#CONTEXT}, {@link
   *     Stage#GENERATE} or {@link Stage#VALIDATE}
   * @param attempt the generation attempt (1-based) for generate and validate, 0 otherwise
   */
  record StageStarted(String traceId, Duration elapsed, Stage stage, int attempt)
      implements RagEvent {}

  /**
   * A timed stage ends.
   *
   * @param traceId the request's trace id
   * @param elapsed time since the request started
   * @param stage the stage that ended
   * @param attempt the generation attempt (1-based) for generate and validate, 0 otherwise
   * @param took how long the stage took
   * @param failed whether it ended with a provider failure (a model or embedder call that failed
   *     after its retries)
   */
  record StageFinished(
      String traceId, Duration elapsed, Stage stage, int attempt, Duration took, boolean failed)
      implements RagEvent {}

  /**
   * Retrieval returned its hits.
   *
   * @param traceId the request's trace id
   * @param elapsed time since the request started
   * @param hits every hit, best first (empty when nothing matched)
   */
  record Retrieved(String traceId, Duration elapsed, List<SearchHit> hits) implements RagEvent {
    /**
     * Copies the hits.
     *
     * @param traceId the request's trace id
     * @param elapsed time since the request started
     * @param hits every hit, best first
     * @throws IllegalArgumentException when {@code hits} is or holds null
     */
    public Retrieved {
      hits = List.copyOf(Checks.noNullElements(hits, "hits"));
    }

    /** {@return the best absolute cosine among the hits, empty when none carries one} */
    public OptionalDouble bestCosine() {
      return hits.stream().filter(h -> h.cosine() != null).mapToDouble(SearchHit::cosine).max();
    }
  }

  /**
   * Gate 1 decided whether the model is called.
   *
   * @param traceId the request's trace id
   * @param elapsed time since the request started
   * @param reason why the request abstains, or {@code null} when it passed the gate
   * @param took how long the decision took
   */
  record GateDecided(
      String traceId, Duration elapsed, @Nullable AbstainReason reason, Duration took)
      implements RagEvent {
    /** {@return whether the request passed the gate: the model will be called} */
    public boolean passed() {
      return reason == null;
    }
  }

  /**
   * One generation attempt was made and its reply parsed and validated (or the reply was cut off or
   * blocked, then with no issues).
   *
   * @param traceId the request's trace id
   * @param elapsed time since the request started
   * @param attempt the attempt as traced: its number, tokens, model, validation issues, generation
   *     time and what support verification (a judge model) cost
   */
  record AttemptFinished(String traceId, Duration elapsed, Attempt attempt) implements RagEvent {}

  /**
   * The request ended; {@code result} is what {@link RagPipeline#ask} returns.
   *
   * @param traceId the request's trace id
   * @param elapsed the whole request's time
   * @param result the outcome, with its full trace
   */
  record Completed(String traceId, Duration elapsed, RagResult result) implements RagEvent {}

  /**
   * The request ended with an exception instead of a result: {@link RagPipeline#ask} rethrows
   * {@code error} (the store failed, or the store's embedding identity changed).
   *
   * @param traceId the request's trace id
   * @param elapsed the whole request's time
   * @param error what {@code ask} throws
   */
  record Failed(String traceId, Duration elapsed, RuntimeException error) implements RagEvent {}
}
