package dev.citerag.anthropic;

import static dev.citerag.anthropic.Fixtures.KEY;
import static dev.citerag.anthropic.Fixtures.WINDOW;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.answer.internal.AnswerSchema;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.FakeAnthropicServer;
import dev.citerag.testkit.wire.WireCall;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The JSON modes of the chat model against the testkit's wire fake: requests and replies. */
class AnthropicChatModelTest {
  FakeAnthropicServer server;
  Fixtures.RecordingSleeper sleeper;

  @BeforeEach
  void start() {
    server = new FakeAnthropicServer().requireApiKey(KEY);
    sleeper = new Fixtures.RecordingSleeper();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void sends_the_schema_as_structured_output_with_temperature_0_the_version_and_the_key_header() {
    server.enqueue(Reply.quoting(WINDOW));
    ChatResponse r = Fixtures.claude(server.baseUrl(), sleeper).build().chat(Fixtures.request());

    WireCall call = server.lastCall();
    assertThat(call.path()).isEqualTo("/v1/messages");
    assertThat(call.header("x-api-key")).contains(KEY);
    assertThat(call.header("anthropic-version")).contains("2023-06-01");
    assertThat(call.header("Authorization")).isEmpty();
    assertThat(call.toString()).doesNotContain(KEY);
    JsonNode body = call.json().orElseThrow();
    assertThat(body.get("model").asText()).isEqualTo("claude-sonnet-4-5");
    assertThat(body.get("max_tokens").asInt()).isEqualTo(1024);
    assertThat(body.get("temperature").asDouble()).isZero();
    assertThat(body.get("system").asText()).contains("answer questions");
    assertThat(body.at("/messages/0/role").asText()).isEqualTo("user");
    assertThat(body.at("/messages/0/content/0/text").asText()).isEqualTo(Fixtures.USER_CONTENT);
    assertThat(body.at("/output_config/format/type").asText()).isEqualTo("json_schema");
    assertThat(body.at("/output_config/format/schema")).isEqualTo(AnswerSchema.schema());
    assertThat(body.has("tools")).isFalse();

    assertThat(r.finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(r.providerFinishReason()).isEqualTo("end_turn");
    assertThat(r.text()).contains("\"status\":\"answered\"").contains(WINDOW);
    assertThat(r.model()).isEqualTo(FakeAnthropicServer.DEFAULT_MODEL);
    assertThat(r.responseId()).startsWith("msg_");
  }

  @Test
  void the_tool_mode_forces_the_answer_tool_and_returns_its_input_as_the_reply_text() {
    server.enqueue(Reply.quoting(WINDOW));
    ChatResponse r =
        Fixtures.claude(server.baseUrl(), sleeper)
            .structuredOutput(AnthropicChatModel.StructuredOutput.TOOL)
            .build()
            .chat(Fixtures.request());

    JsonNode body = server.lastCall().json().orElseThrow();
    assertThat(body.at("/tools/0/name").asText()).isEqualTo("citerag_answer");
    assertThat(body.at("/tools/0/input_schema")).isEqualTo(AnswerSchema.schema());
    assertThat(body.at("/tool_choice/type").asText()).isEqualTo("tool");
    assertThat(body.at("/tool_choice/name").asText()).isEqualTo("citerag_answer");
    assertThat(body.has("output_config")).isFalse();
    assertThat(r.finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(r.providerFinishReason()).isEqualTo("tool_use");
    assertThat(r.text()).startsWith("{").contains(WINDOW);
  }

  @Test
  void max_tokens_is_truncated_refusal_is_blocked_without_text_and_usage_counts_the_cache() {
    server
        .cacheReadTokens(7)
        .enqueue(Reply.truncated(Reply.quoting(WINDOW)), Reply.blocked("refusal"));
    AnthropicChatModel model = Fixtures.claude(server.baseUrl(), sleeper).build();

    ChatResponse truncated = model.chat(Fixtures.request());
    assertThat(truncated.finishReason()).isEqualTo(FinishReason.LENGTH);
    assertThat(truncated.providerFinishReason()).isEqualTo("max_tokens");
    assertThat(truncated.usage().cachedTokens()).isEqualTo(7);
    assertThat(truncated.usage().inputTokens()).isGreaterThan(7);
    assertThat(truncated.usage().totalTokens())
        .isEqualTo(truncated.usage().inputTokens() + truncated.usage().outputTokens());

    ChatResponse refused = model.chat(Fixtures.request());
    assertThat(refused.finishReason()).isEqualTo(FinishReason.BLOCKED);
    assertThat(refused.providerFinishReason()).isEqualTo("refusal");
    assertThat(refused.text()).isEmpty();
  }

  @Test
  void the_environment_gives_key_base_url_and_model_and_to_string_masks_the_key() {
    server.addModel("claude-haiku-4-5").enqueue(Reply.quoting(WINDOW));
    AnthropicChatModel model =
        AnthropicChatModel.builder()
            .environment(
                Map.of(
                    "ANTHROPIC_API_KEY",
                    KEY,
                    "ANTHROPIC_BASE_URL",
                    server.baseUrl() + "/",
                    "ANTHROPIC_MODEL",
                    "claude-haiku-4-5"))
            .build();
    assertThat(model.name()).isEqualTo("anthropic:claude-haiku-4-5");
    assertThat(model.baseUrl()).startsWith(server.baseUrl());
    assertThat(model.toString()).doesNotContain(KEY).contains("apiKey=");
    assertThat(model.chat(Fixtures.request()).finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(model.toBuilder().build().model()).isEqualTo("claude-haiku-4-5");
  }

  @Test
  void without_a_key_build_fails_naming_the_variable_and_bad_settings_name_their_field() {
    assertThatThrownBy(() -> AnthropicChatModel.builder().environment(Map.of()).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("ANTHROPIC_API_KEY");
    assertThatThrownBy(() -> AnthropicChatModel.builder().temperature(1.5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("temperature");
    assertThatThrownBy(() -> AnthropicChatModel.builder().model("claude sonnet"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("model");
    assertThatThrownBy(() -> AnthropicChatModel.builder().baseUrl("https://u:p@example.com"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("baseUrl");
    assertThatThrownBy(
            () ->
                AnthropicChatModel.builder()
                    .environment(Map.of("ANTHROPIC_API_KEY", KEY, "ANTHROPIC_MODEL", "bad model"))
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ANTHROPIC_MODEL");
  }
}
