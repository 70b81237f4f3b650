package dev.citerag.testkit.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.answer.internal.AnswerSchema;
import dev.citerag.context.BuiltContext;
import dev.citerag.testkit.fakes.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FakeOllamaServerTest {

  private static final String QUESTION = "How do I roll back a release?";

  private final FakeOllamaServer ollama = new FakeOllamaServer();
  private final BuiltContext ctx = WireFixtures.context(QUESTION);

  @AfterEach
  void close() {
    ollama.close();
  }

  /** A chat request as an Ollama adapter would build it. */
  private ObjectNode chatRequest(String model, Boolean stream) {
    ObjectNode r = Http.JSON.createObjectNode();
    r.put("model", model);
    ArrayNode messages = r.putArray("messages");
    messages.addObject().put("role", "system").put("content", ctx.systemInstruction());
    messages.addObject().put("role", "user").put("content", ctx.userContent());
    if (stream != null) {
      r.put("stream", stream);
    }
    r.set("format", AnswerSchema.schema());
    r.putObject("options").put("temperature", 0).put("num_predict", 1024);
    r.put("think", false);
    return r;
  }

  private Http.Result chat(ObjectNode body) {
    return Http.post(ollama.baseUrl() + "/api/chat", body.toString());
  }

  @Test
  void answers_a_non_streaming_chat_in_ollamas_shape_citing_the_id_it_was_sent() throws Exception {
    ollama.onQuestion(
        "roll back", Reply.quoting("Run deployctl rollback --service <name> --to <sha>"));

    Http.Result r = chat(chatRequest("llama3.2", false));

    assertThat(r.status()).isEqualTo(200);
    JsonNode root = r.json();
    assertThat(root.get("model").asText()).isEqualTo("llama3.2");
    assertThat(root.get("created_at").asText())
        .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z");
    assertThat(root.at("/message/role").asText()).isEqualTo("assistant");
    assertThat(root.at("/message").has("thinking")).isFalse();
    assertThat(root.get("done").asBoolean()).isTrue();
    assertThat(root.get("done_reason").asText()).isEqualTo("stop");
    for (String f :
        List.of(
            "total_duration",
            "load_duration",
            "prompt_eval_count",
            "prompt_eval_duration",
            "eval_count",
            "eval_duration")) {
      assertThat(root.get(f).canConvertToLong()).as(f).isTrue();
      assertThat(root.get(f).asLong()).as(f).isPositive();
    }
    JsonNode answer = Http.JSON.readTree(root.at("/message/content").asText());
    String sentId =
        ctx.sources().stream()
            .filter(s -> s.chunk().text().equals(WireFixtures.ROLLBACK))
            .findFirst()
            .orElseThrow()
            .sourceId();
    assertThat(answer.at("/claims/0/citations/0/source_id").asText()).isEqualTo(sentId);
    assertThat(ollama.lastCall().sources().ids()).hasSize(2).contains(sentId);
  }

  @Test
  void streams_ndjson_when_stream_is_absent_and_the_pieces_add_up_to_the_reply() throws Exception {
    ollama.otherwise(Reply.quoting("Flag values are cached for 30 seconds"));

    Http.Result r = chat(chatRequest("llama3.2:latest", null));

    assertThat(r.contentType()).isEqualTo("application/x-ndjson");
    String[] lines = r.body().split("\n");
    assertThat(lines.length).isGreaterThanOrEqualTo(3);
    StringBuilder content = new StringBuilder();
    List<Boolean> done = new ArrayList<>();
    for (String line : lines) {
      JsonNode n = Http.JSON.readTree(line);
      content.append(n.at("/message/content").asText());
      done.add(n.get("done").asBoolean());
    }
    assertThat(done.subList(0, done.size() - 1)).containsOnly(false);
    assertThat(done.get(done.size() - 1)).isTrue();
    JsonNode last = Http.JSON.readTree(lines[lines.length - 1]);
    assertThat(last.get("done_reason").asText()).isEqualTo("stop");
    assertThat(last.at("/message/content").asText()).isEmpty();
    assertThat(Http.JSON.readTree(content.toString()).get("answer").asText())
        .isEqualTo("Flag values are cached for 30 seconds");
  }

  @Test
  void a_truncated_reply_has_done_reason_length() {
    ollama.otherwise(Reply.truncated());

    JsonNode root = chat(chatRequest("llama3.2", false)).json();

    assertThat(root.get("done_reason").asText()).isEqualTo("length");
  }

  @Test
  void thinking_follows_the_model_and_the_think_flag() {
    ollama.addChatModel("qwen3", true).otherwise(Reply.notInSources());
    ObjectNode thinkingDefault = chatRequest("qwen3", false);
    thinkingDefault.remove("think");
    ObjectNode thinkOnPlainModel = chatRequest("llama3.2", false);
    thinkOnPlainModel.put("think", true);

    JsonNode thought = chat(thinkingDefault).json();
    Http.Result refused = chat(thinkOnPlainModel);

    assertThat(thought.at("/message/thinking").asText()).isNotEmpty();
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.json().get("error").asText())
        .isEqualTo("\"llama3.2\" does not support thinking");
  }

  @Test
  void an_unknown_model_is_404_with_a_plain_string_error() {
    Http.Result r = chat(chatRequest("llama9", false));

    assertThat(r.status()).isEqualTo(404);
    assertThat(r.json().get("error").isTextual()).isTrue();
    assertThat(r.json().get("error").asText()).isEqualTo("model 'llama9' not found");
  }

  @Test
  void scripted_failures_get_ollamas_status_codes() {
    ollama.enqueue(Reply.unavailable(), Reply.blocked());

    Http.Result busy = chat(chatRequest("llama3.2", false));
    Http.Result blocked = chat(chatRequest("llama3.2", false));

    assertThat(busy.status()).isEqualTo(503);
    assertThat(busy.json().get("error").asText()).startsWith("server busy");
    assertThat(blocked.status()).isEqualTo(500);
    assertThat(ollama.lastCall().scriptError())
        .hasValueSatisfying(e -> assertThat(e).contains("no safety block"));
  }

  @Test
  void an_empty_message_list_only_loads_the_model() {
    JsonNode root =
        Http.post(
                ollama.baseUrl() + "/api/chat",
                "{\"model\":\"llama3.2\",\"messages\":[],\"stream\":false}")
            .json();

    assertThat(root.get("done_reason").asText()).isEqualTo("load");
    assertThat(ollama.chatCalls()).hasSize(1);
  }

  @Test
  void embeds_strings_and_arrays_echoing_the_model_name_with_unit_vectors() {
    Http.Result one =
        Http.post(
            ollama.baseUrl() + "/api/embed", "{\"model\":\"all-minilm\",\"input\":\"hello\"}");
    Http.Result two =
        Http.post(
            ollama.baseUrl() + "/api/embed",
            "{\"model\":\"all-minilm:latest\",\"input\":[\"a b\",\"c d\"],\"dimensions\":128}");

    assertThat(one.json().get("model").asText()).isEqualTo("all-minilm");
    assertThat(one.json().get("embeddings")).hasSize(1);
    assertThat(one.json().at("/embeddings/0")).hasSize(384);
    assertThat(norm(one.json().at("/embeddings/0"))).isCloseTo(1.0, within(1e-5));
    assertThat(one.json().get("prompt_eval_count").asInt()).isPositive();
    assertThat(two.json().get("model").asText()).isEqualTo("all-minilm:latest");
    assertThat(two.json().get("embeddings")).hasSize(2);
    assertThat(two.json().at("/embeddings/1")).hasSize(128);
    assertThat(norm(two.json().at("/embeddings/1"))).isCloseTo(1.0, within(1e-5));
  }

  @Test
  void embedding_errors_follow_ollama() {
    Http.Result badInput =
        Http.post(ollama.baseUrl() + "/api/embed", "{\"model\":\"all-minilm\",\"input\":[1,2]}");
    Http.Result chatModel =
        Http.post(ollama.baseUrl() + "/api/embed", "{\"model\":\"llama3.2\",\"input\":\"x\"}");
    Http.Result unknown =
        Http.post(
            ollama.baseUrl() + "/api/embed", "{\"model\":\"nomic-embed-text\",\"input\":\"x\"}");
    Http.Result empty =
        Http.post(ollama.baseUrl() + "/api/embed", "{\"model\":\"all-minilm\",\"input\":[]}");

    assertThat(badInput.status()).isEqualTo(400);
    assertThat(badInput.json().get("error").asText()).isEqualTo("invalid input type");
    assertThat(chatModel.status()).isEqualTo(400);
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(empty.json().get("embeddings")).isEmpty();
  }

  @Test
  void the_legacy_endpoint_returns_one_vector_that_is_not_normalised() {
    JsonNode root =
        Http.post(
                ollama.baseUrl() + "/api/embeddings",
                "{\"model\":\"all-minilm\",\"prompt\":\"hello\"}")
            .json();

    assertThat(root.get("embedding")).hasSize(384);
    assertThat(norm(root.get("embedding"))).isGreaterThan(1.5);
    assertThat(root.size()).isEqualTo(1);
  }

  @Test
  void tags_report_a_sha256_digest_that_can_change_like_a_new_pull() {
    JsonNode tags = Http.get(ollama.baseUrl() + "/api/tags").json();

    assertThat(tags.get("models")).hasSize(2);
    JsonNode minilm = tags.get("models").get(0);
    assertThat(minilm.get("name").asText()).isEqualTo("all-minilm:latest");
    assertThat(minilm.get("digest").asText())
        .matches("[0-9a-f]{64}")
        .isEqualTo(ollama.digestOf("all-minilm"));
    assertThat(minilm.at("/details/family").asText()).isEqualTo("bert");
    String newDigest = "a".repeat(64);
    ollama.setDigest("all-minilm", newDigest);
    assertThat(Http.get(ollama.baseUrl() + "/api/tags").json().at("/models/0/digest").asText())
        .isEqualTo(newDigest);
  }

  @Test
  void show_reports_capabilities_and_the_embedding_length() {
    JsonNode show = Http.post(ollama.baseUrl() + "/api/show", "{\"model\":\"all-minilm\"}").json();
    Http.Result missing = Http.post(ollama.baseUrl() + "/api/show", "{\"model\":\"nope\"}");

    assertThat(show.get("capabilities")).extracting(JsonNode::asText).containsExactly("embedding");
    assertThat(show.at("/model_info/bert.embedding_length").asInt()).isEqualTo(384);
    assertThat(show.has("digest")).isFalse();
    assertThat(missing.status()).isEqualTo(404);
    assertThat(Http.get(ollama.baseUrl() + "/api/version").json().get("version").asText())
        .isNotBlank();
    assertThat(Http.get(ollama.baseUrl() + "/api/nothing").status()).isEqualTo(404);
  }

  @Test
  void a_delay_delays_responses() {
    ollama.delayResponses(Duration.ofMillis(250));

    long t0 = System.nanoTime();
    Http.get(ollama.baseUrl() + "/api/version");

    assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(Duration.ofMillis(250).toNanos());
  }

  private static double norm(JsonNode values) {
    double s = 0;
    for (JsonNode v : values) {
      s += v.asDouble() * v.asDouble();
    }
    return Math.sqrt(s);
  }
}
