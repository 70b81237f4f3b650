package dev.citerag.ollama;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ResponseSchema;
import dev.citerag.provider.internal.Retrier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;

/** Payloads shaped like a real Ollama server's (v0.33) and small helpers shared by the tests. */
final class OllamaFixtures {
  private OllamaFixtures() {}

  static final ObjectMapper JSON = new ObjectMapper();

  /** Digests in the form /api/tags lists them: SHA-256, 64 hex digits, no prefix (made up). */
  static final String NOMIC_DIGEST =
      "0a109f422b47e3a30ba2b10eca18548e944e8a23073ee3f3e947efcf3c45e59f";

  static final String NOMIC_DIGEST_REPULLED =
      "970aa74c0a90ef7482477cf803618e776e173c007bf957f635f1015bfcfef0e6";

  static final String ANSWERED_CONTENT =
      "{\"status\":\"answered\",\"answer\":\"Run deploy rollback.\",\"claims\":[{\"text\":\"Run"
          + " deploy rollback.\",\"citations\":[{\"source_id\":\"k7q\",\"quote\":\"run deploy"
          + " rollback to return\"}]}]}";

  static final String NOT_IN_SOURCES_CONTENT =
      "{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]}";

  /** A recording sleeper: the retrier's waits are kept instead of slept. */
  static final class RecordingSleeper implements Retrier.Sleeper {
    final List<Duration> waits = new CopyOnWriteArrayList<>();

    @Override
    public void sleep(Duration d) {
      waits.add(d);
    }
  }

  /** A non-streamed /api/chat reply with every metric, as llama3.2 sends it. */
  static String chatReply(String content, String doneReason) {
    ObjectNode message = JSON.createObjectNode().put("role", "assistant").put("content", content);
    ObjectNode reply = JSON.createObjectNode();
    reply.put("model", "llama3.2");
    reply.put("created_at", "2026-08-21T09:14:03.285406455Z");
    reply.set("message", message);
    reply.put("done_reason", doneReason);
    reply.put("done", true);
    reply.put("total_duration", 4_883_583_458L);
    reply.put("load_duration", 1_334_875L);
    reply.put("prompt_eval_count", 412);
    reply.put("prompt_eval_duration", 342_546_000L);
    reply.put("eval_count", 57);
    reply.put("eval_duration", 4_535_599_000L);
    return reply.toString();
  }

  static MockResponse json(int code, String body) {
    return new MockResponse.Builder()
        .code(code)
        .setHeader("Content-Type", "application/json; charset=utf-8")
        .body(body)
        .build();
  }

  static MockResponse ok(String body) {
    return json(200, body);
  }

  static ObjectNode answerSchema() {
    try {
      return (ObjectNode)
          JSON.readTree(
              """
          {"type":"object",
           "properties":{
             "status":{"type":"string","enum":["answered","not_in_sources"]},
             "answer":{"type":"string"},
             "claims":{"type":"array","items":{"type":"object",
               "properties":{"text":{"type":"string"},
                 "citations":{"type":"array","items":{"type":"object",
                   "properties":{"source_id":{"type":"string"},"quote":{"type":"string"}},
                   "required":["source_id","quote"]}}},
               "required":["text","citations"]}}},
           "required":["status","answer","claims"]}
          """);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static ChatRequest request(Duration timeout) {
    return new ChatRequest(
        "Answer only from the sources. Reply with JSON.",
        "{\"question\":\"How do I roll back?\",\"sources\":[{\"id\":\"k7q\",\"text\":\"...\"}]}",
        new ResponseSchema("citerag_answer", answerSchema().toString()),
        0.0,
        512,
        timeout);
  }

  static ChatRequest request() {
    return request(null);
  }

  static JsonNode body(RecordedRequest recorded) {
    try {
      return JSON.readTree(recorded.getBody().utf8());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static RecordedRequest take(MockWebServer server) throws InterruptedException {
    RecordedRequest r = server.takeRequest(5, TimeUnit.SECONDS);
    if (r == null) {
      throw new AssertionError("the server received no request within 5 s");
    }
    return r;
  }

  /** A port on which nothing listens: bound, then released. */
  static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  static String baseUrl(MockWebServer server) {
    return server.url("/").toString();
  }
}
