package dev.citerag.pipeline.internal;

import dev.citerag.IdentityMismatchException;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.SearchIndex;
import java.util.List;
import java.util.Optional;

/**
 * Keeps a pipeline from searching an index embedded by another model: vectors of two models of the
 * same dimensions compare without error and return nonsense. The dimensions and a recorded identity
 * are checked when the pipeline is built; an index that recorded no identity yet (an empty
 * collection) is checked again before every search until it has one, so a collection first ingested
 * after the pipeline was built is verified too. Once verified, an index is not asked again (a
 * recorded identity never changes: a store refuses a different one). Thread-safe.
 */
public final class IdentityGuard {
  private final SearchIndex index;
  private final EmbedderIdentity embedder;
  private volatile boolean verified;

  /**
   * Checks {@code index} against {@code embedder} at once.
   *
   * @throws IllegalStateException when their dimensions differ
   * @throws IdentityMismatchException when the index records another embedding identity
   */
  public IdentityGuard(SearchIndex index, EmbedderIdentity embedder) {
    this.index = index;
    this.embedder = embedder;
    if (embedder.dimensions() != index.dimensions()) {
      throw new IllegalStateException(
          "embedder dimensions ("
              + embedder.dimensions()
              + ") must equal store dimensions ("
              + index.dimensions()
              + ")");
    }
    this.verified = check();
  }

  /**
   * Before a search: checks an index that had no recorded identity when last asked.
   *
   * @throws IdentityMismatchException when the index now records another embedding identity
   */
  public void beforeSearch() {
    if (!verified) {
      verified = check();
    }
  }

  /** Whether the index recorded an identity and it matched (false while it records none). */
  public boolean verified() {
    return verified;
  }

  private boolean check() {
    Optional<CollectionIdentity> recorded = index.identity();
    if (recorded.isEmpty()) {
      return false;
    }
    CollectionIdentity r = recorded.get();
    List<String> differences = r.embeddingDifferencesFrom(embedder);
    if (!differences.isEmpty()) {
      throw new IdentityMismatchException(
          "the store's recorded embedding identity does not match the embedder: it was embedded"
              + " with "
              + r.embeddingProvider()
              + ":"
              + r.embeddingModel()
              + ", the pipeline's embedder is "
              + embedder.provider()
              + ":"
              + embedder.model()
              + " ("
              + String.join("; ", differences)
              + "): search it with the embedder it was built with, or re-ingest it with this one");
    }
    return true;
  }
}
