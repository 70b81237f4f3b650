package dev.citerag.spring.boot;

import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.SearchIndex;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What citerag's health indicators report, apart from Boot's health API (which moved between Boot
 * 3.5 and 4.0): UP when the store answers and the embedding identity it records (if any) matches
 * the embedder's; DOWN with the differences when it does not. A store that cannot be reached throws
 * and the indicator reports DOWN with the error. Details: the store's type, the embedding model and
 * its dimensions; never a credential or a connection URL.
 */
final class CiteragHealthCheck {
  private final Embedder embedder;
  private final SearchIndex store;

  /** The outcome: up or down, and the details to show. */
  record Result(boolean up, Map<String, Object> details) {
    Result {
      details = Map.copyOf(details);
    }
  }

  CiteragHealthCheck(Embedder embedder, SearchIndex store) {
    this.embedder = embedder;
    this.store = store;
  }

  /** Checks the store and the identities; throws when the store cannot be reached. */
  Result check() {
    EmbedderIdentity e = embedder.identity();
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("store", store.getClass().getSimpleName());
    details.put("embeddingModel", e.provider() + ":" + e.model());
    details.put("dimensions", e.dimensions());
    Optional<CollectionIdentity> recorded = store.identity();
    if (store.dimensions() != e.dimensions()) {
      details.put(
          "identity", "store dimensions " + store.dimensions() + " vs embedder " + e.dimensions());
      return new Result(false, details);
    }
    if (recorded.isEmpty()) {
      details.put("identity", "none recorded yet (empty collection)");
      return new Result(true, details);
    }
    List<String> diff =
        recorded.get().differencesFrom(CollectionIdentity.of(e, recorded.get().chunkerSettings()));
    details.put("identity", diff.isEmpty() ? "matches" : String.join("; ", diff));
    return new Result(diff.isEmpty(), details);
  }
}
