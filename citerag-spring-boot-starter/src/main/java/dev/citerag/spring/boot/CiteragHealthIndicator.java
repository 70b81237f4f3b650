package dev.citerag.spring.boot;

import dev.citerag.embed.Embedder;
import dev.citerag.store.SearchIndex;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * Actuator health of citerag on Spring Boot 3.5 ({@code /actuator/health/citerag}): see {@link
 * CiteragHealthCheck} for what it reports. On Boot 4.0 {@link CiteragBoot4HealthIndicator} reports
 * the same through Boot 4's health API.
 */
final class CiteragHealthIndicator extends AbstractHealthIndicator {
  private final CiteragHealthCheck check;

  /**
   * A health indicator of this embedder and store.
   *
   * @param embedder the pipeline's embedder
   * @param store the pipeline's store
   */
  CiteragHealthIndicator(Embedder embedder, SearchIndex store) {
    super("citerag health check failed");
    this.check = new CiteragHealthCheck(embedder, store);
  }

  @Override
  protected void doHealthCheck(Health.Builder builder) {
    CiteragHealthCheck.Result r = check.check();
    (r.up() ? builder.up() : builder.down()).withDetails(r.details());
  }
}
