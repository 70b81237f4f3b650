package dev.citerag.extractive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.AbstainReason;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.store.InMemoryVectorStore;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The extractive generator abstains on near misses: the best sentence is verified and on topic, and
 * still answers another question. One test per kind, on a small handbook of its own.
 */
class QuestionCoverageNearMissTest {

  static final List<Document> HANDBOOK =
      List.of(
          Document.markdown(
              "travel.md",
              """
              # Travel policy

              ## Meals

              In Germany and France the daily meal allowance is 45 EUR per traveller.
              Receipts are not needed for the meal allowance.
              """),
          Document.markdown(
              "slo.md",
              """
              # Service objectives

              ## Latency

              The billing service has a p99 latency target of 300 ms at the load balancer.
              """),
          Document.markdown(
              "incidents.md",
              """
              # Incident response

              ## Priorities

              | Priority | First response | Updates |
              |---|---|---|
              | P1 | within 15 minutes | every 30 minutes |
              | P2 | within 1 hour | every 2 hours |
              | P3 | within 1 business day | daily |
              """),
          Document.markdown(
              "database.md",
              """
              # Database operations

              ## Failover

              The primary database fails over to its standby within 30 seconds of a node loss.
              """),
          Document.markdown(
              "learning.md",
              """
              # Learning

              ## Budget

              Every engineer has an annual training budget of 2,000 EUR for courses and books.
              """));

  static final RagPipeline RAG = pipeline();

  static RagPipeline pipeline() {
    LocalHashingEmbedder embedder = new LocalHashingEmbedder();
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Ingestor.builder().embedder(embedder).store(store).build().ingest(HANDBOOK);
    return RagPipeline.builder()
        .embedder(embedder)
        .store(store)
        .generator(new ExtractiveGenerator())
        .build();
  }

  static void answers(String question, String expected) {
    assertThat(RAG.ask(question))
        .as(question)
        .isInstanceOfSatisfying(
            RagResult.Answered.class, a -> assertThat(a.answer()).contains(expected));
  }

  static void abstainsNaming(String question, String term) {
    assertThat(RAG.ask(question))
        .as(question)
        .isInstanceOfSatisfying(
            RagResult.Abstained.class,
            a -> {
              assertThat(a.reason()).isEqualTo(AbstainReason.NOT_IN_SOURCES);
              assertThat(a.detail()).contains("\"" + term + "\"");
            });
  }

  @Test
  void a_place_the_documents_do_not_cover_abstains() {
    answers("What is the daily meal allowance in France?", "45 EUR");
    abstainsNaming("What is the daily meal allowance in Japan?", "japan");
  }

  @Test
  void a_sibling_service_abstains() {
    answers("What is the p99 latency target of the billing service?", "300 ms");
    abstainsNaming("What is the p99 latency target of the search service?", "search");
  }

  @Test
  void a_level_the_table_does_not_have_abstains() {
    answers("What is the first response for P2?", "within 1 hour");
    abstainsNaming("What is the first response for P4?", "p4");
  }

  @Test
  void the_opposite_component_abstains() {
    answers("Within how many seconds does the primary database fail over?", "30 seconds");
    abstainsNaming("Within how many seconds does the secondary database fail over?", "secondary");
  }

  @Test
  void another_period_abstains() {
    answers("What is the annual training budget of an engineer?", "2,000 EUR");
    abstainsNaming("What is the quarterly training budget of an engineer?", "quarterly");
  }
}
