package dev.citerag.pgvector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.citerag.StoreException;
import dev.citerag.pgvector.internal.PgUrl;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.LoggerFactory;

/** Every path that prints a JDBC URL or the pool's settings masks every credential. */
class CredentialMaskingTest {
  static final String SECRET = "Zx9qSecret";

  /** URL templates; {@code PORT} is a port nobody listens on. */
  static List<String> urls() {
    return List.of(
        "jdbc:postgresql://127.0.0.1:PORT/rag?PassWord=" + SECRET,
        "jdbc:postgresql://127.0.0.1:PORT/rag?sslmode=disable&PASSWORD=" + SECRET + "&x=1",
        "jdbc:postgresql://127.0.0.1:PORT/rag?SSLPassword=" + SECRET,
        "jdbc:postgresql://rag:" + SECRET + "/a@b@127.0.0.1:PORT/rag",
        "jdbc:postgresql://rag:p@" + SECRET + "/x@127.0.0.1:PORT/rag?sslmode=disable",
        "postgresql://rag:" + SECRET + "@@127.0.0.1:PORT/rag");
  }

  @ParameterizedTest
  @MethodSource("urls")
  void the_parsed_url_and_its_display_hold_no_credential(String template) {
    PgUrl u = PgUrl.parse(template.replace("PORT", "5432"), "jdbcUrl");
    assertThat(u.display()).doesNotContain(SECRET).contains("127.0.0.1:5432");
    assertThat(u.toString()).doesNotContain(SECRET);
    // what the driver gets: the password taken out; any other credential parameter under the
    // lower-case name the driver and the pool's own masking know
    assertThat(u.jdbcUrl()).doesNotContain("PassWord").doesNotContain("PASSWORD");
    assertThat(u.jdbcUrl().replaceAll("sslpassword=[^&]*", "")).doesNotContain(SECRET);
    assertThat(u.jdbcUrl()).startsWith("jdbc:postgresql://127.0.0.1:5432/rag");
  }

  @ParameterizedTest
  @MethodSource("urls")
  void the_pools_debug_dump_and_the_connect_error_hold_no_credential(String template)
      throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    String url = template.replace("PORT", Integer.toString(port));
    Logger hikari = (Logger) LoggerFactory.getLogger("com.zaxxer.hikari");
    ListAppender<ILoggingEvent> seen = new ListAppender<>();
    seen.start();
    Level before = hikari.getLevel();
    hikari.setLevel(Level.DEBUG);
    hikari.addAppender(seen);
    StoreException e;
    try {
      e =
          assertThrows(
              StoreException.class,
              () ->
                  PgVectorStore.builder().jdbcUrl(url).collection("masking").dimensions(3).build());
    } finally {
      hikari.detachAppender(seen);
      hikari.setLevel(before);
    }
    String dump =
        seen.list.stream()
            .map(ILoggingEvent::getFormattedMessage)
            .collect(Collectors.joining("\n"));
    assertThat(dump).contains("jdbcUrl");
    assertThat(dump).doesNotContain(SECRET);
    assertThat(e.getMessage()).doesNotContain(SECRET);
  }
}
