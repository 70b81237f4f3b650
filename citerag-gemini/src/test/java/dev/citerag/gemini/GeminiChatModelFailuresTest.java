package dev.citerag.gemini;

import static dev.citerag.gemini.Fixtures.ANSWERED_TEXT;
import static dev.citerag.gemini.Fixtures.json;
import static dev.citerag.gemini.Fixtures.request;
import static dev.citerag.gemini.Fixtures.stopReply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException.Kind;
import dev.citerag.TransientProviderException;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.provider.RetryPolicy;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Error replies and transport failures of {@code generateContent}: typing, retries, time bounds.
 */
class GeminiChatModelFailuresTest extends MockServerTest {
  private GeminiChatModel model;

  @BeforeEach
  void build() {
    model = Fixtures.chat(server, sleeper).build();
  }

  /**
   * Issue 14: a wrong GEMINI_BASE_URL (connection refused) waited 15-16 s in silence through five
   * retries. Nothing listens there: it fails at once with a message naming the URL.
   */
  @Test
  void connection_refused_fails_at_once_naming_the_url() throws Exception {
    int port;
    try (java.net.ServerSocket s =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    GeminiChatModel nowhere =
        model.toBuilder().baseUrl("http://127.0.0.1:" + port + "/v1beta").build();

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> nowhere.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.CONNECTION);
    assertThat(e.getMessage())
        .contains("cannot connect to http://127.0.0.1:" + port + "/v1beta")
        .contains("GEMINI_BASE_URL")
        .doesNotContain(Fixtures.KEY);
    assertThat(sleeper.waits).as("no retry").isEmpty();
  }

  @Test
  void rate_limit_with_retry_info_is_retried_after_at_least_the_hinted_delay() {
    server.enqueue(json(429, Fixtures.RATE_LIMITED_PER_MINUTE));
    server.enqueue(json(200, stopReply(ANSWERED_TEXT)));

    ChatResponse r = model.chat(request());

    assertThat(r.finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(server.getRequestCount()).isEqualTo(2);
    assertThat(sleeper.waits).hasSize(1);
    assertThat(sleeper.waits.get(0)).isGreaterThanOrEqualTo(Duration.ofSeconds(26));
  }

  @Test
  void bare_rate_limit_honours_the_retry_after_header() {
    server.enqueue(
        new MockResponse.Builder()
            .code(429)
            .addHeader("Retry-After", "7")
            .addHeader("Content-Type", "application/json")
            .body(
                "{\"error\":{\"code\":429,\"message\":\"Resource has been exhausted (e.g. check quota).\","
                    + "\"status\":\"RESOURCE_EXHAUSTED\"}}")
            .build());
    server.enqueue(json(200, stopReply(ANSWERED_TEXT)));

    model.chat(request());

    assertThat(server.getRequestCount()).isEqualTo(2);
    assertThat(sleeper.waits)
        .singleElement()
        .satisfies(d -> assertThat(d).isGreaterThanOrEqualTo(Duration.ofSeconds(7)));
  }

  @Test
  void exhausted_daily_quota_is_permanent_and_not_retried() {
    server.enqueue(json(429, Fixtures.RATE_LIMITED_PER_DAY));
    server.enqueue(json(200, stopReply(ANSWERED_TEXT)));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> model.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.RATE_LIMITED);
    assertThat(e.httpStatus()).hasValue(429);
    assertThat(e.providerStatus()).hasValue("RESOURCE_EXHAUSTED");
    assertThat(e.getMessage()).contains("GenerateRequestsPerDayPerProjectPerModel-FreeTier");
    assertThat(server.getRequestCount()).isEqualTo(1);
    assertThat(sleeper.waits).isEmpty();
  }

  @Test
  void overloaded_twice_then_success_takes_three_requests() {
    server.enqueue(json(503, Fixtures.OVERLOADED));
    server.enqueue(json(503, Fixtures.OVERLOADED));
    server.enqueue(json(200, stopReply(ANSWERED_TEXT)));

    ChatResponse r = model.chat(request());

    assertThat(r.text()).isEqualTo(ANSWERED_TEXT);
    assertThat(server.getRequestCount()).isEqualTo(3);
    assertThat(sleeper.waits).hasSize(2);
  }

  @Test
  void overload_that_outlasts_the_attempts_surfaces_as_transient_unavailable() {
    GeminiChatModel twoTries =
        model.toBuilder().retryPolicy(RetryPolicy.DEFAULT.withMaxAttempts(2)).build();
    server.enqueue(json(503, Fixtures.OVERLOADED));
    server.enqueue(json(503, Fixtures.OVERLOADED));

    TransientProviderException e =
        assertThrows(TransientProviderException.class, () -> twoTries.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.UNAVAILABLE);
    assertThat(e.httpStatus()).hasValue(503);
    assertThat(e.providerStatus()).hasValue("UNAVAILABLE");
    assertThat(e.getMessage())
        .isEqualTo(
            "gemini: HTTP 503 UNAVAILABLE: The model is overloaded. Please try again later.");
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void invalid_api_key_is_auth_and_not_retried() {
    server.enqueue(json(400, Fixtures.INVALID_KEY));
    server.enqueue(json(200, stopReply(ANSWERED_TEXT)));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> model.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.AUTH);
    assertThat(e.httpStatus()).hasValue(400);
    assertThat(e.providerStatus()).hasValue("INVALID_ARGUMENT");
    assertThat(e.getMessage())
        .contains("HTTP 400 INVALID_ARGUMENT: API key not valid. Please pass a valid API key.");
    assertThat(server.getRequestCount()).isEqualTo(1);
    assertThat(sleeper.waits).isEmpty();
  }

