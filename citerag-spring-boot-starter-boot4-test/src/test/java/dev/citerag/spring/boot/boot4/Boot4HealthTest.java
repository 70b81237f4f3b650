package dev.citerag.spring.boot.boot4;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.StoreException;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.ChunkerSettings;
import dev.citerag.ingest.Ingestor;
import dev.citerag.spring.boot.CiteragAutoConfiguration;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.SearchHit;
import dev.citerag.store.SearchIndex;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The starter's health indicator through Boot 4.0's health API ({@code spring-boot-health}). */
class Boot4HealthTest {

  final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(CiteragAutoConfiguration.class));

  private static Health health(org.springframework.context.ApplicationContext ctx) {
    HealthIndicator indicator = ctx.getBean("citeragHealthIndicator", HealthIndicator.class);
    Health h = indicator.health(true);
    assertThat(h).isNotNull();
    return h;
  }

  @Test
  void the_store_is_up_and_its_recorded_identity_matches_the_embedder() {
    runner.run(
        ctx -> {
          assertThat(health(ctx).getStatus()).isEqualTo(Status.UP);
          assertThat(health(ctx).getDetails())
              .containsEntry("identity", "none recorded yet (empty collection)");
          ctx.getBean(Ingestor.class).ingest(OnBoot4Test.DOCS);
          Health h = health(ctx);
          assertThat(h.getStatus()).isEqualTo(Status.UP);
          assertThat(h.getDetails())
              .containsEntry("identity", "matches")
              .containsEntry("store", "InMemoryVectorStore")
              .containsEntry("dimensions", LocalHashingEmbedder.DEFAULT_DIMENSIONS);
        });
  }

  @Test
  void a_store_embedded_by_another_model_is_down_with_the_difference() {
    // empty at start-up; then another process fills it with another model's vectors
    InMemoryVectorStore shared = new InMemoryVectorStore(LocalHashingEmbedder.DEFAULT_DIMENSIONS);
    runner
        .withBean(SearchIndex.class, () -> shared)
        .run(
            ctx -> {
              assertThat(health(ctx).getStatus()).isEqualTo(Status.UP);
              shared.ensureIdentity(
                  CollectionIdentity.of(
                      new EmbedderIdentity(
                          "other",
                          "other-model",
                          null,
                          LocalHashingEmbedder.DEFAULT_DIMENSIONS,
                          null),
                      ChunkerSettings.DEFAULT.describe()));
              Health h = health(ctx);
              assertThat(h.getStatus()).isEqualTo(Status.DOWN);
              assertThat(String.valueOf(h.getDetails().get("identity"))).contains("other-model");
            });
  }

  @Test
  void a_store_that_cannot_be_reached_is_down() {
    FlakyIndex store = new FlakyIndex();
    runner
        .withBean(SearchIndex.class, () -> store)
        .run(
            ctx -> {
              assertThat(health(ctx).getStatus()).isEqualTo(Status.UP);
              store.down = true;
              Health h = health(ctx);
              assertThat(h.getStatus()).isEqualTo(Status.DOWN);
              assertThat(String.valueOf(h.getDetails().get("error")))
                  .contains("connection refused");
            });
  }

  /** An empty store whose connection can be cut. */
  static final class FlakyIndex implements SearchIndex {
    volatile boolean down;

    @Override
    public int dimensions() {
      return LocalHashingEmbedder.DEFAULT_DIMENSIONS;
    }

    @Override
    public Optional<CollectionIdentity> identity() {
      if (down) {
        throw new StoreException("connection refused", null);
      }
      return Optional.empty();
    }

    @Override
    public List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter) {
      return List.of();
    }

    @Override
    public List<SearchHit> lexicalSearch(String queryText, int k, Filter filter) {
      return List.of();
    }
  }
}
