package dev.citerag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.FakeGeminiServer;
import dev.citerag.testkit.wire.FakeOllamaServer;
import dev.citerag.testkit.wire.WireCall;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code --model gemini|ollama} and {@code --embedder gemini|ollama} against the testkit's
 * wire-level fakes, configured only through the environment map, as a user would.
 */
class ProviderCliTest {

  private static final String KEY = "AIzaFAKE-test-key-0123456789";
  private static final String WINDOW =
      "Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.";
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Map<String, String> geminiEnv(FakeGeminiServer gemini) {
    return Cli.with(
        Cli.offline(), "GEMINI_API_KEY", KEY, "GEMINI_BASE_URL", gemini.baseUrl() + "/v1beta");
  }

  private static Map<String, String> ollamaEnv(FakeOllamaServer ollama) {
    return Map.of("OLLAMA_HOST", ollama.baseUrl(), "OLLAMA_MODEL", "llama3.2");
  }

  @Test
  void gemini_is_the_default_when_GEMINI_API_KEY_is_set_and_its_answer_is_served_with_citations() {
    try (FakeGeminiServer gemini = new FakeGeminiServer()) {
      gemini.requireApiKey(KEY).onQuestion("production deploys", Reply.quoting(WINDOW));
      Cli.Run r = Cli.run(geminiEnv(gemini), "ask", "When are production deploys allowed?");
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
      assertThat(r.out()).startsWith(WINDOW + " [1]").contains("golden/corpus/deploys.md");
      assertThat(r.err())
          .contains("citerag: model gemini:gemini-2.5-flash (GEMINI_API_KEY is set)");
      assertThat(gemini.chatCalls()).hasSize(1);
      assertThat(r.out() + r.err()).doesNotContain(KEY);
    }
  }

  @Test
  void GEMINI_MODEL_names_the_model_in_the_request() {
    try (FakeGeminiServer gemini = new FakeGeminiServer()) {
      gemini.addModel("gemini-2.5-pro").onQuestion("production deploys", Reply.quoting(WINDOW));
      Cli.Run r =
          Cli.run(
              Cli.with(geminiEnv(gemini), "GEMINI_MODEL", "gemini-2.5-pro"),
              "ask",
              "--model",
              "gemini",
              "When are production deploys allowed?");
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
      assertThat(r.err()).contains("model gemini:gemini-2.5-pro (--model gemini)");
      WireCall call = gemini.chatCalls().get(0);
      assertThat(call.path()).contains("/models/gemini-2.5-pro:generateContent");
    }
  }

