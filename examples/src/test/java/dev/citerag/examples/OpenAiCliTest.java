package dev.citerag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.FakeGeminiServer;
import dev.citerag.testkit.wire.FakeOpenAiServer;
import dev.citerag.testkit.wire.WireCall;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code --model openai} and {@code --embedder openai} against the testkit's {@link
 * FakeOpenAiServer}, configured only through the environment map, as a user would.
 */
class OpenAiCliTest {

  private static final String KEY = "sk-proj-FAKEtestkey-0123456789abcdefXYZ";
  private static final String WINDOW =
      "Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.";
  private static final String Q = "When are production deploys allowed?";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final FakeOpenAiServer openai = new FakeOpenAiServer().requireApiKey(KEY);

  @AfterEach
  void close() {
    openai.close();
  }

  private Map<String, String> env() {
    return Cli.with(Cli.offline(), "OPENAI_BASE_URL", openai.apiBaseUrl(), "OPENAI_API_KEY", KEY);
  }

  private static void noKey(Cli.Run r) {
    assertThat(r.out() + r.err())
        .doesNotContain(KEY)
        .doesNotContain(KEY.substring(8, 20))
        .doesNotContain(KEY.substring(KEY.length() - 10));
  }

  @Test
  void
      openai_is_the_default_when_OPENAI_BASE_URL_is_set_and_its_answer_is_served_with_verified_citations() {
    openai.onQuestion("production deploys", Reply.quoting(WINDOW));
    Cli.Run r = Cli.run(env(), "ask", Q);
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(r.out())
        .startsWith(WINDOW + " [1]")
        .contains("golden/corpus/deploys.md")
        .contains("\"" + WINDOW + "\"");
    assertThat(r.err()).contains("citerag: model openai:gpt-4o-mini (OPENAI_BASE_URL is set)");
    assertThat(openai.chatCalls()).hasSize(1);
    WireCall call = openai.chatCalls().get(0);
    assertThat(call.header("Authorization")).contains("Bearer " + KEY);
    assertThat(call.json().orElseThrow().at("/response_format/json_schema/strict").asBoolean())
        .isTrue();
    noKey(r);
  }

  @Test
  void the_json_output_carries_the_server_reported_model_and_OPENAI_MODEL_names_the_requested_one()
      throws IOException {
    openai
        .addChatModel("my-local-model", "my-local-model-q4", false)
        .onQuestion("production deploys", Reply.quoting(WINDOW));
    Cli.Run r =
        Cli.run(
            Cli.with(env(), "OPENAI_MODEL", "my-local-model"),
            "ask",
            "--json",
            "--model",
            "openai",
            Q);
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(r.err()).contains("model openai:my-local-model (--model openai)");
    assertThat(openai.chatCalls().get(0).json().orElseThrow().get("model").asText())
        .isEqualTo("my-local-model");
    assertThat(r.out()).contains("my-local-model-q4");
    JsonNode j = JSON.readTree(r.out());
    assertThat(j.get("status").asText()).isEqualTo("answered");
  }

  @Test
  void a_gemini_key_still_wins_the_automatic_choice() {
    try (FakeGeminiServer gemini = new FakeGeminiServer()) {
      gemini.onQuestion("production deploys", Reply.quoting(WINDOW));
      Cli.Run r =
          Cli.run(
              Cli.with(
                  env(),
                  "GEMINI_API_KEY",
                  "AIzaFAKE-key-0123456789",
                  "GEMINI_BASE_URL",
                  gemini.apiBaseUrl()),
              "ask",
              Q);
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
      assertThat(r.err()).contains("model gemini:");
      assertThat(openai.chatCalls()).isEmpty();
    }
  }

  @Test
  void a_phantom_source_is_rejected_after_the_retry_and_nothing_of_it_is_printed()
      throws IOException {
    openai.onQuestion(
        "production deploys", Reply.phantomCitation("Deploys are allowed on weekends.", WINDOW));
    Cli.Run r = Cli.run(env(), "ask", "--model", "openai", Q);
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_REJECTED);
    assertThat(r.out())
        .startsWith("Rejected: no answer could be verified, so none is shown.")
        .contains("reason: invalid_citations")
        .contains("- phantom_source (critical)")
        .doesNotContain("weekends");
    assertThat(openai.chatCalls()).hasSize(2); // one retry with feedback, then rejected
    noKey(r);
  }

  @Test
  void not_in_sources_is_an_abstention_with_exit_2() {
    openai.otherwise(Reply.notInSources());
    Cli.Run r = Cli.run(env(), "ask", "--model", "openai", "--min-similarity", "0", Q);
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_ABSTAINED);
    assertThat(r.out()).contains("reason: not_in_sources");
  }

  @Test
  void length_content_filter_and_refusal_are_rejections_named_truncated_and_blocked()
      throws IOException {
    openai.enqueue(
        Reply.truncated(Reply.quoting(WINDOW)), Reply.blocked(), Reply.blocked("refusal"));
    String[] expected = {"truncated", "blocked", "blocked"};
    for (String reason : expected) {
      Cli.Run r = Cli.run(env(), "ask", "--json", "--model", "openai", Q);
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_REJECTED);
      JsonNode j = JSON.readTree(r.out());
      assertThat(j.get("reason").asText()).isEqualTo(reason);
      assertThat(j.get("answer").isNull()).isTrue();
    }
    assertThat(openai.chatCalls()).hasSize(3);
  }

  @Test
  void a_429_is_retried_after_its_retry_after_and_then_answered() {
    openai
        .retryHints(FakeOpenAiServer.RetryHint.RETRY_AFTER_SECONDS)
        .enqueue(Reply.rateLimited(Duration.ofSeconds(2)), Reply.quoting(WINDOW));
    long t0 = System.nanoTime();
    Cli.Run r = Cli.run(env(), "ask", "--model", "openai", Q);
    Duration took = Duration.ofNanos(System.nanoTime() - t0);
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(openai.chatCalls()).extracting(WireCall::status).containsExactly(429, 200);
    // the default backoff would wait 0.8 to 1.2 s; only the server's 2 s explain this
    assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(1_950));
  }

  @Test
  void a_wrong_key_is_a_provider_error_and_no_piece_of_it_is_printed_even_verbose()
      throws IOException {
    Map<String, String> wrong =
        Cli.with(env(), "OPENAI_API_KEY", "sk-proj-WRONGkey-9876543210zyxwvuABC");
    Cli.Run r = Cli.run(wrong, "ask", "--json", "--verbose", "--model", "openai", Q);
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_REJECTED);
    assertThat(JSON.readTree(r.out()).get("reason").asText()).isEqualTo("provider_error");
    assertThat(r.out() + r.err())
        .doesNotContain("WRONGkey")
        .doesNotContain("zyxwvuABC")
        .doesNotContain("wvuABC");
    noKey(r);
  }

  @Test
  void model_openai_without_a_base_url_or_key_is_an_error_naming_the_variable() {
    Cli.Run r = Cli.run(Cli.offline(), "ask", "--model", "openai", Q);
    assertThat(r.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(r.err()).startsWith("citerag: error: ").contains("OPENAI_API_KEY");
  }

  @Test
  void the_openai_embedder_embeds_through_the_wire() {
    Cli.Run r = Cli.run(env(), "search", "--embedder", "openai", "--k", "3", "rollback command");
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(r.out()).startsWith("3 hits for \"rollback command\"");
    assertThat(openai.embeddingCalls())
        .isNotEmpty()
        .allSatisfy(
            c ->
                assertThat(c.json().orElseThrow().get("model").asText())
                    .isEqualTo("text-embedding-3-small"));
    noKey(r);
  }
}
