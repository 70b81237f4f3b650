package dev.citerag.spring.boot;

import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.SearchIndex;
import java.util.List;
import java.util.Optional;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * Actuator health of citerag ({@code /actuator/health/citerag}): UP when the store answers and the
 * embedding identity it records (if any) matches the embedder's; DOWN with the differences when it
 * does not, or with the error when the store cannot be reached. Details: the embedding model, its
 * dimensions and the store's type; never a credential or a connection URL.
 */
final class CiteragHealthIndicator extends AbstractHealthIndicator {
  private final Embedder embedder;
  private final SearchIndex store;

  /**
   * A health indicator of this embedder and store.
   *
   * @param embedder the pipeline's embedder
   * @param store the pipeline's store
   */
  CiteragHealthIndicator(Embedder embedder, SearchIndex store) {
    super("citerag health check failed");
    this.embedder = embedder;
    this.store = store;
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    EmbedderIdentity e = embedder.identity();
    builder
        .withDetail("store", store.getClass().getSimpleName())
        .withDetail("embeddingModel", e.provider() + ":" + e.model())
        .withDetail("dimensions", e.dimensions());
    Optional<CollectionIdentity> recorded = store.identity();
    if (store.dimensions() != e.dimensions()) {
      builder
          .down()
          .withDetail(
              "identity",
              "store dimensions " + store.dimensions() + " vs embedder " + e.dimensions());
      return;
    }
    if (recorded.isEmpty()) {
      builder.up().withDetail("identity", "none recorded yet (empty collection)");
      return;
    }
    List<String> diff =
        recorded.get().differencesFrom(CollectionIdentity.of(e, recorded.get().chunkerSettings()));
    if (diff.isEmpty()) {
      builder.up().withDetail("identity", "matches");
    } else {
      builder.down().withDetail("identity", String.join("; ", diff));
    }
  }
}
