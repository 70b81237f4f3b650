package dev.citerag.openai;

import static dev.citerag.openai.Fixtures.KEY;
import static dev.citerag.openai.Fixtures.WINDOW;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.answer.internal.AnswerSchema;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.FakeOpenAiServer;
import dev.citerag.testkit.wire.WireCall;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The request the adapter sends and how it reads each kind of reply, against the testkit's wire
 * fake.
 */
class OpenAiChatModelTest {
  FakeOpenAiServer server;
  Fixtures.RecordingSleeper sleeper;

  @BeforeEach
  void start() {
    server = new FakeOpenAiServer();
    sleeper = new Fixtures.RecordingSleeper();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  OpenAiChatModel model() {
    return Fixtures.chat(server.apiBaseUrl(), sleeper).build();
  }

  @Test
  void
      sends_system_and_user_messages_a_strict_schema_temperature_0_and_the_key_only_in_the_header() {
    server.requireApiKey(KEY).enqueue(Reply.quoting(WINDOW));
    ChatResponse r = model().chat(Fixtures.request());

    WireCall call = server.lastCall();
    assertThat(call.path()).isEqualTo("/v1/chat/completions");
    assertThat(call.query()).isEmpty();
    assertThat(call.header("Authorization")).contains("Bearer " + KEY);
    JsonNode body = call.json().orElseThrow();
    assertThat(body.get("model").asText()).isEqualTo("gpt-4o-mini");
    assertThat(body.get("messages").get(0).get("role").asText()).isEqualTo("system");
    assertThat(body.get("messages").get(1).get("role").asText()).isEqualTo("user");
    assertThat(body.get("messages").get(1).get("content").asText())
        .isEqualTo(Fixtures.USER_CONTENT);
    assertThat(body.get("temperature").asDouble()).isZero();
    assertThat(body.get("stream").asBoolean()).isFalse();
    // not api.openai.com: the field most compatible servers read
    assertThat(body.get("max_tokens").asInt()).isEqualTo(1024);
    assertThat(body.has("max_completion_tokens")).isFalse();
    JsonNode rf = body.get("response_format");
    assertThat(rf.get("type").asText()).isEqualTo("json_schema");
    assertThat(rf.get("json_schema").get("name").asText()).isEqualTo("citerag_answer");
    assertThat(rf.get("json_schema").get("strict").asBoolean()).isTrue();
    assertThat(rf.get("json_schema").get("schema")).isEqualTo(AnswerSchema.schema());

    assertThat(r.finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(r.providerFinishReason()).isEqualTo("stop");
    assertThat(r.text()).contains("\"status\":\"answered\"").contains(WINDOW);
    assertThat(r.model()).isEqualTo(FakeOpenAiServer.DEFAULT_MODEL_SNAPSHOT);
    assertThat(r.responseId()).startsWith("chatcmpl-");
    assertThat(r.usage().inputTokens()).isPositive();
    assertThat(r.usage().outputTokens()).isPositive();
    assertThat(r.usage().totalTokens())
        .isEqualTo(
            r.usage().inputTokens() + r.usage().outputTokens() + r.usage().reasoningTokens());
  }

  @Test
  void
      a_reasoning_model_gets_max_completion_tokens_and_its_reasoning_and_cached_tokens_are_counted_apart() {
    server.reasoningTokens(200).cachedTokens(30).enqueue(Reply.quoting(WINDOW));
    OpenAiChatModel m =
        Fixtures.chat(server.apiBaseUrl(), sleeper)
            .model("o4-mini")
            .tokenLimit(OpenAiChatModel.TokenLimit.MAX_COMPLETION_TOKENS)
            .build();
    ChatResponse r = m.chat(Fixtures.request());
    JsonNode body = server.lastCall().json().orElseThrow();
    assertThat(body.get("max_completion_tokens").asInt()).isEqualTo(1024);
    assertThat(body.has("max_tokens")).isFalse();
    assertThat(r.usage().reasoningTokens()).isEqualTo(200);
    assertThat(r.usage().cachedTokens()).isEqualTo(30);
    assertThat(r.usage().totalTokens())
        .isEqualTo(r.usage().inputTokens() + r.usage().outputTokens() + 200);
    assertThat(r.model()).isEqualTo("o4-mini-2025-04-16");
  }

  @Test
  void max_tokens_on_a_reasoning_model_is_a_permanent_bad_request_that_names_the_other_field() {
    OpenAiChatModel m = Fixtures.chat(server.apiBaseUrl(), sleeper).model("o4-mini").build();
    assertThatThrownBy(() -> m.chat(Fixtures.request()))
        .isInstanceOfSatisfying(
            dev.citerag.PermanentProviderException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(dev.citerag.ProviderException.Kind.BAD_REQUEST);
              assertThat(e.getMessage())
                  .contains("max_completion_tokens")
                  .contains("unsupported_parameter");
            });
    assertThat(server.chatCalls()).hasSize(1);
  }

  @Test
  void api_openai_com_defaults_to_max_completion_tokens_other_servers_to_max_tokens() {
    OpenAiChatModel openai =
        OpenAiChatModel.builder().environment(java.util.Map.of()).apiKey(KEY).build();
    assertThat(openai.toString()).contains("tokenLimit=MAX_COMPLETION_TOKENS");
    assertThat(model().toString()).contains("tokenLimit=MAX_TOKENS");
  }

  @Test
  void length_is_truncated_and_content_filter_is_blocked() {
    server.enqueue(Reply.truncated(Reply.quoting(WINDOW)), Reply.blocked());
    OpenAiChatModel m = model();
    ChatResponse length = m.chat(Fixtures.request());
    assertThat(length.finishReason()).isEqualTo(FinishReason.LENGTH);
    assertThat(length.providerFinishReason()).isEqualTo("length");
    assertThat(length.text()).isNotEmpty();

    ChatResponse filtered = m.chat(Fixtures.request());
    assertThat(filtered.finishReason()).isEqualTo(FinishReason.BLOCKED);
    assertThat(filtered.providerFinishReason()).isEqualTo("content_filter");
    assertThat(filtered.text()).isEmpty();
  }

  @Test
  void a_refusal_is_blocked_with_reason_refusal_and_its_text_is_not_passed_on() {
    server.enqueue(Reply.blocked("refusal"));
    ChatResponse r = model().chat(Fixtures.request());
    assertThat(server.lastCall().status()).isEqualTo(200);
    assertThat(r.finishReason()).isEqualTo(FinishReason.BLOCKED);
    assertThat(r.providerFinishReason()).isEqualTo("refusal");
    assertThat(r.text()).isEmpty();
  }

  @Test
  void json_object_mode_puts_the_schema_in_the_system_message_for_servers_without_json_schema() {
    server.jsonSchemaSupported(false).enqueue(Reply.quoting(WINDOW));
    assertThatThrownBy(() -> model().chat(Fixtures.request()))
        .isInstanceOf(dev.citerag.PermanentProviderException.class)
        .hasMessageContaining("json_object");
    OpenAiChatModel m =
        Fixtures.chat(server.apiBaseUrl(), sleeper)
            .structuredOutput(OpenAiChatModel.StructuredOutput.JSON_OBJECT)
            .build();
    ChatResponse r = m.chat(Fixtures.request());
    assertThat(r.finishReason()).isEqualTo(FinishReason.STOP);
    JsonNode body = server.lastCall().json().orElseThrow();
    assertThat(body.get("response_format").get("type").asText()).isEqualTo("json_object");
    assertThat(body.get("response_format").has("json_schema")).isFalse();
    assertThat(body.get("messages").get(0).get("content").asText())
        .contains("JSON Schema")
        .contains(AnswerSchema.json());
  }

  @Test
  void toString_masks_the_key_and_name_is_provider_and_model() {
    OpenAiChatModel m = model();
    assertThat(m.toString())
        .doesNotContain(KEY)
        .contains("apiKey=****")
        .contains("baseUrl=" + server.apiBaseUrl());
    assertThat(m.name()).isEqualTo("openai:gpt-4o-mini");
    OpenAiChatModel copy = m.toBuilder().model("o4-mini").build();
    assertThat(copy.name()).isEqualTo("openai:o4-mini");
    assertThat(copy.baseUrl()).isEqualTo(m.baseUrl());
  }
}
