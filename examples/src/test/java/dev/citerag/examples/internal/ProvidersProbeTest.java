package dev.citerag.examples.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.testkit.wire.FakeOllamaServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 14: every offline {@code ask} paid about 1.1 s probing for Ollama, most of it starting the
 * JDK's HTTP client. The probe is now a bare socket: no HTTP client (and none of its selector
 * threads) is started for an {@code http} address, and a refused connection costs milliseconds.
 */
class ProvidersProbeTest {

  private static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static long httpClientThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("HttpClient-") && t.isAlive())
        .count();
  }

  @Test
  void probing_a_closed_port_starts_no_http_client_and_takes_milliseconds() throws Exception {
    String base = "http://127.0.0.1:" + closedPort();
    long threadsBefore = httpClientThreads();
    Duration best = Duration.ofDays(1);
    for (int i = 0; i < 5; i++) {
      long t0 = System.nanoTime();
      assertThat(Providers.ollamaAnswers(base)).isFalse();
      Duration took = Duration.ofNanos(System.nanoTime() - t0);
      best = took.compareTo(best) < 0 ? took : best;
    }
    assertThat(httpClientThreads())
        .as("HTTP client selector threads started by the probe")
        .isEqualTo(threadsBefore);
    // The best of five, so that a busy machine does not decide it; the old probe took ~1 s.
    assertThat(best).isLessThan(Duration.ofMillis(200));
  }

  @Test
  void the_probe_still_finds_a_running_server_and_the_choice_says_where() {
    try (FakeOllamaServer ollama = new FakeOllamaServer()) {
      assertThat(Providers.ollamaAnswers(ollama.baseUrl())).isTrue();
      Providers.ModelChoice c =
          Providers.chooseModel(Optional.empty(), Map.of("OLLAMA_HOST", ollama.baseUrl()));
      assertThat(c.kind()).isEqualTo("ollama");
    }
  }
}
