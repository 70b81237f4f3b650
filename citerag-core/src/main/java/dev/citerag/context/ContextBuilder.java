package dev.citerag.context;

import dev.citerag.store.SearchHit;
import java.util.List;

/**
 * Chooses which retrieved chunks to send and renders the prompt. Implementations dedupe, keep the
 * best first, respect a token budget, label each source with a short non-sequential id, and render
 * sources as data, never as instructions. Thread-safe.
 */
public interface ContextBuilder {

  /**
   * Picks the sources for one question from its retrieval results and renders the prompt.
   *
   * @param question the user's question
   * @param hits retrieval results, best first
   * @return what to send; its {@code sources} may be empty when nothing fits
   */
  BuiltContext build(String question, List<SearchHit> hits);
}
