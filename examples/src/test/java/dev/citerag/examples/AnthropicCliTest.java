package dev.citerag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.FakeAnthropicServer;
import dev.citerag.testkit.wire.WireCall;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code --model anthropic} against the testkit's {@link FakeAnthropicServer}, configured only
 * through the environment map: Claude's native citations, re-verified.
 */
class AnthropicCliTest {

  private static final String KEY = "sk-ant-api03-FAKEtestkey-0123456789abcdefXYZ";
  private static final String WINDOW =
      "Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.";
  private static final String Q = "When are production deploys allowed?";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final FakeAnthropicServer claude = new FakeAnthropicServer().requireApiKey(KEY);

  @AfterEach
  void close() {
    claude.close();
  }

  private Map<String, String> env() {
    return Cli.with(
        Cli.offline(), "ANTHROPIC_BASE_URL", claude.baseUrl(), "ANTHROPIC_API_KEY", KEY);
  }

  @Test
  void model_anthropic_answers_with_native_citations_and_the_json_carries_the_verified_span()
      throws IOException {
    claude
        .uncitedPrefix("Based on the documents, ")
        .onQuestion("production deploys", Reply.quoting(WINDOW));
    Cli.Run r = Cli.run(env(), "ask", "--json", "--model", "anthropic", Q);
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(r.err()).contains("citerag: model anthropic:claude-sonnet-4-5 (--model anthropic)");
    JsonNode j = JSON.readTree(r.out());
    assertThat(j.get("answer").asText()).isEqualTo(WINDOW);
    JsonNode c = j.get("citations").get(0);
    assertThat(c.get("quote").asText()).isEqualTo(WINDOW);
    assertThat(c.get("end").asInt() - c.get("start").asInt()).isEqualTo(WINDOW.length());
    WireCall call = claude.messageCalls().get(0);
    assertThat(call.header("x-api-key")).contains(KEY);
    assertThat(call.json().orElseThrow().at("/messages/0/content/0/citations/enabled").asBoolean())
        .isTrue();
    assertThat(r.out() + r.err()).doesNotContain(KEY).doesNotContain(KEY.substring(14, 30));
  }

  @Test
  void uncited_content_is_rejected_and_none_of_it_is_printed() {
    claude
        .uncitedPrefix("Deploys are also fine on Saturdays. ")
        .onQuestion("production deploys", Reply.quoting(WINDOW));
    Cli.Run r = Cli.run(env(), "ask", "--model", "anthropic", Q);
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_REJECTED);
    assertThat(r.out()).contains("uncited_text").doesNotContain("Saturdays");
  }

  @Test
  void model_anthropic_without_a_key_is_an_error_naming_the_variable_and_help_lists_it() {
    Cli.Run r = Cli.run(Cli.offline(), "ask", "--model", "anthropic", Q);
    assertThat(r.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(r.err()).contains("ANTHROPIC_API_KEY");
    Cli.Run help = Cli.run(Cli.offline(), "ask", "--help");
    assertThat(help.out()).contains("anthropic");
  }
}
