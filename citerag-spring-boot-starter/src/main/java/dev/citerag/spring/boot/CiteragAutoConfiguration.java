package dev.citerag.spring.boot;

import dev.citerag.answer.CitationValidator;
import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.LexicalSupportVerifier;
import dev.citerag.answer.ModelSupportVerifier;
import dev.citerag.answer.SupportVerifier;
import dev.citerag.anthropic.AnthropicChatModel;
import dev.citerag.chat.ChatModel;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.extractive.ExtractiveGenerator;
import dev.citerag.gemini.GeminiChatModel;
import dev.citerag.ingest.Ingestor;
import dev.citerag.micrometer.MicrometerRagListener;
import dev.citerag.ollama.OllamaChatModel;
import dev.citerag.openai.OpenAiChatModel;
import dev.citerag.pgvector.PgVectorStore;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagListener;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.SearchIndex;
import dev.citerag.store.VectorStore;
import dev.citerag.verify.RuleSupportVerifier;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.util.Locale;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Auto-configures a {@link RagPipeline} from {@code citerag.*} properties ({@link
 * CiteragProperties}): an {@link Embedder}, a store ({@code memory}, or {@code pgvector} over the
 * application's {@code DataSource}), an {@link AnswerGenerator} ({@code extractive}, {@code
 * openai}, {@code gemini}, {@code ollama} or {@code anthropic}), a {@link CitationValidator}
 * (citerag-verify's support rules when that module is on the class path, a judge model behind them
 * when {@code citerag.judge.provider} is set), an {@link Ingestor}, the pipeline with every {@link
 * RagListener} bean registered on it, Micrometer meters and observations when the application has a
 * {@code MeterRegistry}, and an Actuator health indicator. Every bean backs off when the
 * application declares its own of the same type.
 *
 * <pre>
 * citerag.generator.provider=openai
 * citerag.generator.model=gpt-4.1-mini
 * citerag.store.type=pgvector
 * citerag.min-similarity=0.3
 * </pre>
 */
@AutoConfiguration(
    afterName = {
      // Boot 3.5 and Boot 4.0 names of the auto-configurations whose beans this one uses
      "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
      "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.metrics.export.simple.SimpleMetricsExportAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration",
      "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration"
    })
@EnableConfigurationProperties(CiteragProperties.class)
public class CiteragAutoConfiguration {

  /** Created by Spring. */
  public CiteragAutoConfiguration() {}

  /**
   * The embedder of {@code citerag.embedder.provider}.
   *
   * @param p the properties
   * @return the embedder
   * @throws IllegalStateException when the provider is not {@code local}
   */
  @Bean
  @ConditionalOnMissingBean
  public Embedder citeragEmbedder(CiteragProperties p) {
    if (!p.embedder().provider().equals("local")) {
      throw new IllegalStateException(
          "citerag.embedder.provider must be \"local\", was \""
              + p.embedder().provider()
              + "\"; for another embedder declare an Embedder bean");
    }
    return new LocalHashingEmbedder(p.embedder().dimensions());
  }

  /**
   * The pipeline, with every {@link RagListener} bean and the application's {@link
   * CitationValidator} bean, if any.
   *
   * @param p the properties
   * @param embedder the embedder
   * @param store the store
   * @param generator the generator
   * @param listeners every listener bean, in order
   * @param validator the application's validator, if it declares one
   * @return the pipeline
   */
  @Bean
  @ConditionalOnMissingBean
  public RagPipeline citeragPipeline(
      CiteragProperties p,
      Embedder embedder,
      SearchIndex store,
      AnswerGenerator generator,
      ObjectProvider<RagListener> listeners,
      ObjectProvider<CitationValidator> validator) {
    RagPipeline.Builder b =
        RagPipeline.builder()
            .embedder(embedder)
            .store(store)
            .generator(generator)
            .topK(p.topK())
            .maxRetries(p.maxRetries())
            .minSimilarity(p.minSimilarity())
            .requireLexicalMatch(p.requireLexicalMatch())
            .deadline(p.deadline())
            .tokenBudget(p.tokenBudget());
    listeners.orderedStream().forEach(b::listener);
    validator.ifAvailable(b::validator);
    return b.build();
  }