  @Test
  void other_bad_request_is_bad_request_and_not_retried() {
    server.enqueue(
        json(
            400,
            """
        {"error": {"code": 400, "message": "* GenerateContentRequest.generation_config.response_json_schema: unsupported keyword",
                   "status": "INVALID_ARGUMENT"}}
        """));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> model.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.BAD_REQUEST);
    assertThat(e.getMessage()).contains("response_json_schema: unsupported keyword");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void permission_denied_is_auth() {
    server.enqueue(
        json(
            403,
            """
        {"error": {"code": 403, "message": "Method doesn't allow unregistered callers.", "status": "PERMISSION_DENIED"}}
        """));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> model.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.AUTH);
    assertThat(e.httpStatus()).hasValue(403);
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void unknown_model_is_not_found_naming_the_model() {
    GeminiChatModel missing = model.toBuilder().model("gemini-9.9-nope").build();
    server.enqueue(json(404, Fixtures.notFound("gemini-9.9-nope")));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> missing.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.NOT_FOUND);
    assertThat(e.httpStatus()).hasValue(404);
    assertThat(e.getMessage())
        .startsWith("gemini: model gemini-9.9-nope not found")
        .contains("HTTP 404 NOT_FOUND");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void server_error_with_a_non_json_body_is_transient_and_quotes_the_body() {
    GeminiChatModel once = model.toBuilder().retryPolicy(RetryPolicy.NONE).build();
    server.enqueue(
        new MockResponse.Builder()
            .code(500)
            .addHeader("Content-Type", "text/html")
            .body("<html><title>500 Internal Server Error</title></html>")
            .build());

    TransientProviderException e =
        assertThrows(TransientProviderException.class, () -> once.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.UNAVAILABLE);
    assertThat(e.httpStatus()).hasValue(500);
    assertThat(e.providerStatus()).isEmpty();
    assertThat(e.getMessage()).contains("HTTP 500").contains("500 Internal Server Error");
  }

  @Test
  void server_error_is_retried_until_success() {
    server.enqueue(new MockResponse.Builder().code(500).body("upstream connect error").build());
    server.enqueue(json(200, stopReply(ANSWERED_TEXT)));

    assertThat(model.chat(request()).text()).isEqualTo(ANSWERED_TEXT);
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void gateway_timeout_is_transient_timeout() {
    GeminiChatModel once = model.toBuilder().retryPolicy(RetryPolicy.NONE).build();
    server.enqueue(
        json(
            504,
            """
        {"error": {"code": 504, "message": "Deadline exceeded", "status": "DEADLINE_EXCEEDED"}}
        """));

    TransientProviderException e =
        assertThrows(TransientProviderException.class, () -> once.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.TIMEOUT);
    assertThat(e.providerStatus()).hasValue("DEADLINE_EXCEEDED");
  }

  @Test
  void reply_slower_than_the_request_timeout_ends_as_timeout_within_the_bound() {
    server.enqueue(new MockResponse.Builder().onResponseStart(SocketEffect.Stall.INSTANCE).build());
    Duration bound = Duration.ofMillis(400);

    long t0 = System.nanoTime();
    TransientProviderException e =
        assertThrows(TransientProviderException.class, () -> model.chat(request(bound)));
    long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);

    assertThat(e.kind()).isEqualTo(Kind.TIMEOUT);
    assertThat(elapsedMs).isBetween(350L, 1500L);
    assertThat(server.getRequestCount()).as("no retry once the time is spent").isEqualTo(1);
  }

  @Test
  void connection_dropped_mid_body_is_a_connection_failure() {
    GeminiChatModel once = model.toBuilder().retryPolicy(RetryPolicy.NONE).build();
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .body(stopReply(ANSWERED_TEXT.repeat(50)))
            .onResponseBody(new SocketEffect.CloseSocket(true, false, false))
            .build());

    TransientProviderException e =
        assertThrows(TransientProviderException.class, () -> once.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.CONNECTION);
    assertThat(e.getCause()).isInstanceOf(java.io.IOException.class);
  }

  @Test
  void connection_dropped_mid_body_is_retried() {
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "application/json")
            .body(stopReply(ANSWERED_TEXT.repeat(50)))
            .onResponseBody(new SocketEffect.CloseSocket(true, false, false))
            .build());
    server.enqueue(json(200, stopReply(ANSWERED_TEXT)));

    assertThat(model.chat(request()).text()).isEqualTo(ANSWERED_TEXT);
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void redirect_is_not_followed_so_the_key_stays_with_the_api_host() {
    server.enqueue(
        new MockResponse.Builder()
            .code(302)
            .addHeader("Location", "http://elsewhere.invalid/steal")
            .build());

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> model.chat(request()));

    assertThat(e.kind()).isEqualTo(Kind.PROTOCOL);
    assertThat(e.httpStatus()).hasValue(302);
    assertThat(server.getRequestCount()).isEqualTo(1);
  }
}
