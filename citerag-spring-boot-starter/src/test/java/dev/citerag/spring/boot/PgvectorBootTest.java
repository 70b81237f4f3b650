package dev.citerag.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.ingest.Ingestor;
import dev.citerag.pgvector.PgVectorStore;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.postgres.PostgresDatabase;
import dev.citerag.testkit.postgres.PostgresFixture;
import dev.citerag.testkit.wire.FakeOpenAiServer;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A whole Boot application: the starter over a real PostgreSQL database (the testkit's fixture) and
 * the OpenAI wire format (the testkit's fake server), configured by properties only.
 */
@SpringBootTest(
    classes = PgvectorBootTest.App.class,
    properties = {
      "citerag.store.type=pgvector",
      "citerag.store.collection=boot_it",
      "citerag.generator.provider=openai",
      "citerag.generator.model=" + FakeOpenAiServer.DEFAULT_MODEL,
      "citerag.generator.api-key=sk-test-key"
    })
class PgvectorBootTest {

  static final PostgresDatabase DB = PostgresFixture.shared().createDatabase();
  static final FakeOpenAiServer OPENAI =
      new FakeOpenAiServer()
          .otherwise(Reply.quoting("A rollback finishes within 5 minutes for most services."));

  @DynamicPropertySource
  static void openAiBaseUrl(DynamicPropertyRegistry r) {
    r.add("citerag.generator.base-url", OPENAI::apiBaseUrl);
  }

  @AfterAll
  static void stop() {
    OPENAI.close();
  }

  /** The application: its own DataSource, everything else auto-configured. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {
    @Bean
    DataSource dataSource() {
      return DB.dataSource();
    }
  }

  @Autowired RagPipeline rag;
  @Autowired Ingestor ingestor;
  @Autowired PgVectorStore store;
  @Autowired CiteragHealthIndicator health;

  @Test
  void answers_from_pgvector_through_the_openai_wire_and_reports_healthy() {
    ingestor.ingest(CiteragAutoConfigurationTest.DOCS);
    RagResult r = rag.ask("How long does a rollback take?");

    assertThat(r).isInstanceOf(RagResult.Answered.class);
    assertThat(((RagResult.Answered) r).citations().get(0).quote())
        .isEqualTo("A rollback finishes within 5 minutes for most services.");
    assertThat(OPENAI.calls()).hasSize(1);
    assertThat(OPENAI.lastCall().toString()).doesNotContain("sk-test-key");
    assertThat(store.identity()).isPresent();
    assertThat(health.health().getStatus()).isEqualTo(Status.UP);
    assertThat(health.health().getDetails()).containsEntry("identity", "matches");
  }
}