  /**
   * The validator: core's citation checks with the {@link SupportVerifier} bean (citerag-verify's
   * {@code RuleSupportVerifier} when that module is on the class path, else core's lexical check),
   * and with the judge of {@code citerag.judge.*} behind it when one is set.
   *
   * @param p the properties
   * @param rules the support verifier
   * @param context the application context (its class loader has the provider modules)
   * @return the validator
   * @throws IllegalStateException when the judge's provider is unknown or not on the class path
   */
  @Bean
  @ConditionalOnMissingBean
  public CitationValidator citeragValidator(
      CiteragProperties p, SupportVerifier rules, ApplicationContext context) {
    CiteragProperties.Judge j = p.judge();
    if (j.provider().equals("none")) {
      return DefaultCitationValidator.withSupportVerifier(rules);
    }
    ChatModel judge = CiteragJudges.model(j, p.ollama(), context.getClassLoader());
    ModelSupportVerifier.Style style =
        judge.name().toLowerCase(Locale.ROOT).contains("minicheck")
            ? ModelSupportVerifier.Style.MINICHECK
            : ModelSupportVerifier.Style.JSON_SCHEMA;
    return DefaultCitationValidator.withSupportVerifier(
        SupportVerifier.rulesThenJudge(
            rules, ModelSupportVerifier.builder(judge).style(style).build()));
  }

  /** citerag-verify's deterministic support rules, when that module is on the class path. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "dev.citerag.verify.RuleSupportVerifier")
  static class RuleSupport {
    @Bean
    @ConditionalOnMissingBean
    SupportVerifier citeragSupportVerifier() {
      return RuleSupportVerifier.builder().build();
    }
  }

  /** Without citerag-verify: core's lexical support check. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnMissingClass("dev.citerag.verify.RuleSupportVerifier")
  static class LexicalSupport {
    @Bean
    @ConditionalOnMissingBean
    SupportVerifier citeragSupportVerifier() {
      return new LexicalSupportVerifier();
    }
  }

  /**
   * Writes documents into the store.
   *
   * @param embedder the embedder
   * @param store the store
   * @return the ingestor
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(VectorStore.class)
  public Ingestor citeragIngestor(Embedder embedder, VectorStore store) {
    return Ingestor.builder().embedder(embedder).store(store).build();
  }

  /** {@code citerag.store.type=memory} (the default): an in-memory store. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(name = "citerag.store.type", havingValue = "memory", matchIfMissing = true)
  static class MemoryStore {
    @Bean
    @ConditionalOnMissingBean(SearchIndex.class)
    InMemoryVectorStore citeragStore(Embedder embedder) {
      return new InMemoryVectorStore(embedder.identity().dimensions());
    }
  }

  /** {@code citerag.store.type=pgvector}: a pgvector store over the application's DataSource. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "dev.citerag.pgvector.PgVectorStore")
  @ConditionalOnProperty(name = "citerag.store.type", havingValue = "pgvector")
  static class PgvectorStore {
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(SearchIndex.class)
    PgVectorStore citeragStore(
        CiteragProperties p, Embedder embedder, ObjectProvider<DataSource> dataSource) {
      DataSource ds = dataSource.getIfAvailable();
      if (ds == null) {
        throw new IllegalStateException(
            "citerag.store.type=pgvector needs a DataSource bean (spring.datasource.*)");
      }
      return PgVectorStore.builder()
          .dataSource(ds)
          .collection(p.store().collection())
          .dimensions(embedder.identity().dimensions())
          .createSchema(p.store().createSchema())
          .build();
    }
  }

  /** {@code citerag.generator.provider=extractive} (the default): no model. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(
      name = "citerag.generator.provider",
      havingValue = "extractive",
      matchIfMissing = true)
  static class Extractive {
    @Bean
    @ConditionalOnMissingBean
    AnswerGenerator citeragGenerator() {
      return new ExtractiveGenerator();
    }
  }

  /**
   * Hands {@code value} to a builder's setter when the property is set; leaves the default else.
   */
  static void whenSet(@Nullable String value, Consumer<String> setter) {
    if (value != null) {
      setter.accept(value);
    }
  }

