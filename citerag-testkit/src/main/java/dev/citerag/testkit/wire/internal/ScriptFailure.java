package dev.citerag.testkit.wire.internal;

import dev.citerag.testkit.fakes.SentSources;
import org.jspecify.annotations.Nullable;

/**
 * A wire fake could not apply its script to a request; carries the request's sources for the
 * record.
 */
public final class ScriptFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final transient SentSources sources;

  public ScriptFailure(@Nullable String message, SentSources sources) {
    super(message);
    this.sources = sources;
  }

  public SentSources sources() {
    return sources;
  }
}
