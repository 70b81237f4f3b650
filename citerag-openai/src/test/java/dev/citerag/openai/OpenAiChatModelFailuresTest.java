package dev.citerag.openai;

import static dev.citerag.openai.Fixtures.KEY;
import static dev.citerag.openai.Fixtures.WINDOW;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.TransientProviderException;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.FakeOpenAiServer;
import dev.citerag.testkit.wire.FakeOpenAiServer.RetryHint;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Error statuses, retry hints, refused connections and deadlines, against the testkit's wire fake.
 */
class OpenAiChatModelFailuresTest {
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

  @ParameterizedTest
  @EnumSource(RetryHint.class)
  void a_429_is_retried_no_sooner_than_each_kind_of_retry_hint(RetryHint hint) {
    server
        .retryHints(hint)
        .enqueue(Reply.rateLimited(Duration.ofMillis(7_500)), Reply.quoting(WINDOW));
    ChatResponse r = model().chat(Fixtures.request());
    assertThat(r.finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(server.chatCalls()).hasSize(2);
    assertThat(sleeper.waits).hasSize(1);
    // 7.5 s as ms / reset duration; 8 s when rounded up to whole seconds; >= 7.5 s for a date
    // (written with one second of slack, less the time the test has taken since)
    assertThat(sleeper.waits.get(0))
        .isGreaterThanOrEqualTo(
            Duration.ofMillis(hint == RetryHint.RETRY_AFTER_DATE ? 6_500 : 7_500));
    assertThat(sleeper.waits.get(0)).isLessThanOrEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void a_429_without_hints_is_retried_with_backoff() {
    server.retryHints().enqueue(Reply.rateLimited(Duration.ofSeconds(5)), Reply.quoting(WINDOW));
    model().chat(Fixtures.request());
    assertThat(sleeper.waits).hasSize(1);
    assertThat(sleeper.waits.get(0)).isLessThan(Duration.ofSeconds(2)); // policy: 1 s +- 20 %
  }

  @Test
  void a_429_hint_longer_than_the_time_left_ends_the_call_at_once() {
    server.enqueue(Reply.rateLimited(Duration.ofMinutes(10)));
    assertThatThrownBy(() -> model().chat(Fixtures.request(Duration.ofSeconds(30))))
        .isInstanceOfSatisfying(
            TransientProviderException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ProviderException.Kind.RATE_LIMITED);
              assertThat(e.retryAfter()).contains(Duration.ofMinutes(10));
              assertThat(e.providerStatus()).contains("rate_limit_exceeded");
            });
    assertThat(server.chatCalls()).hasSize(1);
    assertThat(sleeper.waits).isEmpty();
  }

