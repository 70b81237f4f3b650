package dev.citerag.examples.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.examples.cli.CiteragCli;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The JSON endpoints and the static page over real HTTP, on the offline sample corpus. */
class DemoServerTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static Engine engine;
  private static DemoServer server;

  @BeforeAll
  static void start() throws Exception {
    EngineOptions o = CiteragCli.engineOptions("serve", "--model", "extractive");
    engine =
        Engine.open(
            o,
            Map.of(),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            Engine.Mode.ANSWER);
    server = DemoServer.start("127.0.0.1", 0, engine.pipeline(), engine.ingestor(), engine.store());
  }

  @AfterAll
  static void stop() {
    server.close();
    engine.close();
  }

  private static URI at(String path) {
    return server.uri().resolve(path);
  }

  @Test
  void binds_to_the_loopback_address_on_the_port_asked() {
    assertThat(server.uri().toString()).startsWith("http://127.0.0.1:").endsWith("/");
    assertThat(server.port()).isPositive();
  }

  @Test
  void ask_returns_the_same_shape_as_the_cli() throws Exception {
    HttpResponse<String> r =
        Http.postJson(at("/ask"), "{\"question\": \"When are production deploys allowed?\"}");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json; charset=utf-8");
    JsonNode j = JSON.readTree(r.body());
    assertThat(j.get("status").asText()).isEqualTo("answered");
    assertThat(j.get("citations").get(0).get("quote").asText()).contains("09:00 and 16:00 UTC");
    assertThat(j.get("segments").get(0).get("markers").get(0).asInt()).isEqualTo(1);
    assertThat(j.get("retrieved")).isNotEmpty();
  }

  @Test
  void ask_continues_the_callers_trace_and_says_what_produced_the_answer() throws Exception {
    HttpResponse<String> r =
        Http.postJson(
            at("/ask"),
            "{\"question\": \"When are production deploys allowed?\"}",
            "traceparent",
            "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
    JsonNode j = JSON.readTree(r.body());
    assertThat(j.get("trace_id").asText()).isEqualTo("0af7651916cd43dd8448eb211c80319c");
    assertThat(j.get("top_k").asInt()).isPositive();
    assertThat(j.get("produced_by").get("embedder").get("model").asText()).isNotBlank();
    assertThat(j.get("produced_by").get("validator_rules").asText()).startsWith("citerag-rules/");
    assertThat(j.get("produced_by").get("prompt").asText()).isEqualTo("extractive/1");

    HttpResponse<String> bad =
        Http.postJson(
            at("/ask"),
            "{\"question\": \"When are production deploys allowed?\"}",
            "traceparent",
            "not-a-traceparent");
    assertThat(JSON.readTree(bad.body()).get("trace_id").asText())
        .matches("[0-9a-f]{32}")
        .isNotEqualTo("0af7651916cd43dd8448eb211c80319c");
  }

  @Test
  void ask_with_a_filter_that_matches_nothing_abstains_with_no_results() throws Exception {
    HttpResponse<String> r =
        Http.postJson(
            at("/ask"),
            "{\"question\": \"When are production deploys allowed?\", \"filter\": {\"team\": \"nobody\"}}");
    assertThat(r.statusCode()).isEqualTo(200);
    JsonNode j = JSON.readTree(r.body());
    assertThat(j.get("status").asText()).isEqualTo("not_in_sources");
    assertThat(j.get("reason").asText()).isEqualTo("no_results");
  }

  @Test
  void ask_takes_a_filter_in_the_command_line_grammar_and_names_the_position_of_a_mistake()
      throws Exception {
    String body =
        "{\"documents\": ["
            + "{\"id\": \"web/badge-2018.md\", \"content\": \"---\\nteam: security\\nyear: 2018\\n---\\n"
            + "# Badges\\n\\nVisitor badges are collected at gate three.\"},"
            + "{\"id\": \"web/badge-2021.md\", \"content\": \"---\\nteam: security\\nyear: 2021\\n---\\n"
            + "# Badges\\n\\nVisitor badges are collected at the north reception.\"}]}";
    assertThat(Http.postJson(at("/ingest"), body).statusCode()).isEqualTo(200);
    String question = "Where are visitor badges collected?";

    JsonNode recent =
        JSON.readTree(
            Http.postJson(
                    at("/debug/retrieve"),
                    JSON.writeValueAsString(
                        java.util.Map.of(
                            "question",
                            question,
                            "filter",
                            "team = \"security\" and year >= 2020")))
                .body());

    assertThat(recent.get("retrieved")).isNotEmpty();
    for (JsonNode hit : recent.get("retrieved")) {
      assertThat(hit.get("text").asText()).contains("north reception");
    }
    JsonNode either =
        JSON.readTree(
            Http.postJson(
                    at("/debug/retrieve"),
                    JSON.writeValueAsString(
                        java.util.Map.of(
                            "question", question, "filter", "year in (2018, 2021) and team?")))
                .body());
    assertThat(either.get("retrieved")).hasSize(2);

    HttpResponse<String> bad =
        Http.postJson(
            at("/ask"),
            JSON.writeValueAsString(
                java.util.Map.of(
                    "question", question, "filter", "team = \"security\" and year >= soon")));
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(bad.body()).get("error").asText())
        .startsWith("filter \"team = \"security\" and year >= soon\" at character 31:")
        .endsWith("\"soon\" is not a number or a date (YYYY-MM-DD)");
  }

  @Test
  void debug_retrieve_lists_hits_with_scores() throws Exception {
    HttpResponse<String> r =
        Http.postJson(at("/debug/retrieve"), "{\"question\": \"rollback command\"}");
    assertThat(r.statusCode()).isEqualTo(200);
    JsonNode j = JSON.readTree(r.body());
    assertThat(j.get("retrieved")).hasSize(8);
    assertThat(j.get("retrieved").get(0).get("fused_score").asDouble()).isPositive();
  }

  @Test
  void bad_requests_get_400_with_a_message() throws Exception {
    HttpResponse<String> notJson = Http.postJson(at("/ask"), "{\"question\": ");
    assertThat(notJson.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(notJson.body()).get("error").asText())
        .startsWith("request body is not valid JSON");

    HttpResponse<String> array = Http.postJson(at("/ask"), "[1]");
    assertThat(array.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(array.body()).get("error").asText())
        .isEqualTo("request body must be a JSON object");

    HttpResponse<String> noQuestion = Http.postJson(at("/ask"), "{\"q\": \"x\"}");
    assertThat(noQuestion.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(noQuestion.body()).get("error").asText()).contains("unknown field q");

    HttpResponse<String> blank = Http.postJson(at("/ask"), "{\"question\": \"  \"}");
    assertThat(blank.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(blank.body()).get("error").asText())
        .isEqualTo("question must not be blank");

    HttpResponse<String> badFilter =
        Http.postJson(at("/ask"), "{\"question\": \"x\", \"filter\": {\"team\": 3}}");
    assertThat(badFilter.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(badFilter.body()).get("error").asText())
        .isEqualTo("filter.team must be a string");

    HttpResponse<String> text = Http.post(at("/ask"), "text/plain", "{\"question\": \"x\"}");
    assertThat(text.statusCode()).isEqualTo(415);

    HttpResponse<String> huge =
        Http.postJson(
            at("/ask"), "{\"question\": \"" + "a".repeat(DemoServer.MAX_QUERY_BODY) + "\"}");
    assertThat(huge.statusCode()).isEqualTo(413);
  }

  @Test
  void wrong_methods_and_paths_are_refused() throws Exception {
    HttpResponse<String> get = Http.get(at("/ask"));
    assertThat(get.statusCode()).isEqualTo(405);
    assertThat(get.headers().firstValue("Allow")).hasValue("POST");
    assertThat(Http.get(at("/nope")).statusCode()).isEqualTo(404);
    assertThat(Http.postJson(at("/"), "{}").statusCode()).isEqualTo(405);
  }

  @Test
  void the_page_and_its_assets_are_served_with_a_strict_content_security_policy() {
    HttpResponse<String> page = Http.get(at("/"));
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
    assertThat(page.headers().firstValue("Content-Security-Policy"))
        .get()
        .asString()
        .contains("default-src 'none'")
        .contains("script-src 'self'");
    assertThat(page.body())
        .contains("<script src=\"app.js\"></script>")
        .doesNotContain("http://")
        .doesNotContain("https://");
    HttpResponse<String> js = Http.get(at("/app.js"));
    assertThat(js.statusCode()).isEqualTo(200);
    assertThat(js.body())
        .doesNotContain("innerHTML")
        .doesNotContain("outerHTML")
        .doesNotContain("insertAdjacentHTML");
    assertThat(Http.get(at("/app.css")).statusCode()).isEqualTo(200);
  }

  @Test
  void ingest_adds_documents_once_and_a_second_post_writes_nothing() throws Exception {
    String body =
        "{\"documents\": [{\"id\": \"web/coffee.md\", \"content\": \"# Coffee\\n\\nThe coffee machine is descaled every Tuesday.\","
            + " \"metadata\": {\"team\": \"facilities\"}},"
            + " {\"id\": \"web/tea.html\", \"format\": \"html\", \"content\": \"<h1>Tea</h1><p>Tea is free on Wednesdays.</p>\"}]}";
    HttpResponse<String> first = Http.postJson(at("/ingest"), body);
    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    JsonNode a = JSON.readTree(first.body());
    assertThat(a.get("documents_written").asInt()).isEqualTo(2);
    assertThat(a.get("chunks_written").asInt()).isPositive();
    JsonNode b = JSON.readTree(Http.postJson(at("/ingest"), body).body());
    assertThat(b.get("documents_written").asInt()).isZero();
    assertThat(b.get("documents_skipped").asInt()).isEqualTo(2);
    assertThat(b.get("chunks_written").asInt()).isZero();

    JsonNode answer =
        JSON.readTree(
            Http.postJson(
                    at("/ask"),
                    "{\"question\": \"When is the coffee machine descaled?\", \"filter\": {\"team\": \"facilities\"}}")
                .body());
    assertThat(answer.get("status").asText()).isEqualTo("answered");
    assertThat(answer.get("citations").get(0).get("source").asText()).isEqualTo("web/coffee.md");

    HttpResponse<String> bad =
        Http.postJson(
            at("/ingest"),
            "{\"documents\": [{\"id\": \"x\", \"content\": \"y\", \"format\": \"pdf\"}]}");
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(bad.body()).get("error").asText())
        .isEqualTo("documents[0].format must be markdown, text or html, was \"pdf\"");
  }
}
