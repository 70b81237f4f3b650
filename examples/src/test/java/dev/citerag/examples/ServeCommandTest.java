package dev.citerag.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ServeCommandTest {

  @Test
  void serve_prints_its_address_answers_http_and_stops_when_interrupted() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Main main =
        new Main(
            Cli.offline(),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    AtomicInteger status = new AtomicInteger(-1);
    Thread t =
        new Thread(
            () -> status.set(main.run("serve", "--port", "0", "--model", "extractive")),
            "serve-test");
    t.start();

    Pattern url =
        Pattern.compile(
            "citerag: serving the sample corpus \\(12 documents\\) at (http://127\\.0\\.0\\.1:\\d+/) \\(Ctrl-C to stop\\)");
    String address = null;
    long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (address == null && System.nanoTime() < until && t.isAlive()) {
      Matcher m = url.matcher(out.toString(StandardCharsets.UTF_8));
      if (m.find()) {
        address = m.group(1);
      } else {
        Thread.sleep(50);
      }
    }
    assertThat(address).as("stdout: %s%nstderr: %s", out, err).isNotNull();

    HttpClient client = HttpClient.newHttpClient();
    HttpResponse<String> page =
        client.send(
            HttpRequest.newBuilder(URI.create(address)).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.body()).contains("<title>citerag");

    t.interrupt();
    t.join(10_000);
    assertThat(t.isAlive()).isFalse();
    assertThat(status.get()).isEqualTo(Main.EXIT_OK);
    String stopped = address;
    assertThrows(
        ConnectException.class,
        () ->
            client.send(
                HttpRequest.newBuilder(URI.create(stopped)).build(),
                HttpResponse.BodyHandlers.ofString()));
  }

  @Test
  void a_port_in_use_is_an_error() throws IOException {
    try (java.net.ServerSocket taken =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      Cli.Run r =
          Cli.run(
              Cli.offline(),
              "serve",
              "--model",
              "extractive",
              "--port",
              String.valueOf(taken.getLocalPort()));
      assertThat(r.status()).isEqualTo(Main.EXIT_ERROR);
      assertThat(r.err())
          .contains("citerag: error: cannot listen on 127.0.0.1:" + taken.getLocalPort());
    }
  }
}
