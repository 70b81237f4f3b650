package dev.citerag.anthropic;

import static dev.citerag.anthropic.Fixtures.KEY;
import static dev.citerag.anthropic.Fixtures.WINDOW;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.TransientProviderException;
import dev.citerag.chat.FinishReason;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.FakeAnthropicServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Typed failures and retries against the wire fake's error replies. */
class AnthropicChatModelFailuresTest {
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

  AnthropicChatModel model() {
    return Fixtures.claude(server.baseUrl(), sleeper).build();
  }

  @Test
  void a_rejected_key_is_permanent_names_the_error_type_and_the_variable_and_is_not_retried() {
    AnthropicChatModel wrong =
        Fixtures.claude(server.baseUrl(), sleeper).apiKey("sk-ant-wrong-key-000000").build();
    ProviderException e =
        assertThrows(ProviderException.class, () -> wrong.chat(Fixtures.request()));
    assertThat(e).isInstanceOf(PermanentProviderException.class);
    assertThat(e.kind()).isEqualTo(ProviderException.Kind.AUTH);
    assertThat(e.httpStatus()).hasValue(401);
    assertThat(e.getMessage())
        .contains("authentication_error")
        .contains("ANTHROPIC_API_KEY")
        .doesNotContain("sk-ant-wrong-key-000000");
    assertThat(server.calls()).hasSize(1);
  }

  @Test
  void a_forbidden_call_is_permanent_auth_naming_permission_error() {
    server.enqueue(
        Reply.failure(
            new PermanentProviderException(
                "scripted",
                ProviderException.Kind.AUTH,
                403,
                "permission_error",
                "Your API key does not have permission to use the specified resource.",
                null)));
    ProviderException e =
        assertThrows(ProviderException.class, () -> model().chat(Fixtures.request()));
    assertThat(e.kind()).isEqualTo(ProviderException.Kind.AUTH);
    assertThat(e.retryable()).isFalse();
    assertThat(e.getMessage()).contains("permission_error");
    assertThat(server.calls()).hasSize(1);
  }

  @Test
  void an_unknown_model_is_not_found_naming_the_model_and_the_variable() {
    AnthropicChatModel m =
        Fixtures.claude(server.baseUrl(), sleeper).model("claude-nope-9").build();
    ProviderException e = assertThrows(ProviderException.class, () -> m.chat(Fixtures.request()));
    assertThat(e.kind()).isEqualTo(ProviderException.Kind.NOT_FOUND);
    assertThat(e.getMessage()).contains("claude-nope-9").contains("ANTHROPIC_MODEL");
  }

  @Test
  void a_rate_limit_waits_at_least_the_retry_after_hint_and_then_succeeds() {
    server.enqueue(Reply.rateLimited(Duration.ofSeconds(3)), Reply.quoting(WINDOW));
    assertThat(model().chat(Fixtures.request()).finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(server.calls()).hasSize(2);
    assertThat(server.calls().get(0).status()).isEqualTo(429);
    assertThat(sleeper.waits)
        .singleElement()
        .satisfies(d -> assertThat(d).isGreaterThanOrEqualTo(Duration.ofSeconds(3)));
  }

  @Test
  void overloaded_529_and_a_500_are_retried_within_the_policy() {
    server.enqueue(
        Reply.unavailable(),
        Reply.failure(
            new TransientProviderException(
                "scripted",
                ProviderException.Kind.UNAVAILABLE,
                500,
                "api_error",
                "internal",
                null,
                null)),
        Reply.quoting(WINDOW));
    assertThat(model().chat(Fixtures.request()).finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(server.calls()).extracting(c -> c.status()).containsExactly(529, 500, 200);
    assertThat(sleeper.waits).hasSize(2);
  }

  @Test
  void overload_that_outlasts_the_attempts_is_a_transient_unavailable_failure() {
    server.otherwise(Reply.unavailable());
    ProviderException e =
        assertThrows(ProviderException.class, () -> model().chat(Fixtures.request()));
    assertThat(e).isInstanceOf(TransientProviderException.class);
    assertThat(e.kind()).isEqualTo(ProviderException.Kind.UNAVAILABLE);
    assertThat(e.httpStatus()).hasValue(529);
    assertThat(e.getMessage()).contains("overloaded_error");
    assertThat(server.calls()).hasSize(3);
  }

  @Test
  void a_spend_limit_429_without_retry_after_is_permanent() {
    server.enqueue(
        Reply.failure(
            new PermanentProviderException(
                "scripted", ProviderException.Kind.RATE_LIMITED, 429, null, "spend", null)));
    ProviderException e =
        assertThrows(ProviderException.class, () -> model().chat(Fixtures.request()));
    assertThat(e.kind()).isEqualTo(ProviderException.Kind.RATE_LIMITED);
    assertThat(e.retryable()).isFalse();
    assertThat(e.getMessage()).contains("spend limit");
    assertThat(server.calls()).hasSize(1);
  }

  @Test
  void a_reply_that_is_not_a_message_is_a_protocol_failure_without_the_key() {
    server.enqueue(
        Reply.failure(
            new PermanentProviderException(
                "scripted", ProviderException.Kind.PROTOCOL, 200, null, "html", null)));
    ProviderException e =
        assertThrows(ProviderException.class, () -> model().chat(Fixtures.request()));
    assertThat(e.kind()).isEqualTo(ProviderException.Kind.PROTOCOL);
    assertThat(e.getMessage()).doesNotContain(KEY);
  }
}
