package dev.citerag.examples.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.StoreException;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.testkit.fakes.FakeVectorStore;
import dev.citerag.testkit.fakes.ScriptedChatModel;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A store outage is a 503 with a retry hint, not a 500; the page opened under any loopback name the
 * server answers to may upload.
 */
class StoreOutageAndOriginTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private FakeVectorStore store;
  private DemoServer server;

  @BeforeEach
  void start() throws IOException {
    Embedder embedder = new LocalHashingEmbedder();
    store = new FakeVectorStore(embedder.identity().dimensions());
    RagPipeline pipeline =
        RagPipeline.builder()
            .embedder(embedder)
            .store(store)
            .generator(AnswerGenerator.of(new ScriptedChatModel()))
            .build();
    Ingestor ingestor = Ingestor.builder().embedder(embedder).store(store).build();
    server = DemoServer.start("127.0.0.1", 0, pipeline, ingestor, store);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** Sends {@code request} (with {@code Host} and {@code Content-Length} added) and reads all. */
  private String exchange(String head, String body) throws IOException {
    try (Socket s = new Socket("127.0.0.1", server.port())) {
      s.setSoTimeout(30_000);
      byte[] b = body.getBytes(StandardCharsets.UTF_8);
      s.getOutputStream()
          .write(
              (head + "\r\nContent-Length: " + b.length + "\r\n\r\n")
                  .getBytes(StandardCharsets.ISO_8859_1));
      s.getOutputStream().write(b);
      s.getOutputStream().flush();
      InputStream in = s.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static JsonNode body(String reply) throws IOException {
    return JSON.readTree(reply.substring(reply.indexOf("\r\n\r\n") + 4));
  }

  @Test
  void a_store_outage_gives_503_with_retry_after_and_a_readable_message() throws IOException {
    for (String[] call :
        List.of(
            new String[] {"/ask", "{\"question\": \"How do I roll back a release?\"}"},
            new String[] {"/debug/retrieve", "{\"question\": \"How do I roll back?\"}"},
            new String[] {
              "/ingest", "{\"documents\": [{\"id\": \"a.md\", \"content\": \"# A\\n\\nText.\"}]}"
            })) {
      store.failNextCall(
          new StoreException(
              "citerag.pgvector: cannot connect to jdbc:postgresql://db.test/rag", null));
      String reply =
          exchange(
              "POST "
                  + call[0]
                  + " HTTP/1.1\r\nHost: 127.0.0.1:"
                  + server.port()
                  + "\r\nContent-Type: application/json",
              call[1]);
      assertThat(reply).as(call[0]).startsWith("HTTP/1.1 503 ");
      assertThat(reply.toLowerCase(java.util.Locale.ROOT)).contains("\r\nretry-after: 5\r\n");
      JsonNode b = body(reply);
      assertThat(b.path("error").asText()).contains("store is not available").contains("try again");
      assertThat(b.path("retry_after_seconds").asInt()).isEqualTo(5);
      assertThat(reply).doesNotContain("StoreException").doesNotContain("db.test");
    }
  }

  private String upload(String hostName, String origin) throws IOException {
    String boundary = "b0undary";
    String body =
        "--"
            + boundary
            + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"n.md\"\r\n"
            + "Content-Type: text/markdown\r\n\r\n# Note\n\nUploads work from every loopback name.\r\n--"
            + boundary
            + "--\r\n";
    return exchange(
        "POST /ingest HTTP/1.1\r\nHost: "
            + hostName
            + ":"
            + server.port()
            + "\r\nOrigin: "
            + origin
            + "\r\nX-Citerag-Upload: 1\r\nContent-Type: multipart/form-data; boundary="
            + boundary,
        body);
  }

  @Test
  void the_page_opened_at_any_loopback_name_can_upload() throws IOException {
    int port = server.port();
    for (String name : List.of("127.0.0.1", "localhost", "[::1]", "LocalHost")) {
      String reply = upload(name, "http://" + name + ":" + port);
      assertThat(reply).as("page at %s", name).startsWith("HTTP/1.1 200 ");
    }
  }

  @Test
  void an_upload_from_another_origin_is_still_refused() throws IOException {
    int port = server.port();
    for (String origin :
        List.of(
            "http://attacker.example:" + port,
            "http://localhost:" + (port == 1 ? 2 : 1),
            "https://localhost:" + port,
            "http://localhost.attacker.example:" + port,
            "null")) {
      String reply = upload("localhost", origin);
      assertThat(reply).as("Origin %s", origin).startsWith("HTTP/1.1 403 ");
      assertThat(body(reply).path("error").asText()).contains("this page only");
    }
  }
}
