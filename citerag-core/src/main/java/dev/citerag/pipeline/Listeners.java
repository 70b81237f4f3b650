package dev.citerag.pipeline;

import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The registered listeners of one pipeline, called so that none can change a result: an exception
 * from one is logged and the next one is still called.
 */
final class Listeners {
  private static final Logger log = LoggerFactory.getLogger(RagListener.class);

  static final Listeners NONE = new Listeners(List.of());

  private final RagListener[] all;

  Listeners(List<RagListener> listeners) {
    this.all = listeners.toArray(new RagListener[0]);
  }

  /** {@return whether any listener is registered; callers create no event otherwise} */
  boolean active() {
    return all.length > 0;
  }

  void emit(RagEvent event) {
    for (RagListener l : all) {
      try {
        dispatch(l, event);
      } catch (RuntimeException | LinkageError | AssertionError e) {
        log.warn(
            "citerag.listener: {} threw on {} (trace {}); the request goes on",
            l.getClass().getName(),
            event.getClass().getSimpleName(),
            event.traceId(),
            e);
      }
    }
  }

  private static void dispatch(RagListener l, RagEvent event) {
    if (event instanceof RagEvent.StageStarted e) {
      l.onStageStarted(e);
    } else if (event instanceof RagEvent.StageFinished e) {
      l.onStageFinished(e);
    } else if (event instanceof RagEvent.Retrieved e) {
      l.onRetrieved(e);
    } else if (event instanceof RagEvent.GateDecided e) {
      l.onGateDecided(e);
    } else if (event instanceof RagEvent.AttemptFinished e) {
      l.onAttemptFinished(e);
    } else if (event instanceof RagEvent.Completed e) {
      l.onCompleted(e);
    } else if (event instanceof RagEvent.Started e) {
      l.onStarted(e);
    } else if (event instanceof RagEvent.Failed e) {
      l.onFailed(e);
    }
  }
}
