package dev.citerag.examples.boot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class BootExampleTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient HTTP = HttpClient.newHttpClient();

  @LocalServerPort int port;

  HttpResponse<String> post(String path, String body, String... headers) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void ask_returns_a_verified_answer_with_its_citation_and_the_callers_trace_id() throws Exception {
    HttpResponse<String> r =
        post(
            "/ask",
            "{\"question\": \"How long does a rollback take?\"}",
            "traceparent",
            "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
    assertThat(r.statusCode()).isEqualTo(200);
    JsonNode j = JSON.readTree(r.body());
    assertThat(j.get("status").asText()).isEqualTo("answered");
    assertThat(j.get("citations").get(0).get("quote").asText()).contains("5 minutes");
    assertThat(j.get("trace_id").asText()).isEqualTo("0af7651916cd43dd8448eb211c80319c");
    assertThat(j.get("produced_by").get("prompt").asText()).isEqualTo("extractive/1");
  }

  @Test
  void a_question_outside_the_corpus_abstains_and_a_blank_one_is_a_bad_request() throws Exception {
    JsonNode j =
        JSON.readTree(
            post("/ask", "{\"question\": \"Which espresso machine do we have?\"}").body());
    assertThat(j.get("status").asText()).isEqualTo("not_in_sources");
    assertThat(j.get("reason").asText()).isNotBlank();
    HttpResponse<String> blank = post("/ask", "{\"question\": \"  \"}");
    assertThat(blank.statusCode()).isEqualTo(400);
    assertThat(blank.body()).contains("question must not be blank");
  }

  @Test
  void health_and_metrics_come_from_the_starter() throws Exception {
    post("/ask", "{\"question\": \"How long does a rollback take?\"}");
    HttpResponse<String> health =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/actuator/health/citerag"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(JSON.readTree(health.body()).get("status").asText()).isEqualTo("UP");
    HttpResponse<String> metric =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/actuator/metrics/citerag.requests"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(metric.statusCode()).isEqualTo(200);
    assertThat(metric.body()).contains("outcome");
  }
}
