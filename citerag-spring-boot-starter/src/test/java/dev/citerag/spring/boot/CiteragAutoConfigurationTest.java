package dev.citerag.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.extractive.ExtractiveGenerator;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.micrometer.MicrometerRagListener;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.SearchIndex;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class CiteragAutoConfigurationTest {

  static final List<Document> DOCS =
      List.of(
          Document.markdown(
              "deploys.md",
              "# Deploys\n\nA rollback finishes within 5 minutes for most services."
                  + " Production deploys are allowed Monday to Thursday.\n"));

  final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(CiteragAutoConfiguration.class));

  @Test
  void defaults_to_an_extractive_pipeline_over_an_in_memory_store_that_answers() {
    runner.run(
        ctx -> {
          assertThat(ctx)
              .hasSingleBean(RagPipeline.class)
              .hasSingleBean(InMemoryVectorStore.class)
              .hasSingleBean(Ingestor.class)
              .hasSingleBean(CiteragHealthIndicator.class)
              .doesNotHaveBean(MicrometerRagListener.class);
          assertThat(ctx.getBean(AnswerGenerator.class)).isInstanceOf(ExtractiveGenerator.class);
          ctx.getBean(Ingestor.class).ingest(DOCS);
          RagResult r = ctx.getBean(RagPipeline.class).ask("How long does a rollback take?");
          assertThat(r).isInstanceOf(RagResult.Answered.class);
          assertThat(r.trace().topK()).isEqualTo(8);
        });
  }

  @Test
  void properties_reach_the_pipeline() {
    runner
        .withPropertyValues(
            "citerag.top-k=5",
            "citerag.max-retries=2",
            "citerag.min-similarity=0.2",
            "citerag.require-lexical-match=false",
            "citerag.deadline=5s",
            "citerag.embedder.dimensions=128")
        .run(
            ctx -> {
              RagPipeline rag = ctx.getBean(RagPipeline.class);
              assertThat(rag.toString())
                  .contains(
                      "topK=5", "maxRetries=2", "minSimilarity=0.2", "requireLexicalMatch=false");
              assertThat(ctx.getBean(SearchIndex.class).dimensions()).isEqualTo(128);
            });
  }

  @Test
  void a_bad_property_stops_start_up_with_a_message_naming_the_field() {
    runner
        .withPropertyValues("citerag.top-k=0")
        .run(
            ctx ->
                assertThat(ctx)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("topK must be between 1 and 100"));
    runner
        .withPropertyValues("citerag.embedder.provider=word2vec")
        .run(
            ctx ->
                assertThat(ctx)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("citerag.embedder.provider must be \"local\""));
    runner
        .withPropertyValues("citerag.store.type=pgvector")
        .run(
            ctx ->
                assertThat(ctx)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("needs a DataSource bean"));
  }

  @Test
  void every_bean_backs_off_for_the_applications_own() {
    LocalHashingEmbedder mine = new LocalHashingEmbedder(64);
    AnswerGenerator generator = new ExtractiveGenerator();
    runner
        .withBean(Embedder.class, () -> mine)
        .withBean(AnswerGenerator.class, () -> generator)
        .run(
            ctx -> {
              assertThat(ctx.getBean(Embedder.class)).isSameAs(mine);
              assertThat(ctx.getBean(AnswerGenerator.class)).isSameAs(generator);
              assertThat(ctx.getBean(SearchIndex.class).dimensions()).isEqualTo(64);
            });
    InMemoryVectorStore store = new InMemoryVectorStore(384);
    runner
        .withBean(InMemoryVectorStore.class, () -> store)
        .run(ctx -> assertThat(ctx.getBean(SearchIndex.class)).isSameAs(store));
  }

  @Test
  void a_chat_provider_is_built_from_its_properties_and_the_key_stays_out_of_to_string() {
    runner
        .withPropertyValues(
            "citerag.generator.provider=openai",
            "citerag.generator.model=gpt-test",
            "citerag.generator.api-key=sk-secret-123",
            "citerag.generator.base-url=http://127.0.0.1:9/v1")
        .run(
            ctx -> {
              assertThat(ctx.getBean(AnswerGenerator.class).name()).contains("gpt-test");
              CiteragProperties p = ctx.getBean(CiteragProperties.class);
              assertThat(p.toString()).doesNotContain("sk-secret-123").contains("******");
              assertThat(ctx.getBean(RagPipeline.class).toString()).doesNotContain("sk-secret-123");
            });
  }

  @Test
  void metrics_are_bound_to_the_applications_meter_registry() {
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

  @Test
  void without_micrometer_on_the_class_path_there_is_no_metrics_listener() {
    runner
        .withClassLoader(new FilteredClassLoader("dev.citerag.micrometer"))
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
        .run(
            ctx -> {
              assertThat(ctx).hasSingleBean(RagPipeline.class);
              assertThat(ctx).doesNotHaveBean("citeragMetrics");
            });
  }

  @Test
  void health_is_up_when_the_identity_matches_and_down_naming_the_difference() {
    runner.run(
        ctx -> {
          ctx.getBean(Ingestor.class).ingest(DOCS);
          assertThat(ctx.getBean(CiteragHealthIndicator.class).health().getStatus())
              .isEqualTo(Status.UP);
        });
    // the collection is (re)written by another model of the same dimensions after start-up
    runner.run(
        ctx -> {
          InMemoryVectorStore store = ctx.getBean(InMemoryVectorStore.class);
          Ingestor.builder()
              .embedder(new Renamed(new LocalHashingEmbedder()))
              .store(store)
              .build()
              .ingest(DOCS);
          var health = ctx.getBean(CiteragHealthIndicator.class).health();
          assertThat(health.getStatus()).isEqualTo(Status.DOWN);
          assertThat(health.getDetails().get("identity").toString())
              .contains("embeddingModel: stored another-model");
        });
  }

  /** The local embedder under another model name. */
  record Renamed(LocalHashingEmbedder inner) implements Embedder {
    @Override
    public List<float[]> embedDocuments(List<DocumentText> documents) {
      return inner.embedDocuments(documents);
    }

    @Override
    public float[] embedQuery(String query) {
      return inner.embedQuery(query);
    }

    @Override
    public EmbedderIdentity identity() {
      EmbedderIdentity i = inner.identity();
      return new EmbedderIdentity(i.provider(), "another-model", null, i.dimensions(), null);
    }
  }
}
