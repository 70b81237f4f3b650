package dev.citerag.ollama;

import static dev.citerag.ollama.OllamaFixtures.ANSWERED_CONTENT;
import static dev.citerag.ollama.OllamaFixtures.NOT_IN_SOURCES_CONTENT;
import static dev.citerag.ollama.OllamaFixtures.body;
import static dev.citerag.ollama.OllamaFixtures.chatReply;
import static dev.citerag.ollama.OllamaFixtures.json;
import static dev.citerag.ollama.OllamaFixtures.ok;
import static dev.citerag.ollama.OllamaFixtures.request;
import static dev.citerag.ollama.OllamaFixtures.take;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.ProviderException.Kind;
import dev.citerag.TransientProviderException;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.provider.RetryPolicy;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OllamaChatModelTest {
  private MockWebServer server;
  private OllamaFixtures.RecordingSleeper sleeper;
  private OllamaChatModel model;

  @BeforeEach
  void start() throws IOException {
    server = new MockWebServer();
    server.start();
    sleeper = new OllamaFixtures.RecordingSleeper();
    model = builder().build();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private OllamaChatModel.Builder builder() {
    return OllamaChatModel.builder()
        .environment(Map.of())
        .baseUrl(OllamaFixtures.baseUrl(server))
        .retrySleeper(sleeper);
  }

  @Test
  void answered_reply_is_returned_verbatim_with_finish_reason_tokens_and_model() throws Exception {
    server.enqueue(ok(chatReply(ANSWERED_CONTENT, "stop")));

    ChatResponse reply = model.chat(request());

    assertThat(reply.text()).isEqualTo(ANSWERED_CONTENT);
    assertThat(reply.finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(reply.providerFinishReason()).isEqualTo("stop");
    assertThat(reply.usage()).isEqualTo(new TokenUsage(412, 57, 0, 0, 469));
    assertThat(reply.model()).isEqualTo("llama3.2");
    assertThat(reply.responseId()).isNull();
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void request_body_carries_schema_as_format_no_stream_no_think_and_options() throws Exception {
    server.enqueue(ok(chatReply(ANSWERED_CONTENT, "stop")));

    model.chat(request());

    RecordedRequest recorded = take(server);
    assertThat(recorded.getMethod()).isEqualTo("POST");
    assertThat(recorded.getUrl().encodedPath()).isEqualTo("/api/chat");
    assertThat(recorded.getHeaders().get("Content-Type")).startsWith("application/json");
    JsonNode sent = body(recorded);
    assertThat(sent.get("model").asText()).isEqualTo("llama3.2");
    assertThat(sent.get("stream").isBoolean()).isTrue();
    assertThat(sent.get("stream").asBoolean()).isFalse();
    assertThat(sent.get("think").isBoolean()).isTrue();
    assertThat(sent.get("think").asBoolean()).isFalse();
    assertThat(sent.get("format")).isEqualTo(OllamaFixtures.answerSchema());
    assertThat(sent.get("messages")).hasSize(2);
    assertThat(sent.get("messages").get(0).get("role").asText()).isEqualTo("system");
    assertThat(sent.get("messages").get(0).get("content").asText())
        .isEqualTo(request().systemInstruction());
    assertThat(sent.get("messages").get(1).get("role").asText()).isEqualTo("user");
    assertThat(sent.get("messages").get(1).get("content").asText())
        .isEqualTo(request().userContent());
    JsonNode options = sent.get("options");
    assertThat(options.get("temperature").asDouble()).isEqualTo(0.0);
    assertThat(options.get("num_predict").asInt()).isEqualTo(512);
    assertThat(options.has("seed")).isFalse();
    assertThat(options.has("num_ctx")).isFalse();
    assertThat(sent.has("keep_alive")).isFalse();
  }

  @Test
  void configured_options_keep_alive_and_think_level_are_sent() throws Exception {
    OllamaChatModel tuned =
        builder()
            .model("qwen3:8b")
            .temperature(0.3)
            .seed(101)
            .numCtx(8192)
            .keepAlive("10m")
            .thinkLevel("low")
            .build();
    server.enqueue(ok(chatReply(ANSWERED_CONTENT, "stop")));

    tuned.chat(request());

    JsonNode sent = body(take(server));
    assertThat(sent.get("model").asText()).isEqualTo("qwen3:8b");
    assertThat(sent.get("options").get("temperature").asDouble()).isEqualTo(0.3);
    assertThat(sent.get("options").get("seed").asInt()).isEqualTo(101);
    assertThat(sent.get("options").get("num_ctx").asInt()).isEqualTo(8192);
    assertThat(sent.get("keep_alive").asText()).isEqualTo("10m");
    assertThat(sent.get("think").asText()).isEqualTo("low");
    assertThat(tuned.name()).isEqualTo("ollama:qwen3:8b");
  }

  @Test
  void keep_alive_in_seconds_or_as_duration_is_sent_as_a_number() throws Exception {
    server.enqueue(ok(chatReply(ANSWERED_CONTENT, "stop")));
    server.enqueue(ok(chatReply(ANSWERED_CONTENT, "stop")));

    builder().keepAlive("300").build().chat(request());
    builder().keepAlive(Duration.ofMinutes(-1)).build().chat(request());

    JsonNode first = body(take(server)).get("keep_alive");
    JsonNode second = body(take(server)).get("keep_alive");
    assertThat(first.isNumber()).isTrue();
    assertThat(first.asLong()).isEqualTo(300);
    assertThat(second.asLong()).isEqualTo(-1);
  }

  @Test
  void not_in_sources_reply_is_returned_verbatim() {
    server.enqueue(ok(chatReply(NOT_IN_SOURCES_CONTENT, "stop")));

    ChatResponse reply = model.chat(request());

    assertThat(reply.text()).isEqualTo(NOT_IN_SOURCES_CONTENT);
    assertThat(reply.finishReason()).isEqualTo(FinishReason.STOP);
  }

  @Test
  void done_reason_length_maps_to_LENGTH_and_keeps_the_partial_text() {
    server.enqueue(ok(chatReply("{\"status\":\"answered\",\"answer\":\"Run depl", "length")));

    ChatResponse reply = model.chat(request());

    assertThat(reply.finishReason()).isEqualTo(FinishReason.LENGTH);
    assertThat(reply.providerFinishReason()).isEqualTo("length");
    assertThat(reply.text()).isEqualTo("{\"status\":\"answered\",\"answer\":\"Run depl");
  }

  @Test
  void unknown_or_missing_done_reason_maps_to_OTHER_and_missing_metrics_to_zero() {
    server.enqueue(
        ok(
            "{\"model\":\"llama3.2\",\"created_at\":\"2026-08-21T09:14:03Z\","
                + "\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"done_reason\":\"load\",\"done\":true}"));
    server.enqueue(
        ok(
            "{\"model\":\"llama3.2\",\"message\":{\"role\":\"assistant\",\"content\":\"x\"},"
                + "\"done\":true}"));

    ChatResponse load = model.chat(request());
    ChatResponse bare = model.chat(request());

    assertThat(load.finishReason()).isEqualTo(FinishReason.OTHER);
    assertThat(load.providerFinishReason()).isEqualTo("load");
    assertThat(load.usage()).isEqualTo(TokenUsage.ZERO);
    assertThat(bare.finishReason()).isEqualTo(FinishReason.OTHER);
    assertThat(bare.providerFinishReason()).isEmpty();
    assertThat(bare.text()).isEqualTo("x");
  }

  @Test
  void content_that_is_not_json_is_returned_verbatim() {
    String prose = "Sure! Here is the answer: run `deploy rollback`. {not json";
    server.enqueue(ok(chatReply(prose, "stop")));

    ChatResponse reply = model.chat(request());

    assertThat(reply.text()).isEqualTo(prose);
    assertThat(reply.finishReason()).isEqualTo(FinishReason.STOP);
  }

  @Test
  void thinking_text_is_ignored() {
    server.enqueue(
        ok(
            "{\"model\":\"qwen3:8b\",\"created_at\":\"2026-08-21T09:14:03.1Z\","
                + "\"message\":{\"role\":\"assistant\",\"content\":"
                + OllamaFixtures.JSON.valueToTree(NOT_IN_SOURCES_CONTENT)
                + ",\"thinking\":\"The sources do not say; abstain.\"},"
                + "\"done_reason\":\"stop\",\"done\":true,\"prompt_eval_count\":30,\"eval_count\":90}"));

    ChatResponse reply = model.chat(request());

    assertThat(reply.text()).isEqualTo(NOT_IN_SOURCES_CONTENT);
    assertThat(reply.text()).doesNotContain("abstain");
    assertThat(reply.model()).isEqualTo("qwen3:8b");
    assertThat(reply.usage().outputTokens()).isEqualTo(90);
  }

  /**
   * Issue 14: provider text reached messages and results unscrubbed. A proxy in front of Ollama
   * (the usual way to add authentication) may echo the credential it was given; a terminal escape
   * in an error string would drive the user's terminal. Both are gone from messages and results.
   */
  @Test
  void credentials_and_control_characters_in_provider_text_are_scrubbed() {
    String token = "sk-proxy-0123456789abcdef";
    server.enqueue(
        json(
            401,
            "{\"error\":\"\\u001b[31mAuthorization: Bearer "
                + token
                + " rejected; see https://admin:hunter2secret@proxy.test/login?token="
                + token
                + "\"}"));
    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> model.chat(request()));
    assertThat(e.kind()).isEqualTo(Kind.AUTH);
    assertThat(e.getMessage())
        .doesNotContain(token)
        .doesNotContain("hunter2secret")
        .doesNotContain("\u001b")
        .contains("Bearer ****")
        .contains("rejected");

    server.enqueue(
        ok(
            "{\"model\":\"llama3.2\\u001b]0;pwned\\u0007 Bearer "
                + token
                + "\",\"message\":{\"role\":\"assistant\",\"content\":\"x\"},\"done\":true,"
                + "\"done_reason\":\"stop\\u001b[2J\"}"));
    ChatResponse r = model.chat(request());
    assertThat(r.model()).doesNotContain(token).doesNotContain("\u001b").doesNotContain("\u0007");
    assertThat(r.providerFinishReason()).doesNotContain("\u001b");
  }

  @Test
  void model_not_found_is_permanent_NOT_FOUND_suggesting_ollama_pull() {
    server.enqueue(
        json(404, "{\"error\":\"model \\\"llama3.2\\\" not found, try pulling it first\"}"));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> model.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.NOT_FOUND);
    assertThat(e.provider()).isEqualTo("ollama");
    assertThat(e.httpStatus()).hasValue(404);
    assertThat(e.getMessage()).contains("ollama pull llama3.2").contains("not found, try pulling");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void unknown_route_404_with_a_text_body_says_the_endpoint_is_missing() {
    server.enqueue(
        new MockResponse.Builder()
            .code(404)
            .setHeader("Content-Type", "text/plain")
            .body("404 page not found")
            .build());

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> model.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.NOT_FOUND);
    assertThat(e.getMessage()).contains("endpoint not found").contains("404 page not found");
  }

  @Test
  void server_error_500_is_retried_and_the_second_attempt_answers() {
    server.enqueue(
        json(500, "{\"error\":\"llama runner process has terminated: signal: killed\"}"));
    server.enqueue(ok(chatReply(ANSWERED_CONTENT, "stop")));

    ChatResponse reply = model.chat(request());

    assertThat(reply.text()).isEqualTo(ANSWERED_CONTENT);
    assertThat(server.getRequestCount()).isEqualTo(2);
    assertThat(sleeper.waits).hasSize(1);
  }

  @Test
  void overloaded_503_and_proxy_502_with_html_are_transient_UNAVAILABLE() {
    server.enqueue(
        json(
            503,
            "{\"error\":\"server busy, please try again.  maximum pending requests exceeded\"}"));
    server.enqueue(
        new MockResponse.Builder()
            .code(502)
            .setHeader("Content-Type", "text/html")
            .body("<html><body><h1>502 Bad Gateway</h1></body></html>")
            .build());
    OllamaChatModel twoTries =
        builder().retryPolicy(RetryPolicy.DEFAULT.withMaxAttempts(2)).build();

    TransientProviderException e =
        assertThrows(TransientProviderException.class, () -> twoTries.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.UNAVAILABLE);
    assertThat(e.httpStatus()).hasValue(502);
    assertThat(e.getMessage()).contains("502 Bad Gateway");
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void bad_request_400_is_not_retried() {
    server.enqueue(json(400, "{\"error\":\"\\\"llama3.2\\\" does not support thinking\"}"));
    server.enqueue(ok(chatReply(ANSWERED_CONTENT, "stop")));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> model.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.BAD_REQUEST);
    assertThat(e.retryable()).isFalse();
    assertThat(e.getMessage()).contains("does not support thinking");
    assertThat(server.getRequestCount()).isEqualTo(1);
    assertThat(sleeper.waits).isEmpty();
  }

  @Test
  void unauthorised_403_is_AUTH_and_not_retried() {
    server.enqueue(json(403, "{\"error\":\"cloud models are disabled\"}"));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> model.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.AUTH);
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void rate_limit_429_waits_at_least_the_retry_after_hint() {
    server.enqueue(
        new MockResponse.Builder()
            .code(429)
            .setHeader("Retry-After", "7")
            .setHeader("Content-Type", "application/json")
            .body("{\"error\":\"too many requests\"}")
            .build());
    server.enqueue(ok(chatReply(ANSWERED_CONTENT, "stop")));

    model.chat(request());

    assertThat(server.getRequestCount()).isEqualTo(2);
    assertThat(sleeper.waits).hasSize(1);
    assertThat(sleeper.waits.get(0)).isGreaterThanOrEqualTo(Duration.ofSeconds(7));
  }

  /**
   * Issue 14: a refused connection was retried five times in silence (15 s) before failing. Nothing
   * listens there: it fails at once, naming the address.
   */
  @Test
  void connection_refused_fails_at_once_as_CONNECTION_naming_the_url() throws Exception {
    int port = OllamaFixtures.closedPort();
    OllamaChatModel nowhere =
        OllamaChatModel.builder()
            .environment(Map.of())
            .baseUrl("127.0.0.1:" + port)
            .retrySleeper(sleeper)
            .build();

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> nowhere.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.CONNECTION);
    assertThat(e.getMessage())
        .contains("Ollama is not reachable at http://127.0.0.1:" + port)
        .contains("ollama serve");
    assertThat(sleeper.waits).as("no retry").isEmpty();
  }

  @Test
  void a_slow_server_is_cut_off_by_the_request_timeout() {
    server.enqueue(
        ok(chatReply(ANSWERED_CONTENT, "stop"))
            .newBuilder()
            .headersDelay(10, TimeUnit.SECONDS)
            .build());

    long start = System.nanoTime();
    ProviderException e =
        assertThrows(ProviderException.class, () -> model.chat(request(Duration.ofMillis(300))));
    long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

    assertThat(e.kind()).isEqualTo(Kind.TIMEOUT);
    assertThat(e.retryable()).isTrue();
    assertThat(elapsedMs).isBetween(250L, 3_000L);
  }

  @Test
  void first_call_may_take_longer_than_the_read_timeout_later_calls_may_not() {
    OllamaChatModel loading =
        builder()
            .readTimeout(Duration.ofMillis(300))
            .firstCallTimeout(Duration.ofSeconds(5))
            .retryPolicy(RetryPolicy.NONE)
            .build();
    MockResponse slow =
        ok(chatReply(ANSWERED_CONTENT, "stop"))
            .newBuilder()
            .headersDelay(800, TimeUnit.MILLISECONDS)
            .build();
    server.enqueue(slow);
    server.enqueue(slow);

    ChatResponse first = loading.chat(request());
    ProviderException second = assertThrows(ProviderException.class, () -> loading.chat(request()));

    assertThat(first.text()).isEqualTo(ANSWERED_CONTENT);
    assertThat(second.kind()).isEqualTo(Kind.TIMEOUT);
  }

  @Test
  void streamed_ndjson_reply_is_joined_and_metrics_come_from_the_done_line() {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .setHeader("Content-Type", "application/x-ndjson")
            .body(
                """
            {"model":"llama3.2","created_at":"2026-08-21T08:52:19.385406455-07:00","message":{"role":"assistant","content":"{\\"status\\":"},"done":false}
            {"model":"llama3.2","created_at":"2026-08-21T08:52:19.485406455-07:00","message":{"role":"assistant","content":"\\"not_in_sources\\",\\"answer\\":\\"\\",\\"claims\\":[]}"},"done":false}
            {"model":"llama3.2","created_at":"2026-08-21T15:52:19.499127Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":4883583458,"load_duration":1334875,"prompt_eval_count":26,"prompt_eval_duration":342546000,"eval_count":282,"eval_duration":4535599000}
            """)
            .build());

    ChatResponse reply = model.chat(request());

    assertThat(reply.text()).isEqualTo(NOT_IN_SOURCES_CONTENT);
    assertThat(reply.finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(reply.usage()).isEqualTo(TokenUsage.of(26, 282, 0));
  }

  @Test
  void streamed_reply_with_a_trailing_error_line_fails_and_is_retried() {
    MockResponse broken =
        new MockResponse.Builder()
            .code(200)
            .setHeader("Content-Type", "application/x-ndjson")
            .body(
                """
            {"model":"llama3.2","created_at":"2026-08-21T08:52:19.385406455-07:00","message":{"role":"assistant","content":"The"},"done":false}
            {"model":"llama3.2","created_at":"2026-08-21T19:22:45.499127Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":4883583458,"eval_count":282}
            {"error":"an error was encountered while running the model"}
            """)
            .build();
    server.enqueue(broken);
    server.enqueue(broken);
    OllamaChatModel twoTries =
        builder().retryPolicy(RetryPolicy.DEFAULT.withMaxAttempts(2)).build();

    TransientProviderException e =
        assertThrows(TransientProviderException.class, () -> twoTries.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.UNAVAILABLE);
    assertThat(e.getMessage()).contains("an error was encountered while running the model");
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void a_success_status_with_a_body_that_is_not_ollama_json_is_a_permanent_PROTOCOL_error() {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .setHeader("Content-Type", "text/html")
            .body("<html><body>Welcome to nginx!</body></html>")
            .build());

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> model.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.PROTOCOL);
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void a_caller_supplied_http_client_is_used_with_its_interceptors() throws Exception {
    OkHttpClient client =
        new OkHttpClient.Builder()
            .addInterceptor(
                chain ->
                    chain.proceed(
                        chain.request().newBuilder().header("X-Proxy-Tenant", "docs-team").build()))
            .build();
    OllamaChatModel viaProxy = builder().httpClient(client).build();
    server.enqueue(ok(chatReply(ANSWERED_CONTENT, "stop")));

    viaProxy.chat(request());

    assertThat(take(server).getHeaders().get("X-Proxy-Tenant")).isEqualTo("docs-team");
    assertThat(viaProxy.toString()).contains("httpClient=caller's");
  }

  @Test
  void name_and_settings_are_reported() {
    assertThat(model.name()).isEqualTo("ollama:llama3.2");
    assertThat(model.model()).isEqualTo("llama3.2");
    assertThat(model.baseUrl())
        .isEqualTo("http://" + server.getHostName() + ":" + server.getPort());
    assertThat(model.toString()).contains("llama3.2").contains("think=false");
  }
}