  /** {@code citerag.generator.provider=openai}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "dev.citerag.openai.OpenAiChatModel")
  @ConditionalOnProperty(name = "citerag.generator.provider", havingValue = "openai")
  static class OpenAi {
    @Bean
    @ConditionalOnMissingBean
    AnswerGenerator citeragGenerator(CiteragProperties p) {
      OpenAiChatModel.Builder b = OpenAiChatModel.builder();
      CiteragProperties.Generator g = p.generator();
      whenSet(g.model(), b::model);
      whenSet(g.apiKey(), b::apiKey);
      whenSet(g.baseUrl(), b::baseUrl);
      return AnswerGenerator.of(b.build());
    }
  }

  /** {@code citerag.generator.provider=gemini}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "dev.citerag.gemini.GeminiChatModel")
  @ConditionalOnProperty(name = "citerag.generator.provider", havingValue = "gemini")
  static class Gemini {
    @Bean
    @ConditionalOnMissingBean
    AnswerGenerator citeragGenerator(CiteragProperties p) {
      GeminiChatModel.Builder b = GeminiChatModel.builder();
      CiteragProperties.Generator g = p.generator();
      whenSet(g.model(), b::model);
      whenSet(g.apiKey(), b::apiKey);
      whenSet(g.baseUrl(), b::baseUrl);
      return AnswerGenerator.of(b.build());
    }
  }

  /** {@code citerag.generator.provider=ollama}, at {@code citerag.ollama.base-url}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "dev.citerag.ollama.OllamaChatModel")
  @ConditionalOnProperty(name = "citerag.generator.provider", havingValue = "ollama")
  static class OllamaGenerator {
    @Bean
    @ConditionalOnMissingBean
    AnswerGenerator citeragGenerator(CiteragProperties p) {
      OllamaChatModel.Builder b = OllamaChatModel.builder();
      CiteragProperties.Generator g = p.generator();
      whenSet(g.model(), b::model);
      whenSet(g.baseUrl() != null ? g.baseUrl() : p.ollama().baseUrl(), b::baseUrl);
      return AnswerGenerator.of(b.build());
    }
  }

  /** {@code citerag.generator.provider=anthropic}: Claude's native citations, re-verified. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "dev.citerag.anthropic.AnthropicChatModel")
  @ConditionalOnProperty(name = "citerag.generator.provider", havingValue = "anthropic")
  static class AnthropicGenerator {
    @Bean
    @ConditionalOnMissingBean
    AnswerGenerator citeragGenerator(CiteragProperties p) {
      AnthropicChatModel.Builder b = AnthropicChatModel.builder();
      CiteragProperties.Generator g = p.generator();
      whenSet(g.model(), b::model);
      whenSet(g.apiKey(), b::apiKey);
      whenSet(g.baseUrl(), b::baseUrl);
      return b.build().answerGenerator();
    }
  }

  /** Meters and observations, when the application has a {@code MeterRegistry}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(
      name = {
        "dev.citerag.micrometer.MicrometerRagListener",
        "io.micrometer.core.instrument.MeterRegistry"
      })
  @ConditionalOnBean(type = "io.micrometer.core.instrument.MeterRegistry")
  static class Metrics {
    @Bean
    @ConditionalOnMissingBean
    MicrometerRagListener citeragMetrics(
        MeterRegistry meters, ObjectProvider<ObservationRegistry> observations) {
      return MicrometerRagListener.of(
          meters, observations.getIfAvailable(() -> ObservationRegistry.NOOP));
    }
  }

  /** The Actuator health indicator (Boot 3.5's Actuator API). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.actuate.health.AbstractHealthIndicator")
  static class Health {
    @Bean
    @ConditionalOnMissingBean(name = "citeragHealthIndicator")
    CiteragHealthIndicator citeragHealthIndicator(Embedder embedder, SearchIndex store) {
      return new CiteragHealthIndicator(embedder, store);
    }
  }

  /** The Actuator health indicator on Boot 4.0, whose health API is {@code spring-boot-health}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.health.contributor.AbstractHealthIndicator")
  @ConditionalOnMissingClass("org.springframework.boot.actuate.health.AbstractHealthIndicator")
  static class Boot4Health {
    @Bean
    @ConditionalOnMissingBean(name = "citeragHealthIndicator")
    CiteragBoot4HealthIndicator citeragHealthIndicator(Embedder embedder, SearchIndex store) {
      return new CiteragBoot4HealthIndicator(embedder, store);
    }
  }
}
