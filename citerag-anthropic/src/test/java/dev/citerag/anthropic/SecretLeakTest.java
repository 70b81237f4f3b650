package dev.citerag.anthropic;

import static dev.citerag.anthropic.Fixtures.KEY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.citerag.ProviderException;
import dev.citerag.provider.RetryPolicy;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The key must appear in no log line (TRACE included), exception message or stack trace, or {@code
 * toString()}, even when the server echoes it back in an error body or a reply field.
 */
class SecretLeakTest {
  private MockWebServer server;
  private ListAppender<ILoggingEvent> appender;
  private Logger root;
  private Level rootLevel;

  @BeforeEach
  void start() throws Exception {
    server = new MockWebServer();
    server.start();
    root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    rootLevel = root.getLevel();
    root.setLevel(Level.TRACE);
    appender = new ListAppender<>();
    appender.start();
    root.addAppender(appender);
  }

  @AfterEach
  void stop() {
    root.detachAppender(appender);
    root.setLevel(rootLevel);
    server.close();
  }

  private static MockResponse json(int code, String body) {
    return new MockResponse.Builder()
        .code(code)
        .setHeader("content-type", "application/json")
        .body(body)
        .build();
  }

  @Test
  void the_key_never_appears_in_logs_exceptions_or_to_string_even_when_the_server_echoes_it() {
    AnthropicChatModel model =
        Fixtures.claude(server.url("/").toString(), new Fixtures.RecordingSleeper())
            .retryPolicy(RetryPolicy.NONE)
            .build();
    String echo =
        "{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\"message\":\"key "
            + KEY
            + " is invalid\"}}";
    server.enqueue(json(401, echo));
    server.enqueue(json(529, echo.replace("authentication_error", "overloaded_error")));
    server.enqueue(json(400, "<html>proxy saw x-api-key: " + KEY + "</html>"));
    server.enqueue(json(200, KEY + " is not JSON"));
    server.enqueue(
        json(
            200,
            "{\"id\":\"msg_"
                + KEY
                + "\",\"type\":\"message\",\"model\":\""
                + KEY
                + "\",\"content\":[{\"type\":\"text\",\"text\":\"{}\"}],\"stop_reason\":\""
                + KEY
                + "\",\"usage\":{\"input_tokens\":1,\"output_tokens\":1}}"));
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      ProviderException e =
          assertThrows(ProviderException.class, () -> model.chat(Fixtures.request()));
      StringWriter w = new StringWriter();
      e.printStackTrace(new PrintWriter(w));
      texts.add(w.toString());
    }
    var ok = model.chat(Fixtures.request());
    texts.add(ok.toString());
    texts.add(model.toString());
    texts.add(model.toBuilder().toString());
    for (ILoggingEvent ev : appender.list) {
      texts.add(ev.getFormattedMessage());
    }
    assertThat(appender.list).isNotEmpty();
    for (String t : texts) {
      assertThat(t).doesNotContain(KEY).doesNotContain(KEY.substring(14, 30));
    }
  }
}