  @Test
  void an_exhausted_quota_is_permanent_and_not_retried() {
    server.enqueue(
        Reply.failure(
            new PermanentProviderException(
                "x",
                ProviderException.Kind.RATE_LIMITED,
                429,
                "insufficient_quota",
                "quota",
                null)));
    assertThatThrownBy(() -> model().chat(Fixtures.request()))
        .isInstanceOfSatisfying(
            PermanentProviderException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ProviderException.Kind.RATE_LIMITED);
              assertThat(e.getMessage()).contains("quota exhausted");
            });
    assertThat(server.chatCalls()).hasSize(1);
  }

  @Test
  void a_503_then_an_answer_is_retried_and_answered() {
    server.enqueue(Reply.unavailable(), Reply.quoting(WINDOW));
    assertThat(model().chat(Fixtures.request()).finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(server.chatCalls()).hasSize(2);
  }

  @Test
  void transient_statuses_408_409_and_5xx_are_retried_and_the_last_failure_is_typed() {
    // (OkHttp itself repeats a 408 once within an attempt, so 408 is left to the next test)
    for (int code : new int[] {409, 500, 502, 503, 504}) {
      FakeOpenAiServer s = new FakeOpenAiServer();
      try (s) {
        s.otherwise(
            Reply.failure(
                new TransientProviderException(
                    "x",
                    code == 408 || code == 504
                        ? ProviderException.Kind.TIMEOUT
                        : ProviderException.Kind.UNAVAILABLE,
                    code,
                    null,
                    "busy",
                    null,
                    null)));
        OpenAiChatModel m = Fixtures.chat(s.apiBaseUrl(), sleeper).build();
        assertThatThrownBy(() -> m.chat(Fixtures.request()))
            .as("HTTP " + code)
            .isInstanceOfSatisfying(
                TransientProviderException.class, e -> assertThat(e.httpStatus()).hasValue(code));
        assertThat(s.chatCalls()).as("HTTP " + code).hasSize(3);
      }
    }
  }

  @Test
  void a_408_is_a_transient_timeout() {
    server.otherwise(
        Reply.failure(
            new TransientProviderException(
                "x", ProviderException.Kind.TIMEOUT, 408, null, "Request Timeout", null, null)));
    assertThatThrownBy(() -> model().chat(Fixtures.request()))
        .isInstanceOfSatisfying(
            TransientProviderException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ProviderException.Kind.TIMEOUT);
              assertThat(e.httpStatus()).hasValue(408);
            });
    assertThat(sleeper.waits).hasSize(2); // three attempts of the policy
  }

  @Test
  void a_wrong_key_is_a_permanent_auth_error_that_quotes_no_piece_of_the_key() {
    server.requireApiKey("sk-proj-the-right-one-0123456789");
    assertThatThrownBy(() -> model().chat(Fixtures.request()))
        .isInstanceOfSatisfying(
            PermanentProviderException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ProviderException.Kind.AUTH);
              assertThat(e.getMessage())
                  .contains("API key rejected")
                  .contains("OPENAI_API_KEY")
                  .contains("Incorrect API key provided")
                  .doesNotContain(KEY.substring(0, 8))
                  .doesNotContain(KEY.substring(KEY.length() - 4));
              assertThat(e.providerStatus()).contains("invalid_api_key");
            });
    assertThat(server.chatCalls()).hasSize(1);
    // the fake really did echo parts of the key: the scrubbing above is what kept them out
    assertThat(server.lastCall().status()).isEqualTo(401);
  }

  @Test
  void no_key_on_a_server_that_wants_one_names_the_variable() {
    server.requireApiKey(KEY);
    OpenAiChatModel m =
        OpenAiChatModel.builder()
            .environment(Map.of())
            .baseUrl(server.apiBaseUrl())
            .retrySleeper(sleeper)
            .build();
    assertThatThrownBy(() -> m.chat(Fixtures.request()))
        .isInstanceOfSatisfying(
            PermanentProviderException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ProviderException.Kind.AUTH);
              assertThat(e.getMessage()).contains("none is set").contains("OPENAI_API_KEY");
            });
    assertThat(server.lastCall().header("Authorization")).isEmpty();
  }

  @Test
  void a_missing_model_is_a_permanent_not_found_naming_the_model_and_the_variable() {
    OpenAiChatModel m =
        Fixtures.chat(server.apiBaseUrl(), sleeper).model("gpt-9-imaginary").build();
    assertThatThrownBy(() -> m.chat(Fixtures.request()))
        .isInstanceOfSatisfying(
            PermanentProviderException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ProviderException.Kind.NOT_FOUND);
              assertThat(e.getMessage())
                  .contains("model \"gpt-9-imaginary\"")
                  .contains("OPENAI_MODEL")
                  .contains("model_not_found");
            });
    assertThat(server.chatCalls()).hasSize(1);
  }

  @Test
  void a_wrong_base_url_path_is_a_not_found_that_hints_at_v1() {
    OpenAiChatModel m = Fixtures.chat(server.baseUrl(), sleeper).build(); // no /v1
    assertThatThrownBy(() -> m.chat(Fixtures.request()))
        .isInstanceOfSatisfying(
            PermanentProviderException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ProviderException.Kind.NOT_FOUND);
              assertThat(e.getMessage()).contains("endpoint not found").contains("/v1");
            });
  }

  @Test
  void a_refused_connection_fails_at_once_naming_the_url() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    String url = "http://127.0.0.1:" + port + "/v1";
    OpenAiChatModel m = Fixtures.chat(url, sleeper).build();
    assertThatThrownBy(() -> m.chat(Fixtures.request()))
        .isInstanceOfSatisfying(
            PermanentProviderException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ProviderException.Kind.CONNECTION);
              assertThat(e.getMessage())
                  .contains(url + "/chat/completions")
                  .contains("OPENAI_BASE_URL");
            });
    assertThat(sleeper.waits).isEmpty();
  }

  @Test
  void the_request_timeout_bounds_slow_replies_and_their_retries() {
    server.delayResponses(Duration.ofSeconds(3)).otherwise(Reply.quoting(WINDOW));
    OpenAiChatModel m =
        Fixtures.chat(server.apiBaseUrl(), sleeper)
            .retryPolicy(
                RetryPolicy.DEFAULT.withBackoff(Duration.ofMillis(1), Duration.ofMillis(1)))
            .build();
    long t0 = System.nanoTime();
    assertThatThrownBy(() -> m.chat(Fixtures.request(Duration.ofMillis(400))))
        .isInstanceOfSatisfying(
            TransientProviderException.class,
            e -> assertThat(e.kind()).isEqualTo(ProviderException.Kind.TIMEOUT));
    // generous margin for a busy machine, far below the 3 s the server takes
    assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofMillis(2_500));
  }
}
