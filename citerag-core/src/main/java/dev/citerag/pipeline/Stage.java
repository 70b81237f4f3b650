package dev.citerag.pipeline;

import java.util.Locale;

/** The timed stages of a request. */
public enum Stage {
  EMBED,
  RETRIEVE,
  CONTEXT,
  GENERATE,
  VALIDATE,
  TOTAL;

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}
