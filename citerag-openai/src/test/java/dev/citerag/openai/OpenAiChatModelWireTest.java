package dev.citerag.openai;

import static dev.citerag.openai.Fixtures.KEY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import java.io.IOException;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Reply envelopes the testkit fake never sends, and transport edges, against a raw MockWebServer.
 */
class OpenAiChatModelWireTest {
  MockWebServer server;
  Fixtures.RecordingSleeper sleeper;

  @BeforeEach
  void start() throws IOException {
    server = new MockWebServer();
    server.start();
    sleeper = new Fixtures.RecordingSleeper();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  OpenAiChatModel model() {
    return Fixtures.chat(server.url("/v1").toString(), sleeper).build();
  }

  void reply(int code, String body) {
    server.enqueue(
        new MockResponse.Builder()
            .code(code)
            .setHeader("Content-Type", "application/json")
            .body(body)
            .build());
  }

  @Test
  void a_tool_call_without_content_is_other_with_empty_text() {
    reply(
        200,
        "{\"id\":\"chatcmpl-1\",\"model\":\"gpt-4o-mini-2024-07-18\",\"choices\":[{\"index\":0,\"message\":"
            + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_1\",\"type\":\"function\","
            + "\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}]},\"finish_reason\":\"tool_calls\"}]}");
    ChatResponse r = model().chat(Fixtures.request());
    assertThat(r.finishReason()).isEqualTo(FinishReason.OTHER);
    assertThat(r.providerFinishReason()).isEqualTo("tool_calls");
    assertThat(r.text()).isEmpty();
  }

  @Test
  void
      content_parts_are_joined_a_missing_finish_reason_is_other_and_a_missing_model_is_the_configured_one() {
    reply(
        200,
        "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"{\\\"a\\\":\"},"
            + "{\"type\":\"text\",\"text\":\"1}\"}]}}]}");
    ChatResponse r = model().chat(Fixtures.request());
    assertThat(r.text()).isEqualTo("{\"a\":1}");
    assertThat(r.finishReason()).isEqualTo(FinishReason.OTHER);
    assertThat(r.providerFinishReason()).isEqualTo("none");
    assertThat(r.model()).isEqualTo("gpt-4o-mini");
    assertThat(r.responseId()).isNull();
  }

  @Test
  void usage_counts_past_int_saturate_instead_of_failing() {
    reply(
        200,
        "{\"model\":\"m\",\"choices\":[{\"message\":{\"content\":\"x\"},\"finish_reason\":\"stop\"}],"
            + "\"usage\":{\"prompt_tokens\":9000000000,\"completion_tokens\":5,\"total_tokens\":9000000005,"
            + "\"completion_tokens_details\":{\"reasoning_tokens\":9}}}");
    ChatResponse r = model().chat(Fixtures.request());
    assertThat(r.usage().inputTokens()).isEqualTo(Integer.MAX_VALUE);
    assertThat(r.usage().outputTokens())
        .isZero(); // 5 completion - 9 reasoning: a server's inconsistency, clamped
    assertThat(r.usage().reasoningTokens()).isEqualTo(9);
  }

  @Test
  void replies_outside_the_format_are_permanent_protocol_errors_without_the_key() {
    String[] bodies = {
      "<html>bad gateway</html>",
      "{\"choices\":[]}",
      "{\"id\":\"x\"}",
      "{\"choices\":[{\"message\":{\"content\":42}}]}",
      "{\"choices\":[{\"message\":{\"content\":\"x\"}}],\"usage\":{\"prompt_tokens\":-1}}",
      "{\"choices\":[{\"message\":{\"content\":\"x\"}}]} " + KEY,
    };
    for (String b : bodies) {
      reply(200, b);
      assertThatThrownBy(() -> model().chat(Fixtures.request()))
          .as(b)
          .isInstanceOfSatisfying(
              PermanentProviderException.class,
              e -> {
                assertThat(e.kind()).isEqualTo(ProviderException.Kind.PROTOCOL);
                assertThat(e.getMessage())
                    .doesNotContain(KEY)
                    .doesNotContain(KEY.substring(10, 22));
              });
    }
  }

  @Test
  void a_server_reported_model_id_and_response_id_are_scrubbed_and_bounded() {
    reply(
        200,
        "{\"id\":\""
            + KEY
            + "\",\"model\":\"echo-"
            + KEY
            + "-"
            + "m".repeat(400)
            + "\",\"choices\":[{\"message\":{\"content\":\"x\"},\"finish_reason\":\"stop "
            + KEY
            + "\"}]}");
    ChatResponse r = model().chat(Fixtures.request());
    assertThat(r.model()).doesNotContain(KEY.substring(8, 20)).hasSizeLessThan(140);
    assertThat(r.responseId()).doesNotContain(KEY.substring(8, 20));
    assertThat(r.providerFinishReason()).doesNotContain(KEY.substring(8, 20));
  }

  @Test
  void a_redirect_is_not_followed_and_the_key_does_not_travel() {
    server.enqueue(
        new MockResponse.Builder()
            .code(307)
            .setHeader("Location", "http://example.invalid/steal")
            .build());
    assertThatThrownBy(() -> model().chat(Fixtures.request()))
        .isInstanceOfSatisfying(
            PermanentProviderException.class,
            e -> assertThat(e.kind()).isEqualTo(ProviderException.Kind.PROTOCOL));
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void a_vllm_style_top_level_error_and_a_plain_string_error_are_read() {
    reply(
        404,
        "{\"object\":\"error\",\"message\":\"The model `nope` does not exist.\",\"type\":\"NotFoundError\","
            + "\"param\":null,\"code\":404}");
    OpenAiChatModel m = Fixtures.chat(server.url("/v1").toString(), sleeper).model("nope").build();
    assertThatThrownBy(() -> m.chat(Fixtures.request()))
        .isInstanceOfSatisfying(
            PermanentProviderException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ProviderException.Kind.NOT_FOUND);
              assertThat(e.getMessage())
                  .contains("model \"nope\"")
                  .contains("OPENAI_MODEL")
                  .contains("does not exist");
            });
    reply(400, "{\"error\":\"bad things with " + KEY + "\"}");
    assertThatThrownBy(() -> model().chat(Fixtures.request()))
        .isInstanceOfSatisfying(
            PermanentProviderException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ProviderException.Kind.BAD_REQUEST);
              assertThat(e.getMessage())
                  .contains("bad things")
                  .doesNotContain(KEY.substring(8, 20));
            });
  }
}
