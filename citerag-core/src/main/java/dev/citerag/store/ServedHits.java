package dev.citerag.store;

import dev.citerag.internal.Checks;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The hits of one search and the server that answered it, for the trace: a store that spreads
 * searches over several servers (the PostgreSQL store with read replicas) names the one that ran
 * this search.
 *
 * @param hits the hits, best first
 * @param server the server that answered (e.g. {@code primary (db1:5432)} or {@code replica-1
 *     (db2:5432)}; never credentials), or {@code null} when the index does not say (one in-process
 *     index)
 */
public record ServedHits(List<SearchHit> hits, @Nullable String server) {

  /**
   * Copies the hits.
   *
   * @param hits the hits, best first
   * @param server the server that answered, or {@code null}
   * @throws IllegalArgumentException when {@code hits} is or holds null, or {@code server} is blank
   */
  public ServedHits {
    hits = List.copyOf(Checks.noNullElements(hits, "hits"));
    if (server != null) {
      Checks.notBlank(server, "server");
    }
  }
}
