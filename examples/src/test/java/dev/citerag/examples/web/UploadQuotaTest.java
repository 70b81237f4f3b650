package dev.citerag.examples.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.embed.Embedder;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.testkit.fakes.ScriptedChatModel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Uploads are stored on disk under a quota: the heap an upload costs does not grow with its size
 * (measured as bytes allocated by the server's threads), 413 past the size limit, 507 past the
 * space for uploads in progress, and nothing left behind.
 */
class UploadQuotaTest {
  private static final String BOUNDARY = "quota-boundary";

  @TempDir Path spoolDir;
  private UploadSpool spool;
  private DemoServer server;

  private void start(long maxSpooled) throws IOException {
    Embedder embedder = new LocalHashingEmbedder();
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    RagPipeline pipeline =
        RagPipeline.builder()
            .embedder(embedder)
            .store(store)
            .generator(AnswerGenerator.of(new ScriptedChatModel()))
            .build();
    spool = new UploadSpool(spoolDir, maxSpooled, 0);
    server =
        DemoServer.start(
            "127.0.0.1",
            0,
            pipeline,
            Ingestor.builder().embedder(embedder).store(store).build(),
            store,
            BoundedHttpServer.Limits.DEFAULT,
            spool);
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
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

  /** Sends the head and, unless {@code declaredOnly}, the body in 64 KiB writes; reads all. */
  private String post(byte[] body, long contentLength, boolean declaredOnly) throws IOException {
    try (Socket s = new Socket("127.0.0.1", server.port())) {
      s.setSoTimeout(60_000);
      OutputStream out = s.getOutputStream();
      out.write(
          ("POST /ingest HTTP/1.1\r\nHost: 127.0.0.1:"
                  + server.port()
                  + "\r\nX-Citerag-Upload: 1\r\nContent-Type: multipart/form-data; boundary="
                  + BOUNDARY
                  + "\r\nContent-Length: "
                  + contentLength
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      if (!declaredOnly) {
        try {
          for (int i = 0; i < body.length; i += 64 * 1024) {
            out.write(body, i, Math.min(64 * 1024, body.length - i));
          }
          out.flush();
        } catch (java.net.SocketException refusedEarly) {
          // the server may answer and stop reading before the whole body is sent: read its reply
        }
      }
      return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Bytes allocated so far by the server's threads (named citerag-web-*). */
  private static long serverAllocated() {
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long total = 0;
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith("citerag-web-")) {
        total += Math.max(0, mx.getThreadAllocatedBytes(t.getId()));
      }
    }
    return total;
  }

  private void assertNothingLeftBehind() throws IOException {
    assertThat(spool.reserved()).isZero();
    try (Stream<Path> left = Files.list(spoolDir)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void a_12_mb_upload_costs_the_server_a_small_fraction_of_its_size_in_heap() throws Exception {
    start(UploadSpool.MAX_SPOOLED_BYTES);
    byte[] big = new byte[12 * 1024 * 1024];
    Arrays.fill(big, (byte) 'x');
    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put(
        "note.md", "# Note\n\nThe upload is stored on disk.\n".getBytes(StandardCharsets.UTF_8));
    files.put("big.bin", big); // stored, split out and skipped: never loaded
    byte[] body = multipart(files);
    // warm up: classes loaded, threads started, buffers sized
    assertThat(post(body, body.length, false)).startsWith("HTTP/1.1 200 ");
    long before = serverAllocated();
    String reply = post(body, body.length, false);
    long allocated = serverAllocated() - before;
    System.out.printf(
        "upload of %d bytes: %d bytes allocated by the server's threads%n", body.length, allocated);
    assertThat(reply).startsWith("HTTP/1.1 200 ").contains("big.bin");
    // before: the body was read whole into a byte array, and each file again (>= 2x its size)
    assertThat(allocated).as("bytes allocated by the server").isLessThan(body.length / 8);
    assertNothingLeftBehind();
  }

  @Test
  void an_upload_over_the_size_limit_gets_413_before_its_body_is_read() throws Exception {
    start(UploadSpool.MAX_SPOOLED_BYTES);
    String reply = post(new byte[0], UploadSpool.MAX_UPLOAD_BYTES + 1, true);
    assertThat(reply)
        .startsWith("HTTP/1.1 413 ")
        .contains(Long.toString(UploadSpool.MAX_UPLOAD_BYTES));
    assertNothingLeftBehind();
  }

  @Test
  void an_upload_over_the_space_for_uploads_in_progress_gets_507() throws Exception {
    start(1024 * 1024);
    byte[] body =
        multipart(
            Map.of("a.md", ("# A\n\n" + "word ".repeat(120_000)).getBytes(StandardCharsets.UTF_8)));
    assertThat(body.length).isGreaterThan(512 * 1024);
    String reply = post(body, body.length, false);
    assertThat(reply).startsWith("HTTP/1.1 507 ");
    assertNothingLeftBehind();
  }

  @Test
  void a_file_over_the_per_file_limit_is_skipped_with_its_reason_and_the_rest_is_kept()
      throws Exception {
    start(UploadSpool.MAX_SPOOLED_BYTES);
    Map<String, byte[]> files = new LinkedHashMap<>();
    files.put("ok.md", "# Ok\n\nThis file is small enough.\n".getBytes(StandardCharsets.UTF_8));
    byte[] huge = new byte[(int) UploadSpool.MAX_FILE_BYTES + 1];
    Arrays.fill(huge, (byte) 'y');
    files.put("huge.md", huge);
    byte[] body = multipart(files);
    String reply = post(body, body.length, false);
    assertThat(reply).startsWith("HTTP/1.1 200 ").contains("huge.md: larger than");
    assertNothingLeftBehind();
  }
}
