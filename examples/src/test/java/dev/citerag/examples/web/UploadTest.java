package dev.citerag.examples.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.examples.PdfDocsCliTest;
import dev.citerag.examples.cli.CiteragCli;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code POST /ingest} with {@code multipart/form-data}: files loaded by type, bad ones named. */
class UploadTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static final String BOUNDARY = "----citerag-test-boundary";

  private Engine engine;
  private DemoServer server;

  @BeforeEach
  void start() throws Exception {
    EngineOptions o = CiteragCli.engineOptions("serve", "--model", "extractive");
    engine =
        Engine.open(
            o,
            Map.of(),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            Engine.Mode.ANSWER);
    server = DemoServer.start("127.0.0.1", 0, engine.pipeline(), engine.ingestor(), engine.store());
  }

  @AfterEach
  void stop() {
    server.close();
    engine.close();
  }

  private static byte[] multipart(Map<String, byte[]> files) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    files.forEach(
        (name, bytes) -> {
          out.writeBytes(
              ("--"
                      + BOUNDARY
                      + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\""
                      + name
                      + "\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                  .getBytes(StandardCharsets.UTF_8));
          out.writeBytes(bytes);
          out.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        });
    out.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }

  private HttpResponse<String> upload(byte[] body, String... headers) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(server.uri().resolve("/ingest"))
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void uploaded_pdf_markdown_and_html_are_ingested_and_a_bad_file_is_named(@TempDir Path dir)
      throws Exception {
    Path pdf = dir.resolve("handbook.pdf");
    PdfDocsCliTest.pdf(
        pdf,
        List.of(List.of("Intro page."), List.of("Cold archives are retained for seven years.")));
    Map<String, byte[]> files = new java.util.LinkedHashMap<>();
    files.put("handbook.pdf", Files.readAllBytes(pdf));
    files.put(
        "team.md",
        "---\nteam: storage\n---\n# Storage team\n\nThe storage team sits on floor four.\n"
            .getBytes(StandardCharsets.UTF_8));
    files.put(
        "page.html",
        "<html><body><nav>Menu</nav><main><p>Badges are renewed every March.</p></main></body></html>"
            .getBytes(StandardCharsets.UTF_8));
    files.put("broken.pdf", "not a pdf".getBytes(StandardCharsets.UTF_8));
    files.put("image.png", new byte[] {1, 2, 3});

    HttpResponse<String> r =
        upload(
            multipart(files),
            DemoServer.UPLOAD_HEADER,
            "1",
            "Origin",
            server.uri().toString().replaceAll("/$", ""));

    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    JsonNode j = JSON.readTree(r.body());
    assertThat(j.get("documents_written").asInt()).isEqualTo(3);
    assertThat(j.get("skipped").toString())
        .contains("broken.pdf: not a readable PDF")
        .contains("image.png: unsupported");

    JsonNode ask =
        JSON.readTree(
            Http.postJson(
                    server.uri().resolve("/ask"),
                    "{\"question\": \"How long are cold archives retained?\"}")
                .body());
    assertThat(ask.get("status").asText()).isEqualTo("answered");
    assertThat(ask.get("citations").get(0).get("source").asText()).isEqualTo("handbook.pdf");
    assertThat(ask.get("citations").get(0).get("page").asInt()).isEqualTo(2);
    JsonNode filtered =
        JSON.readTree(
            Http.postJson(
                    server.uri().resolve("/ask"),
                    "{\"question\": \"Where does the storage team sit?\", \"filter\": {\"team\": \"storage\"}}")
                .body());
    assertThat(filtered.get("status").asText()).isEqualTo("answered");
  }

  @Test
  void uploading_the_same_file_again_replaces_it_and_never_adds_a_copy() throws Exception {
    byte[] content =
        "# Parking\n\nVisitors park on level minus two of the east garage.\n"
            .getBytes(StandardCharsets.UTF_8);
    HttpResponse<String> first =
        upload(multipart(Map.of("parking.md", content)), DemoServer.UPLOAD_HEADER, "1");
    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    assertThat(JSON.readTree(first.body()).get("documents_written").asInt()).isEqualTo(1);
    JsonNode same =
        JSON.readTree(
            upload(multipart(Map.of("parking.md", content)), DemoServer.UPLOAD_HEADER, "1").body());
    assertThat(same.get("documents_written").asInt()).isZero();
    assertThat(same.get("documents_skipped").asInt()).isEqualTo(1);
    // a browser's "parking (1).md": the same document, now under its new name
    upload(multipart(Map.of("parking (1).md", content)), DemoServer.UPLOAD_HEADER, "1");
    JsonNode hits =
        JSON.readTree(
            Http.postJson(
                    server.uri().resolve("/debug/retrieve"),
                    "{\"question\": \"Where do visitors park?\"}")
                .body());
    List<String> sources = new java.util.ArrayList<>();
    for (JsonNode hit : hits.get("retrieved")) {
      if (hit.get("text").asText().contains("level minus two")) {
        sources.add(hit.get("source").asText());
      }
    }
    assertThat(sources)
        .as("one copy of the uploaded text is stored")
        .containsExactly("parking (1).md");
  }

  @Test
  void a_changed_file_uploaded_under_the_same_name_replaces_the_earlier_version() throws Exception {
    byte[] v1 =
        "# Canteen\n\nThe canteen door opens at nine each morning.\n"
            .getBytes(StandardCharsets.UTF_8);
    byte[] v2 =
        "# Canteen\n\nThe canteen door opens at ten each morning.\n"
            .getBytes(StandardCharsets.UTF_8);
    java.util.Set<String> before = engine.store().documentIds();
    HttpResponse<String> first =
        upload(multipart(Map.of("canteen.md", v1)), DemoServer.UPLOAD_HEADER, "1");
    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    JsonNode a1 = ask("When does the canteen door open?");
    assertThat(a1.get("status").asText()).as(a1.toString()).isEqualTo("answered");
    assertThat(a1.get("citations").get(0).get("quote").asText()).contains("at nine");
    java.util.Set<String> afterV1 = new java.util.HashSet<>(engine.store().documentIds());
    afterV1.removeAll(before);
    assertThat(afterV1).hasSize(1);
    long chunksWithV1 = engine.store().chunkCount();

    HttpResponse<String> second =
        upload(multipart(Map.of("canteen.md", v2)), DemoServer.UPLOAD_HEADER, "1");

    assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
    JsonNode report = JSON.readTree(second.body());
    assertThat(report.get("documents_written").asInt()).isEqualTo(1);
    assertThat(report.get("documents_removed").asInt()).isEqualTo(1);
    JsonNode a2 = ask("When does the canteen door open?");
    assertThat(a2.get("status").asText()).as(a2.toString()).isEqualTo("answered");
    for (JsonNode c : a2.get("citations")) {
      assertThat(c.get("quote").asText()).doesNotContain("at nine");
    }
    assertThat(a2.get("citations").get(0).get("quote").asText()).contains("at ten");
    java.util.Set<String> afterV2 = new java.util.HashSet<>(engine.store().documentIds());
    afterV2.removeAll(before);
    assertThat(afterV2).hasSize(1).doesNotContainAnyElementsOf(afterV1);
    assertThat(engine.store().chunkCount()).isEqualTo(chunksWithV1);
    JsonNode hits =
        JSON.readTree(
            Http.postJson(
                    server.uri().resolve("/debug/retrieve"),
                    "{\"question\": \"When does the canteen door open?\", \"k\": 100}")
                .body());
    for (JsonNode hit : hits.get("retrieved")) {
      assertThat(hit.get("text").asText()).doesNotContain("at nine");
    }
  }

  @Test
  void a_file_name_longer_than_the_limit_is_refused_naming_the_limit() throws Exception {
    String name = "n".repeat(Uploads.MAX_NAME_CHARS - 3) + ".md";
    String tooLong = "n".repeat(Uploads.MAX_NAME_CHARS - 2) + "x.md";
    Map<String, byte[]> files = new java.util.LinkedHashMap<>();
    files.put(name, "# Ok\n\nfits\n".getBytes(StandardCharsets.UTF_8));
    files.put(tooLong, "# Long\n\ntoo long\n".getBytes(StandardCharsets.UTF_8));

    HttpResponse<String> r = upload(multipart(files), DemoServer.UPLOAD_HEADER, "1");

    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    JsonNode j = JSON.readTree(r.body());
    assertThat(j.get("documents_written").asInt()).isEqualTo(1);
    assertThat(j.get("rejected").get(0).get("status").asInt()).isEqualTo(400);
    assertThat(j.get("rejected").get(0).get("reason").asText())
        .contains("at most " + Uploads.MAX_NAME_CHARS);
  }

  private JsonNode ask(String question) throws Exception {
    return JSON.readTree(
        Http.postJson(
                server.uri().resolve("/ask"), JSON.writeValueAsString(Map.of("question", question)))
            .body());
  }

  @Test
  void an_upload_without_the_header_or_from_another_origin_is_refused() throws Exception {
    byte[] body = multipart(Map.of("a.md", "# A\n\ntext".getBytes(StandardCharsets.UTF_8)));
    HttpResponse<String> noHeader = upload(body);
    assertThat(noHeader.statusCode()).isEqualTo(403);
    assertThat(JSON.readTree(noHeader.body()).get("error").asText())
        .contains(DemoServer.UPLOAD_HEADER);
    HttpResponse<String> foreign =
        upload(body, DemoServer.UPLOAD_HEADER, "1", "Origin", "http://evil.example");
    assertThat(foreign.statusCode()).isEqualTo(403);
  }

  @Test
  void a_malformed_or_empty_upload_is_a_400() throws Exception {
    HttpResponse<String> none =
        upload(
            ("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8),
            DemoServer.UPLOAD_HEADER,
            "1");
    assertThat(none.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(none.body()).get("error").asText()).contains("no file");
    HttpResponse<String> allBad =
        upload(
            multipart(Map.of("x.pdf", "nope".getBytes(StandardCharsets.UTF_8))),
            DemoServer.UPLOAD_HEADER,
            "1");
    assertThat(allBad.statusCode()).isEqualTo(422);
    assertThat(JSON.readTree(allBad.body()).get("skipped").get(0).asText()).startsWith("x.pdf: ");
    assertThat(JSON.readTree(allBad.body()).get("rejected").get(0).get("status").asInt())
        .isEqualTo(422);
  }

  @Test
  void hostile_files_get_a_4xx_each_and_the_good_files_beside_them_are_kept() throws Exception {
    // before: the 8,000-deep page threw StackOverflowError: 500, the good file lost
    Map<String, byte[]> files = new java.util.LinkedHashMap<>();
    files.put(
        "good.md",
        "# Vault\n\nThe vault door opens at nine each morning.\n".getBytes(StandardCharsets.UTF_8));
    files.put(
        "deep.html",
        ("<html><body>" + "<div>".repeat(8_000) + "deep" + "</div>".repeat(8_000))
            .getBytes(StandardCharsets.UTF_8));
    files.put("bomb.pdf", HostileFiles.formBombPdf(9, 10));
    files.put("loop.pdf", HostileFiles.loopingOutlinePdf());
    files.put("nul.md", "# Nul\n\nbefore\0after\n".getBytes(StandardCharsets.UTF_8));

    HttpResponse<String> r = upload(multipart(files), DemoServer.UPLOAD_HEADER, "1");

    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    JsonNode j = JSON.readTree(r.body());
    assertThat(j.get("documents_written").asInt()).isEqualTo(2); // good.md and loop.pdf
    Map<String, Integer> status = new java.util.TreeMap<>();
    Map<String, String> reason = new java.util.TreeMap<>();
    for (JsonNode f : j.get("rejected")) {
      status.put(f.get("file").asText(), f.get("status").asInt());
      reason.put(f.get("file").asText(), f.get("reason").asText());
    }
    assertThat(status)
        .containsExactly(
            Map.entry("bomb.pdf", 422), Map.entry("deep.html", 422), Map.entry("nul.md", 422));
    assertThat(reason.get("deep.html")).contains("maxDepth");
    assertThat(reason.get("bomb.pdf")).contains("maxCharsPerPage");
    assertThat(reason.get("nul.md")).contains("NUL byte");
    JsonNode ask =
        JSON.readTree(
            Http.postJson(
                    server.uri().resolve("/ask"),
                    "{\"question\": \"When does the vault door open?\"}")
                .body());
    assertThat(ask.get("status").asText()).isEqualTo("answered");
  }
}
