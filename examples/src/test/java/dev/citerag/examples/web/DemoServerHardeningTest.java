package dev.citerag.examples.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.examples.cli.CiteragCli;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 14: four clients sending half a request and going silent stopped the demo from answering
 * {@code GET /} (four worker threads, no read timeout); any {@code Host} was accepted, so a
 * DNS-rebinding page could post to {@code /ingest}; a NUL in a filter value gave a 500; invalid
 * JSON was answered with the parser's internals.
 */
class DemoServerHardeningTest {
  /** Short bounds so that the 408s arrive quickly; the production defaults are 10 s and 30 s. */
  private static final Duration HEADER_TIMEOUT = Duration.ofMillis(1500);

  private static final Duration BODY_TIMEOUT = Duration.ofMillis(1500);

  private static Engine engine;
  private static DemoServer server;

  @BeforeAll
  static void start() throws Exception {
    EngineOptions o = CiteragCli.engineOptions("serve", "--model", "extractive");
    engine =
        Engine.open(
            o,
            Map.of(),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            Engine.Mode.ANSWER);
    server =
        DemoServer.start(
            "127.0.0.1",
            0,
            engine.pipeline(),
            engine.ingestor(),
            engine.store(),
            new BoundedHttpServer.Limits(HEADER_TIMEOUT, BODY_TIMEOUT, 64));
  }

  @AfterAll
  static void stop() {
    server.close();
    engine.close();
  }

  private static Socket open() throws IOException {
    Socket s = new Socket("127.0.0.1", server.port());
    s.setSoTimeout(30_000);
    return s;
  }

  private static String host() {
    return "127.0.0.1:" + server.port();
  }

  /** Everything the server sends until it closes. */
  private static String readAll(Socket s) throws IOException {
    InputStream in = s.getInputStream();
    return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
  }

  @Test
  void sixteen_silent_clients_do_not_stop_the_page_from_being_served() throws Exception {
    // Its own server with long timeouts: the page must come while the silent clients still hold
    // their connections, not after the server has given up on them.
    Duration patience = Duration.ofSeconds(60);
    List<Socket> idle = new ArrayList<>();
    try (DemoServer patient =
        DemoServer.start(
            "127.0.0.1",
            0,
            engine.pipeline(),
            engine.ingestor(),
            engine.store(),
            new BoundedHttpServer.Limits(patience, patience, 64))) {
      String host = "127.0.0.1:" + patient.port();
      for (int i = 0; i < 16; i++) {
        Socket s = new Socket("127.0.0.1", patient.port());
        OutputStream out = s.getOutputStream();
        if (i % 3 == 0) {
          out.write(
              "GET / HTTP/1.1\r\nHost: ".getBytes(StandardCharsets.US_ASCII)); // half a header
        } else if (i % 3 == 1) {
          out.write(
              ("POST /ask HTTP/1.1\r\nHost: "
                      + host
                      + "\r\nContent-Type: application/json\r\n"
                      + "Content-Length: 100\r\n\r\n{\"quest")
                  .getBytes(StandardCharsets.US_ASCII)); // half a body
        } // else: connected, nothing sent
        out.flush();
        idle.add(s);
      }
      // Before the fix the page did not come at all until the silent clients gave up. The page
      // must come while the server still holds every silent client (no wall-clock bound: the
      // server's own configured patience is the bound).
      HttpResponse<String> page = Http.get(patient.uri());
      assertThat(page.statusCode()).isEqualTo(200);
      assertThat(page.body()).contains("<html");
      for (Socket s : idle) {
        assertThat(stillHeld(s)).as("a silent client is still held after the page").isTrue();
      }
    } finally {
      for (Socket s : idle) {
        s.close();
      }
    }
  }

  /**
   * Whether the server still holds {@code s} open without having answered it: a read finds no byte
   * and no end of stream (it times out).
   */
  private static boolean stillHeld(Socket s) throws IOException {
    s.setSoTimeout(50);
    try {
      return s.getInputStream().read() < -1; // never: a byte or the end means it was answered
    } catch (java.net.SocketTimeoutException e) {
      return true;
    }
  }

  @Test
  void a_client_that_stops_inside_its_headers_gets_408() throws Exception {
    try (Socket s = open()) {
      s.getOutputStream().write("GET / HTTP/1.1\r\nHost: 127".getBytes(StandardCharsets.US_ASCII));
      long t0 = System.nanoTime();
      String reply = readAll(s);
      assertThat(reply).startsWith("HTTP/1.1 408 ");
      assertThat(Duration.ofNanos(System.nanoTime() - t0))
          .isGreaterThanOrEqualTo(HEADER_TIMEOUT.minusMillis(200));
    }
  }

  @Test
  void a_client_that_stops_inside_its_body_gets_408() throws Exception {
    try (Socket s = open()) {
      s.getOutputStream()
          .write(
              ("POST /ingest HTTP/1.1\r\nHost: "
                      + host()
                      + "\r\nContent-Type: application/json\r\n"
                      + "Content-Length: 5000\r\n\r\n{\"documents\": [")
                  .getBytes(StandardCharsets.US_ASCII));
      String reply = readAll(s);
      assertThat(reply).startsWith("HTTP/1.1 408 ").contains("request body not received within");
    }
  }

  @Test
  void a_foreign_host_header_is_refused_and_loopback_names_are_served() throws Exception {
    for (String foreign :
        List.of(
            "attacker.example:" + server.port(),
            "127.0.0.1",
            "127.0.0.1:1",
            "localhost.attacker.example:" + server.port(),
            "")) {
      try (Socket s = open()) {
        s.getOutputStream()
            .write(
                ("POST /ingest HTTP/1.1\r\nHost: "
                        + foreign
                        + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
                    .getBytes(StandardCharsets.US_ASCII));
        assertThat(readAll(s)).as("Host: %s", foreign).startsWith("HTTP/1.1 403 ");
      }
    }
    for (String name : List.of("127.0.0.1", "localhost", "LOCALHOST", "[::1]")) {
      try (Socket s = open()) {
        s.getOutputStream()
            .write(
                ("GET / HTTP/1.1\r\nHost: " + name + ":" + server.port() + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
        assertThat(readAll(s)).as("Host: %s", name).startsWith("HTTP/1.1 200 ");
      }
    }
    assertThat(DemoServer.allowedHost(null, server.port())).isFalse();
  }

  @Test
  void a_nul_in_a_filter_value_is_a_400_naming_the_field() {
    HttpResponse<String> r =
        Http.postJson(
            server.uri().resolve("/ask"),
            "{\"question\": \"When are deploys allowed?\", \"filter\": {\"team\": \"plat\\u0000form\"}}");
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.body()).contains("team").contains("NUL");
  }

  @Test
  void invalid_json_is_a_400_that_says_where_without_the_parser_internals() {
    HttpResponse<String> r = Http.postJson(server.uri().resolve("/ask"), "{\"question\": nope}");
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.body())
        .contains("not valid JSON")
        .contains("line 1")
        .doesNotContain("Feature")
        .doesNotContain("Source")
        .doesNotContain("REDACTED");
  }
}
