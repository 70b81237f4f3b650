package dev.citerag.gemini;

import static dev.citerag.gemini.Fixtures.ANSWERED_TEXT;
import static dev.citerag.gemini.Fixtures.KEY;
import static dev.citerag.gemini.Fixtures.json;
import static dev.citerag.gemini.Fixtures.request;
import static dev.citerag.gemini.Fixtures.stopReply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import dev.citerag.ProviderException;
import dev.citerag.embed.DocumentText;
import dev.citerag.provider.RetryPolicy;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The key must appear in no log line (TRACE included), exception message or stack trace, {@code
 * toString()} or URL, even when the server echoes it back in an error body.
 */
class SecretLeakTest {
  private MockWebServer server;
  private ListAppender<ILoggingEvent> appender;
  private Logger root;
  private Level rootLevel;
  private Level citeragLevel;

  @BeforeEach
  void start() throws Exception {
    server = new MockWebServer();
    server.start();
    root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    Logger citerag = (Logger) LoggerFactory.getLogger("dev.citerag");
    rootLevel = root.getLevel();
    citeragLevel = citerag.getLevel();
    root.setLevel(Level.TRACE);
    citerag.setLevel(Level.TRACE);
    appender = new ListAppender<>();
    appender.start();
    root.addAppender(appender);
  }

  @AfterEach
  void stop() {
    root.detachAppender(appender);
    root.setLevel(rootLevel);
    ((Logger) LoggerFactory.getLogger("dev.citerag")).setLevel(citeragLevel);
    server.close();
  }

  @Test
  void key_never_appears_in_logs_exceptions_to_string_or_urls() throws Exception {
    Fixtures.RecordingSleeper sleeper = new Fixtures.RecordingSleeper();
    GeminiChatModel chat = Fixtures.chat(server, sleeper).build();
    GeminiChatModel once = chat.toBuilder().retryPolicy(RetryPolicy.NONE).build();
    GeminiEmbedder embedder =
        Fixtures.embedder(server, sleeper).retryPolicy(RetryPolicy.NONE).build();
    List<ProviderException> failures = new ArrayList<>();

    // succeeding calls, one after a retry
    server.enqueue(json(503, Fixtures.OVERLOADED));
    server.enqueue(json(200, stopReply(ANSWERED_TEXT)));
    chat.chat(request());
    server.enqueue(json(200, "{\"embeddings\": [{\"values\": [" + "0.5, ".repeat(767) + "0.5]}]}"));
    embedder.embedQuery("q");

    // failing calls; several bodies echo the key, as a misbehaving proxy might
    server.enqueue(json(400, Fixtures.INVALID_KEY));
    server.enqueue(
        json(
            400,
            "{\"error\":{\"code\":400,\"message\":\"API key "
                + KEY
                + " not valid.\",\"status\":\"INVALID_ARGUMENT\"}}"));
    server.enqueue(
        new MockResponse.Builder()
            .code(500)
            .body("<html>upstream rejected key=" + KEY + "</html>")
            .build());
    server.enqueue(new MockResponse.Builder().code(200).body(KEY + " is not JSON").build());
    server.enqueue(json(429, Fixtures.RATE_LIMITED_PER_DAY));
    server.enqueue(json(404, Fixtures.notFound("gemini-2.5-flash")));
    server.enqueue(
        new MockResponse.Builder()
            .code(200)
            .body(stopReply(ANSWERED_TEXT.repeat(40)))
            .onResponseBody(new SocketEffect.CloseSocket(true, false, false))
            .build());
    for (int i = 0; i < 7; i++) {
      failures.add(assertThrows(ProviderException.class, () -> once.chat(request())));
    }
    server.enqueue(
        json(
            403,
            "{\"error\":{\"code\":403,\"message\":\"key "
                + KEY
                + " lacks permission\","
                + "\"status\":\"PERMISSION_DENIED\"}}"));
    failures.add(
        assertThrows(
            ProviderException.class, () -> embedder.embedDocuments(List.of(DocumentText.of("d")))));
    server.enqueue(json(200, "{\"embeddings\": [{\"values\": \"" + KEY + "\"}]}"));
    failures.add(assertThrows(ProviderException.class, () -> embedder.embedQuery("q")));

    // the key was really in use, in the header only
    int requests = server.getRequestCount();
    assertThat(requests).isEqualTo(12);
    for (int i = 0; i < requests; i++) {
      RecordedRequest r = server.takeRequest();
      assertThat(r.getHeaders().get("x-goog-api-key")).isEqualTo(KEY);
      assertThat(r.getUrl().toString()).doesNotContain(KEY);
      assertThat(r.getRequestLine()).doesNotContain(KEY);
    }

    // every failure was typed, and no message or stack trace holds the key
    assertThat(failures)
        .extracting(ProviderException::kind)
        .containsExactly(
            ProviderException.Kind.AUTH,
            ProviderException.Kind.BAD_REQUEST,
            ProviderException.Kind.UNAVAILABLE,
            ProviderException.Kind.PROTOCOL,
            ProviderException.Kind.RATE_LIMITED,
            ProviderException.Kind.NOT_FOUND,
            ProviderException.Kind.CONNECTION,
            ProviderException.Kind.AUTH,
            ProviderException.Kind.PROTOCOL);
    for (ProviderException e : failures) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      assertThat(trace.toString()).as("stack trace of %s", e.kind()).doesNotContain(KEY);
      assertThat(e.toString()).doesNotContain(KEY);
    }
    assertThat(failures.get(1).getMessage())
        .as("echoed key is masked, the rest kept")
        .contains("API key **** not valid.");

