package dev.citerag.spring.boot;

import dev.citerag.embed.Embedder;
import dev.citerag.store.SearchIndex;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Actuator health of citerag on Spring Boot 4.0 ({@code /actuator/health/citerag}), through Boot
 * 4's health API (module {@code spring-boot-health}): see {@link CiteragHealthCheck} for what it
 * reports. On Boot 3.5 {@link CiteragHealthIndicator} reports the same.
 */
final class CiteragBoot4HealthIndicator extends AbstractHealthIndicator {
  private final CiteragHealthCheck check;

  /**
   * A health indicator of this embedder and store.
   *
   * @param embedder the pipeline's embedder
   * @param store the pipeline's store
   */
  CiteragBoot4HealthIndicator(Embedder embedder, SearchIndex store) {
    super("citerag health check failed");
    this.check = new CiteragHealthCheck(embedder, store);
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    CiteragHealthCheck.Result r = check.check();
    (r.up() ? builder.up() : builder.down()).withDetails(r.details());
  }
}