  @Test
  void a_gemini_answer_citing_a_phantom_source_is_rejected_with_exit_3() throws IOException {
    try (FakeGeminiServer gemini = new FakeGeminiServer()) {
      gemini.onQuestion(
          "production deploys", Reply.phantomCitation("Deploys are allowed on weekends.", WINDOW));
      Cli.Run r =
          Cli.run(
              geminiEnv(gemini),
              "ask",
              "--model",
              "gemini",
              "When are production deploys allowed?");
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_REJECTED);
      assertThat(r.out())
          .startsWith("Rejected: no answer could be verified, so none is shown.")
          .contains("reason: invalid_citations")
          .contains("- phantom_source (critical)")
          .doesNotContain("weekends");
      assertThat(gemini.chatCalls()).hasSize(2); // one retry with feedback, then rejected

      Cli.Run json =
          Cli.run(
              geminiEnv(gemini),
              "ask",
              "--json",
              "--model",
              "gemini",
              "When are production deploys allowed?");
      assertThat(json.status()).isEqualTo(Main.EXIT_REJECTED);
      JsonNode j = JSON.readTree(json.out());
      assertThat(j.get("status").asText()).isEqualTo("rejected");
      assertThat(j.get("reason").asText()).isEqualTo("invalid_citations");
      assertThat(j.get("answer").isNull()).isTrue();
      assertThat(j.get("issues").get(0).get("type").asText()).isEqualTo("phantom_source");
      assertThat(j.get("attempts").asInt()).isEqualTo(2);
      assertThat(j.get("usage").get("total_tokens").asInt()).isPositive();
    }
  }

  @Test
  void a_permanent_provider_failure_is_a_rejection_with_reason_provider_error() throws IOException {
    try (FakeGeminiServer gemini = new FakeGeminiServer()) {
      gemini.otherwise(Reply.badRequest("schema not supported"));
      Cli.Run r =
          Cli.run(
              geminiEnv(gemini),
              "ask",
              "--json",
              "--model",
              "gemini",
              "When are production deploys allowed?");
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_REJECTED);
      assertThat(JSON.readTree(r.out()).get("reason").asText()).isEqualTo("provider_error");
      assertThat(r.out() + r.err()).doesNotContain(KEY);
    }
  }

  @Test
  void model_gemini_without_a_key_is_an_error_naming_the_variable() {
    Cli.Run r =
        Cli.run(Cli.offline(), "ask", "--model", "gemini", "When are production deploys allowed?");
    assertThat(r.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(r.err()).startsWith("citerag: error: ").contains("GEMINI_API_KEY");
  }

  @Test
  void ollama_is_the_default_when_a_server_answers_at_OLLAMA_HOST() {
    try (FakeOllamaServer ollama = new FakeOllamaServer()) {
      ollama.onQuestion("production deploys", Reply.quoting(WINDOW));
      Cli.Run r = Cli.run(ollamaEnv(ollama), "ask", "When are production deploys allowed?");
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
      assertThat(r.err())
          .contains(
              "citerag: model ollama:llama3.2 (an Ollama server answers at " + ollama.baseUrl());
      assertThat(r.out()).startsWith(WINDOW + " [1]");
      assertThat(ollama.chatCalls()).hasSize(1);
    }
  }

  @Test
  void an_ollama_answer_citing_a_phantom_source_is_rejected_with_exit_3() {
    try (FakeOllamaServer ollama = new FakeOllamaServer()) {
      ollama.onQuestion("production deploys", Reply.phantomCitation("Any day.", WINDOW));
      Cli.Run r =
          Cli.run(
              ollamaEnv(ollama),
              "ask",
              "--model",
              "ollama",
              "When are production deploys allowed?");
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_REJECTED);
      assertThat(r.out()).contains("phantom_source").doesNotContain("Any day.");
    }
  }

  @Test
  void an_ollama_not_in_sources_reply_is_an_abstention_with_exit_2() {
    try (FakeOllamaServer ollama = new FakeOllamaServer()) {
      ollama.otherwise(Reply.notInSources());
      Cli.Run r =
          Cli.run(
              ollamaEnv(ollama),
              "ask",
              "--model",
              "ollama",
              "--min-similarity",
              "0",
              "When are production deploys allowed?");
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_ABSTAINED);
      assertThat(r.out()).contains("reason: not_in_sources");
    }
  }

  @Test
  void provider_embedders_embed_through_the_wire() {
    try (FakeGeminiServer gemini = new FakeGeminiServer()) {
      Cli.Run r =
          Cli.run(
              geminiEnv(gemini), "search", "--embedder", "gemini", "--k", "3", "rollback command");
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
      assertThat(r.out()).startsWith("3 hits for \"rollback command\"");
      assertThat(gemini.calls()).anyMatch(c -> c.path().contains(":batchEmbedContents"));
    }
    try (FakeOllamaServer ollama = new FakeOllamaServer()) {
      Cli.Run r =
          Cli.run(
              Cli.with(ollamaEnv(ollama), "OLLAMA_EMBED_MODEL", "all-minilm"),
              "search",
              "--embedder",
              "ollama",
              "--k",
              "3",
              "rollback command");
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
      assertThat(ollama.calls()).anyMatch(c -> c.path().equals("/api/embed"));
    }
  }
}
