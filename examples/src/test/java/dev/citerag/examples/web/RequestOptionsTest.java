package dev.citerag.examples.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.examples.cli.CiteragCli;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
import dev.citerag.openai.RerankClient;
import dev.citerag.testkit.wire.FakeRerankServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The per-request options of the demo's {@code /ask} and {@code /debug/retrieve}: {@code k}, {@code
 * min_similarity} and, on a server with a reranker, {@code min_rerank_score}.
 */
class RequestOptionsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String QUESTION = "When are production deploys allowed?";
  private static Engine engine;
  private static DemoServer plain;
  private static DemoServer reranked;
  private static FakeRerankServer rerank;

  @BeforeAll
  static void start() throws Exception {
    EngineOptions o = CiteragCli.engineOptions("serve", "--model", "extractive");
    engine =
        Engine.open(
            o,
            Map.of(),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            Engine.Mode.ANSWER);
    plain = DemoServer.start("127.0.0.1", 0, engine.pipeline(), engine.ingestor(), engine.store());
    rerank = new FakeRerankServer();
    reranked =
        DemoServer.start(
            "127.0.0.1",
            0,
            engine.pipeline().toBuilder()
                .reranker(RerankClient.builder().baseUrl(rerank.apiBaseUrl()).build())
                .build(),
            engine.ingestor(),
            engine.store());
  }

  @AfterAll
  static void stop() {
    reranked.close();
    plain.close();
    rerank.close();
    engine.close();
  }

  private static JsonNode post(DemoServer server, String path, String body, int status)
      throws Exception {
    HttpResponse<String> r = Http.postJson(server.uri().resolve(path), body);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
    return JSON.readTree(r.body());
  }

  @Test
  void k_bounds_the_hits_of_one_request_only() throws Exception {
    JsonNode two =
        post(plain, "/debug/retrieve", "{\"question\": \"" + QUESTION + "\", \"k\": 2}", 200);
    JsonNode usual = post(plain, "/debug/retrieve", "{\"question\": \"" + QUESTION + "\"}", 200);

    assertThat(two.get("retrieved")).hasSize(2);
    assertThat(usual.get("retrieved")).hasSize(8);
    JsonNode asked = post(plain, "/ask", "{\"question\": \"" + QUESTION + "\", \"k\": 3}", 200);
    assertThat(asked.get("top_k").asInt()).isEqualTo(3);
    assertThat(asked.get("retrieved")).hasSize(3);
  }

  @Test
  void a_min_similarity_of_one_abstains_before_the_model() throws Exception {
    JsonNode j =
        post(plain, "/ask", "{\"question\": \"" + QUESTION + "\", \"min_similarity\": 1}", 200);
    assertThat(j.get("status").asText()).isEqualTo("not_in_sources");
    assertThat(j.get("reason").asText()).isEqualTo("low_similarity");
  }

  @Test
  void out_of_range_or_mistyped_options_are_a_400_naming_the_field() throws Exception {
    assertThat(post(plain, "/ask", "{\"question\": \"q\", \"k\": 0}", 400).get("error").asText())
        .isEqualTo("k must be an integer between 1 and 100, was 0");
    assertThat(
            post(plain, "/ask", "{\"question\": \"q\", \"k\": \"5\"}", 400).get("error").asText())
        .startsWith("k must be an integer");
    assertThat(
            post(plain, "/ask", "{\"question\": \"q\", \"min_similarity\": 1.5}", 400)
                .get("error")
                .asText())
        .startsWith("min_similarity must be a number between 0 and 1");
    assertThat(
            post(plain, "/ask", "{\"question\": \"q\", \"min_rerank_score\": 0.5}", 400)
                .get("error")
                .asText())
        .contains("minRerankScore")
        .contains("without a reranker");
  }

  @Test
  void a_server_with_a_reranker_takes_a_rerank_gate_per_request() throws Exception {
    JsonNode high =
        post(
            reranked,
            "/ask",
            "{\"question\": \"" + QUESTION + "\", \"min_rerank_score\": 1.5}",
            200);
    JsonNode low =
        post(
            reranked,
            "/ask",
            "{\"question\": \"" + QUESTION + "\", \"min_rerank_score\": 0.1}",
            200);

    assertThat(high.get("reason").asText()).isEqualTo("low_rerank_score");
    assertThat(low.get("status").asText()).isEqualTo("answered");
    assertThat(low.get("retrieved").get(0).get("rerank_score").asDouble()).isPositive();
  }
}
