package dev.citerag.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.testkit.wire.FakeRerankServer;
import dev.citerag.testkit.wire.WireCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link RerankClient} against {@link FakeRerankServer}, in both wire shapes. */
class RerankClientTest {

  static RerankClient.Builder client(String baseUrl) {
    return RerankClient.builder()
        .environment(Map.of())
        .baseUrl(baseUrl)
        .retryPolicy(RetryPolicy.NONE);
  }

  static final List<String> DOCS =
      List.of(
          "The on-call rotation changes every Monday.",
          "A rollback takes five minutes for most services.",
          "Holidays are listed in the HR portal.");

  @Test
  void cohere_shape_scores_come_back_in_the_order_the_documents_were_sent() {
    try (FakeRerankServer server = new FakeRerankServer()) {
      RerankClient r = client(server.apiBaseUrl()).model("bge-reranker-v2-m3").build();

      List<Double> scores = r.score("how long does a rollback take", DOCS);

      assertThat(scores).hasSize(3);
      assertThat(scores.get(1)).isGreaterThan(scores.get(0)).isGreaterThan(scores.get(2));
      WireCall call = server.calls().get(0);
      assertThat(call.path()).isEqualTo("/v1/rerank");
      assertThat(call.json().orElseThrow().get("top_n").asInt()).isEqualTo(3);
      assertThat(call.json().orElseThrow().get("model").asText()).isEqualTo("bge-reranker-v2-m3");
      assertThat(call.json().orElseThrow().get("documents")).hasSize(3);
      assertThat(r.name()).isEqualTo("bge-reranker-v2-m3");
    }
  }

  @Test
  void tei_shape_sends_texts_and_reads_index_and_score() {
    try (FakeRerankServer server = new FakeRerankServer()) {
      RerankClient r = client(server.baseUrl()).format(RerankClient.Format.TEI).build();

      List<Double> scores = r.score("rollback minutes", DOCS);

      assertThat(scores.get(1)).isEqualTo(1.0);
      assertThat(scores.get(0)).isZero();
      WireCall call = server.calls().get(0);
      assertThat(call.path()).isEqualTo("/rerank");
      assertThat(call.json().orElseThrow().has("texts")).isTrue();
      assertThat(call.json().orElseThrow().has("model")).isFalse();
    }
  }

  @Test
  void a_transient_failure_is_retried_and_a_bad_request_is_permanent() {
    try (FakeRerankServer server = new FakeRerankServer()) {
      RerankClient retrying =
          client(server.apiBaseUrl())
              .retryPolicy(RetryPolicy.DEFAULT.withMaxAttempts(2))
              .retrySleeper(d -> {})
              .build();
      server.failNext(503);
      assertThat(retrying.score("rollback", DOCS)).hasSize(3);
      assertThat(server.calls()).hasSize(2);

      server.failNext(400);
      ProviderException e =
          assertThrows(ProviderException.class, () -> retrying.score("rollback", DOCS));
      assertThat(e).isInstanceOf(PermanentProviderException.class);
      assertThat(e.kind()).isEqualTo(ProviderException.Kind.BAD_REQUEST);
    }
  }

  @Test
  void the_pipeline_reorders_hits_by_the_servers_scores() {
    try (FakeRerankServer server = new FakeRerankServer()) {
      LocalHashingEmbedder embedder = new LocalHashingEmbedder();
      dev.citerag.store.InMemoryVectorStore store =
          new dev.citerag.store.InMemoryVectorStore(LocalHashingEmbedder.DEFAULT_DIMENSIONS);
      dev.citerag.ingest.Ingestor.builder()
          .embedder(embedder)
          .store(store)
          .build()
          .ingest(
              List.of(
                  dev.citerag.ingest.Document.markdown(
                      "runbook",
                      "# Runbook\n\nA rollback of the checkout service takes five minutes.\n\n"
                          + "## Deploys\n\nDeploys of the checkout service start at nine.\n")));
      RagPipeline rag =
          RagPipeline.builder()
              .embedder(embedder)
              .store(store)
              .generator(
                  AnswerGenerator.of(
                      dev.citerag.openai.OpenAiChatModel.builder()
                          .environment(Map.of())
                          .baseUrl(server.apiBaseUrl())
                          .build()))
              .reranker(client(server.apiBaseUrl()).build())
              .topK(1)
              .build();

      List<SearchHit> hits = rag.retrieve("rollback five minutes", Filter.ALL);

      assertThat(hits)
          .singleElement()
          .satisfies(
              h -> {
                assertThat(h.chunk().text()).contains("rollback");
                assertThat(h.rerankScore()).isEqualTo(1.0);
              });
    }
  }

  @Test
  void a_client_needs_a_base_url_and_checks_its_inputs() {
    IllegalStateException noUrl =
        assertThrows(
            IllegalStateException.class,
            () -> RerankClient.builder().environment(Map.of()).build());
    assertThat(noUrl).hasMessageContaining("baseUrl must be set");
    assertThrows(IllegalArgumentException.class, () -> RerankClient.builder().path("/v1/rerank"));
    try (FakeRerankServer server = new FakeRerankServer()) {
      RerankClient r = client(server.apiBaseUrl()).build();
      assertThat(assertThrows(IllegalArgumentException.class, () -> r.score("q", List.of())))
          .hasMessageContaining("documents");
      assertThat(assertThrows(IllegalArgumentException.class, () -> r.score(" ", DOCS)))
          .hasMessageContaining("query");
    }
  }
}
