package dev.citerag.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.CitationValidator;
import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.LexicalSupportVerifier;
import dev.citerag.answer.ModelSupportVerifier;
import dev.citerag.answer.SupportVerifier;
import dev.citerag.answer.TieredSupportVerifier;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.verify.RuleSupportVerifier;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The starter's generators (Ollama, Anthropic), its support rules and its judge. */
class CiteragProvidersAndRulesTest {

  final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(CiteragAutoConfiguration.class));

  private static SupportVerifier support(CitationValidator v) {
    assertThat(v).isInstanceOf(DefaultCitationValidator.class);
    return ((DefaultCitationValidator) v).supportVerifier();
  }

  @Test
  void with_citerag_verify_on_the_class_path_the_rules_check_support() {
    runner.run(
        ctx -> {
          assertThat(support(ctx.getBean(CitationValidator.class)))
              .isInstanceOf(RuleSupportVerifier.class)
              .isSameAs(ctx.getBean(SupportVerifier.class));
          ctx.getBean(Ingestor.class).ingest(CiteragAutoConfigurationTest.DOCS);
          RagResult r = ctx.getBean(RagPipeline.class).ask("How long does a rollback take?");
          assertThat(r.trace().verificationIdentity().validatorRules())
              .contains("support=RuleSupportVerifier");
        });
  }

  @Test
  void without_citerag_verify_core_checks_support_lexically() {
    runner
        .withClassLoader(new FilteredClassLoader("dev.citerag.verify"))
        .run(
            ctx ->
                assertThat(support(ctx.getBean(CitationValidator.class)))
                    .isInstanceOf(LexicalSupportVerifier.class));
  }

  @Test
  void the_applications_support_verifier_and_validator_replace_the_defaults() {
    LexicalSupportVerifier mine = new LexicalSupportVerifier(0.9);
    runner
        .withBean(SupportVerifier.class, () -> mine)
        .run(ctx -> assertThat(support(ctx.getBean(CitationValidator.class))).isSameAs(mine));
    DefaultCitationValidator strict = new DefaultCitationValidator(8, 2);
    runner
        .withBean(CitationValidator.class, () -> strict)
        .run(
            ctx -> {
              assertThat(ctx.getBean(CitationValidator.class)).isSameAs(strict);
              ctx.getBean(Ingestor.class).ingest(CiteragAutoConfigurationTest.DOCS);
              RagResult r = ctx.getBean(RagPipeline.class).ask("How long does a rollback take?");
              assertThat(r.trace().verificationIdentity().validatorRules())
                  .isEqualTo(strict.rulesVersion());
            });
  }

  @Test
  void an_ollama_generator_is_built_from_its_properties() {
    runner
        .withPropertyValues(
            "citerag.generator.provider=ollama",
            "citerag.generator.model=qwen-test",
            "citerag.ollama.base-url=http://127.0.0.1:9")
        .run(ctx -> assertThat(ctx.getBean(AnswerGenerator.class).name()).contains("qwen-test"));
  }

  @Test
  void an_ollama_minicheck_judge_is_asked_in_minicheck_style_behind_the_rules() {
    runner
        .withPropertyValues(
            "citerag.judge.provider=ollama",
            "citerag.judge.model=bespoke-minicheck",
            "citerag.ollama.base-url=http://127.0.0.1:9")
        .run(
            ctx -> {
              SupportVerifier s = support(ctx.getBean(CitationValidator.class));
              assertThat(s).isInstanceOf(TieredSupportVerifier.class);
              TieredSupportVerifier tiered = (TieredSupportVerifier) s;
              assertThat(tiered.rules()).isInstanceOf(RuleSupportVerifier.class);
              ModelSupportVerifier judge = (ModelSupportVerifier) tiered.judge();
              assertThat(judge.style()).isEqualTo(ModelSupportVerifier.Style.MINICHECK);
              assertThat(judge.judgeName()).contains("bespoke-minicheck");
            });
    runner
        .withPropertyValues(
            "citerag.judge.provider=openai",
            "citerag.judge.model=gpt-judge",
            "citerag.judge.api-key=sk-judge-secret",
            "citerag.judge.base-url=http://127.0.0.1:9/v1")
        .run(
            ctx -> {
              TieredSupportVerifier tiered =
                  (TieredSupportVerifier) support(ctx.getBean(CitationValidator.class));
              assertThat(((ModelSupportVerifier) tiered.judge()).style())
                  .isEqualTo(ModelSupportVerifier.Style.JSON_SCHEMA);
              assertThat(ctx.getBean(CiteragProperties.class).toString())
                  .doesNotContain("sk-judge-secret");
              assertThat(tiered.toString()).doesNotContain("sk-judge-secret");
            });
  }

  @Test
  void a_judge_whose_module_is_missing_or_unknown_stops_start_up_naming_the_property() {
    runner
        .withClassLoader(new FilteredClassLoader("dev.citerag.ollama"))
        .withPropertyValues("citerag.judge.provider=ollama")
        .run(
            ctx ->
                assertThat(ctx)
                    .getFailure()
                    .rootCause()
                    .hasMessage(
                        "citerag.judge.provider=ollama needs the module citerag-ollama on the"
                            + " class path"));
    runner
        .withPropertyValues("citerag.judge.provider=oracle")
        .run(
            ctx ->
                assertThat(ctx)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining(
                        "citerag.judge.provider must be none, ollama, openai, gemini or"
                            + " anthropic, was \"oracle\""));
  }

  @Test
  void an_anthropic_generator_is_built_and_its_key_stays_masked() {
    runner
        .withPropertyValues(
            "citerag.generator.provider=anthropic",
            "citerag.generator.model=claude-test",
            "citerag.generator.api-key=sk-ant-secret",
            "citerag.generator.base-url=http://127.0.0.1:9")
        .run(
            ctx -> {
              assertThat(ctx.getBean(AnswerGenerator.class).name()).contains("claude-test");
              assertThat(ctx.getBean(CiteragProperties.class).toString())
                  .doesNotContain("sk-ant-secret");
              assertThat(ctx.getBean(RagPipeline.class).toString()).doesNotContain("sk-ant-secret");
            });
  }

  @Test
  void the_configuration_metadata_names_the_judge_and_ollama_properties() throws IOException {
    try (InputStream in =
        getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
      assertThat(in).isNotNull();
      String json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      assertThat(json)
          .contains("\"citerag.judge.provider\"")
          .contains("\"citerag.judge.model\"")
          .contains("\"citerag.judge.api-key\"")
          .contains("\"citerag.ollama.base-url\"")
          .contains("e.g. bespoke-minicheck");
    }
  }
}
