package dev.citerag.ingest.internal;

/** Whether a chunk text fits the chunk budget (the token estimate and the embedder's own limit). */
@FunctionalInterface
public interface Budget {
  /**
   * Whether {@code text}, a whole chunk text with its attribution prefix, fits.
   *
   * @param text a whole chunk text, attribution prefix included
   */
  boolean fits(CharSequence text);
}
