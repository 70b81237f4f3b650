package dev.citerag.spring.boot.boot4;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.embed.Embedder;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.extractive.ExtractiveGenerator;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.micrometer.MicrometerRagListener;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.spring.boot.CiteragAutoConfiguration;
import dev.citerag.spring.boot.CiteragProperties;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.SearchIndex;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The starter's conditions on Spring Boot 4.0: the same behaviour as on 3.5 (health: {@code
 * Boot4HealthTest}).
 */
class OnBoot4Test {

  static final List<Document> DOCS =
      List.of(
          Document.markdown(
              "deploys.md",
              "# Deploys\n\nA rollback finishes within 5 minutes for most services.\n"));

  final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(CiteragAutoConfiguration.class));

  @Test
  void runs_on_boot_4() {
    assertThat(SpringBootVersion.getVersion()).startsWith("4.0.");
  }

  @Test
  void the_default_pipeline_answers() {
    runner.run(
        ctx -> {
          assertThat(ctx).hasSingleBean(RagPipeline.class).hasSingleBean(InMemoryVectorStore.class);
          assertThat(ctx.getBean(AnswerGenerator.class)).isInstanceOf(ExtractiveGenerator.class);
          ctx.getBean(Ingestor.class).ingest(DOCS);
          RagResult r = ctx.getBean(RagPipeline.class).ask("How long does a rollback take?");
          assertThat(r).isInstanceOf(RagResult.Answered.class);
        });
  }

  @Test
  void properties_bind_and_a_bad_one_stops_start_up() {
    runner
        .withPropertyValues("citerag.top-k=5", "citerag.embedder.dimensions=128")
        .run(
            ctx -> {
              assertThat(ctx.getBean(RagPipeline.class).toString()).contains("topK=5");
              assertThat(ctx.getBean(SearchIndex.class).dimensions()).isEqualTo(128);
            });
    runner
        .withPropertyValues("citerag.top-k=0")
        .run(
            ctx ->
                assertThat(ctx)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("topK must be between 1 and 100"));
  }

  @Test
  void beans_back_off_and_the_key_stays_masked() {
    LocalHashingEmbedder mine = new LocalHashingEmbedder(64);
    runner
        .withBean(Embedder.class, () -> mine)
        .withPropertyValues(
            "citerag.generator.provider=openai",
            "citerag.generator.api-key=sk-secret-123",
            "citerag.generator.base-url=http://127.0.0.1:9/v1")
        .run(
            ctx -> {
              assertThat(ctx.getBean(Embedder.class)).isSameAs(mine);
              assertThat(ctx.getBean(CiteragProperties.class).toString())
                  .doesNotContain("sk-secret-123");
            });
  }

  @Test
  void metrics_bind_to_the_applications_registry() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    runner
        .withBean(MeterRegistry.class, () -> registry)
        .run(
            ctx -> {
              assertThat(ctx).hasSingleBean(MicrometerRagListener.class);
              ctx.getBean(Ingestor.class).ingest(DOCS);
              ctx.getBean(RagPipeline.class).ask("How long does a rollback take?");
              assertThat(registry.get(MicrometerRagListener.REQUESTS).timer().count()).isEqualTo(1);
            });
  }
}
