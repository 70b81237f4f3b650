package dev.citerag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.testkit.fakes.Cite;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.FakeOllamaServer;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code --judge ollama:bespoke-minicheck} against the testkit's fake Ollama server (answerer and
 * judge on the same server, as on a workstation): the rules decide what they can, the judge the
 * rest, and the output says which.
 */
class JudgeCliTest {

  private static final String WINDOW =
      "Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.";
  private static final String QUESTION = "When are production deploys allowed?";
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Map<String, String> env(FakeOllamaServer ollama) {
    return Map.of("OLLAMA_HOST", ollama.baseUrl(), "OLLAMA_MODEL", "llama3.2");
  }

  private static FakeOllamaServer server() {
    return new FakeOllamaServer().addChatModel("bespoke-minicheck", false);
  }

  @Test
  void a_claim_the_rules_support_is_served_saying_support_was_checked_by_rules() {
    try (FakeOllamaServer ollama = server()) {
      ollama.onQuestion("When are production", Reply.quoting(WINDOW));
      Cli.Run r =
          Cli.run(
              env(ollama),
              "ask",
              "--model",
              "ollama",
              "--judge",
              "ollama:bespoke-minicheck",
              QUESTION);
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
      assertThat(r.out()).contains("Verified: quotes checked \u00b7 support checked by rules\n");
      assertThat(r.err()).contains("citerag: judge ollama:bespoke-minicheck");
      assertThat(ollama.chatCalls()).hasSize(1);
    }
  }

  @Test
  void a_claim_the_rules_find_too_little_in_is_decided_by_the_judge_and_the_json_says_so()
      throws IOException {
    try (FakeOllamaServer ollama = server()) {
      ollama
          .onQuestion(
              "When are production",
              Reply.answered("Releases ship on weekdays in the daytime.", Cite.quote(WINDOW)))
          .otherwise(Reply.raw("Yes"));
      Cli.Run r =
          Cli.run(
              env(ollama),
              "ask",
              "--model",
              "ollama",
              "--judge",
              "ollama:bespoke-minicheck",
              "--json",
              QUESTION);
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
      JsonNode j = JSON.readTree(r.out());
      assertThat(j.get("verified").asText())
          .isEqualTo(
              "quotes checked \u00b7 support checked by rules, then ollama:bespoke-minicheck");
      JsonNode check = j.get("checks").get(0);
      assertThat(check.get("rules").asText()).isEqualTo("not_enough");
      assertThat(check.get("judge").get("name").asText()).isEqualTo("ollama:bespoke-minicheck");
      assertThat(check.get("judge").get("verdict").asText()).isEqualTo("supported");
      assertThat(check.get("quotes").get(0).asText()).isEqualTo(WINDOW);
      assertThat(ollama.chatCalls()).hasSize(2);
      assertThat(ollama.chatCalls().get(1).body()).contains("Document: " + WINDOW);
    }
  }

  @Test
  void a_judge_that_says_no_or_is_down_gets_the_answer_rejected() {
    for (Reply judge : new Reply[] {Reply.raw("No"), Reply.unavailable()}) {
      try (FakeOllamaServer ollama = server()) {
        // one reply per attempt: a judge that says no gets the answer retried, then rejected
        Reply paraphrase =
            Reply.answered("Releases ship on weekdays in the daytime.", Cite.quote(WINDOW));
        ollama
            .onQuestion("When are production", paraphrase, paraphrase, paraphrase)
            .otherwise(judge);
        Cli.Run r =
            Cli.run(
                env(ollama),
                "ask",
                "--model",
                "ollama",
                "--judge",
                "ollama:bespoke-minicheck",
                QUESTION);
        assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_REJECTED);
        assertThat(r.out()).startsWith("Rejected:").doesNotContain("Releases ship");
      }
    }
  }

  @Test
  void judge_same_without_an_answering_model_is_a_usage_error() {
    Cli.Run r = Cli.run(Cli.offline(), "ask", "--model", "extractive", "--judge", "same", QUESTION);
    assertThat(r.status()).isNotEqualTo(Main.EXIT_OK);
    assertThat(r.err()).contains("option --judge same needs a model that answers");
  }

  @Test
  void a_malformed_judge_is_a_usage_error_naming_the_option() {
    Cli.Run r = Cli.run(Cli.offline(), "ask", "--judge", "minicheck", QUESTION);
    assertThat(r.status()).isNotEqualTo(Main.EXIT_OK);
    assertThat(r.err()).contains("--judge").contains("must be same, ollama:MODEL");
  }
}