    // logs at TRACE were produced and none holds the key
    List<ILoggingEvent> events = appender.list;
    assertThat(events)
        .anySatisfy(ev -> assertThat(ev.getFormattedMessage()).contains("apiKey=****"));
    assertThat(events).anySatisfy(ev -> assertThat(ev.getLevel()).isEqualTo(Level.TRACE));
    assertThat(events)
        .anySatisfy(ev -> assertThat(ev.getFormattedMessage()).contains("status=200"));
    for (ILoggingEvent ev : events) {
      assertThat(ev.getFormattedMessage()).doesNotContain(KEY);
      IThrowableProxy tp = ev.getThrowableProxy();
      if (tp != null) {
        assertThat(ThrowableProxyUtil.asString(tp)).doesNotContain(KEY);
      }
    }

    assertThat(chat.toString()).doesNotContain(KEY);
    assertThat(embedder.toString()).doesNotContain(KEY);
    assertThat(chat.name()).doesNotContain(KEY);
  }

  /**
   * Issue 14: a 429 whose {@code QuotaFailure.violations[].quotaId} carries the key put it whole
   * into the exception message (and from there into the CLI output and the web page). Every
   * provider-derived string is scrubbed now: message, status, quota ids, help links, and the
   * metadata of a successful reply (model version, response id, finish reason).
   */
  @Test
  void key_in_quota_ids_help_links_and_reply_metadata_is_masked() throws Exception {
    GeminiChatModel once =
        Fixtures.chat(server, new Fixtures.RecordingSleeper())
            .retryPolicy(RetryPolicy.NONE)
            .build();
    String quota =
        """
        {"error": {"code": 429, "message": "Quota exceeded for key %1$s", "status": "RESOURCE_EXHAUSTED",
          "details": [
            {"@type": "type.googleapis.com/google.rpc.QuotaFailure",
             "violations": [{"quotaMetric": "m/%1$s", "quotaId": "GenerateRequestsPerDay-for-key-%1$s"}]},
            {"@type": "type.googleapis.com/google.rpc.Help",
             "links": [{"description": "see", "url": "https://example.test/quota?key=%1$s"}]},
            {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "RATE_%1$s",
             "metadata": {"key": "%1$s"}}]}}
        """
            .formatted(KEY);
    server.enqueue(json(429, quota));
    ProviderException daily = assertThrows(ProviderException.class, () -> once.chat(request()));
    assertThat(daily.kind()).isEqualTo(ProviderException.Kind.RATE_LIMITED);
    assertThat(daily.retryable()).as("a daily quota is not retried").isFalse();
    assertThat(daily.getMessage()).contains("GenerateRequestsPerDay-for-key-****");
    assertNoPieceOfKey(daily.getMessage());
    assertNoPieceOfKey(String.valueOf(daily.providerStatus().orElse("")));

    // a status word that is not canonical, and control characters that would drive a terminal
    server.enqueue(
        json(
            503,
            "{\"error\":{\"code\":503,\"message\":\"\\u001b[2Jdown "
                + KEY.substring(3, 30)
                + "\",\"status\":\"UNAVAILABLE\"}}"));
    ProviderException down = assertThrows(ProviderException.class, () -> once.chat(request()));
    assertNoPieceOfKey(down.getMessage());
    assertThat(down.getMessage()).doesNotContain("\u001b");

    String reply =
        stopReply(ANSWERED_TEXT)
            .replace("\"gemini-2.5-flash\"", "\"gemini-2.5-flash-" + KEY + "\"")
            .replace("NyTxaYuTJ_OW_uMPgIPKgAg", "id-" + KEY)
            .replace("\"STOP\"", "\"STOP_" + KEY + "\"");
    server.enqueue(json(200, reply));
    dev.citerag.chat.ChatResponse r = once.chat(request());
    assertNoPieceOfKey(r.model());
    assertNoPieceOfKey(java.util.Objects.requireNonNullElse(r.responseId(), ""));
    assertNoPieceOfKey(r.providerFinishReason());
    for (ILoggingEvent ev : appender.list) {
      assertNoPieceOfKey(ev.getFormattedMessage());
    }
  }

  private static void assertNoPieceOfKey(String text) {
    for (int i = 0; i + 10 <= KEY.length(); i++) {
      assertThat(text).as("piece %d of the key", i).doesNotContain(KEY.substring(i, i + 10));
    }
  }

  @Test
  void invalid_key_in_the_environment_is_reported_without_its_value() {
    String bad = "AIzaSyD-bad key-0123456789";
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> GeminiChatModel.builder().environment(Map.of("GEMINI_API_KEY", bad)).build());

    assertThat(e)
        .hasMessageStartingWith(
            "environment variable GEMINI_API_KEY must contain only visible ASCII");
    assertThat(e.getMessage()).doesNotContain("AIzaSyD");
  }
}
