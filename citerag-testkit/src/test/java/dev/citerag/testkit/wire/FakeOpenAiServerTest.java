package dev.citerag.testkit.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.answer.internal.AnswerSchema;
import dev.citerag.context.BuiltContext;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.internal.OpenAiProtocol;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FakeOpenAiServerTest {

  private static final String QUESTION = "How do I roll back a release?";
  private static final String KEY = "sk-proj-abcdefgh0123456789ABCDEFGHwxyz";

  private final FakeOpenAiServer openai = new FakeOpenAiServer();
  private final BuiltContext ctx = WireFixtures.context(QUESTION);

  @AfterEach
  void close() {
    openai.close();
  }

  /** A chat request as an OpenAI-compatible adapter would build it. */
  private ObjectNode chatRequest(String model) {
    ObjectNode r = Http.JSON.createObjectNode();
    r.put("model", model);
    ArrayNode messages = r.putArray("messages");
    messages.addObject().put("role", "system").put("content", ctx.systemInstruction());
    messages.addObject().put("role", "user").put("content", ctx.userContent());
    r.put("temperature", 0);
    r.put("max_tokens", 1024);
    ObjectNode js =
        r.putObject("response_format").put("type", "json_schema").putObject("json_schema");
    js.put("name", "citerag_answer").put("strict", true).set("schema", AnswerSchema.schema());
    r.put("stream", false);
    return r;
  }

  private Http.Result chat(ObjectNode body, String... headers) {
    return Http.post(openai.apiBaseUrl() + "/chat/completions", body.toString(), headers);
  }

  @Test
  void answers_in_openais_shape_citing_the_id_it_was_sent() throws Exception {
    openai.onQuestion("roll back", Reply.quoting(WireFixtures.ROLLBACK));
    Http.Result r = chat(chatRequest("gpt-4o-mini"));
    assertThat(r.status()).isEqualTo(200);
    JsonNode root = r.json();
    assertThat(root.get("object").asText()).isEqualTo("chat.completion");
    assertThat(root.get("id").asText()).startsWith("chatcmpl-");
    assertThat(root.get("model").asText()).isEqualTo(FakeOpenAiServer.DEFAULT_MODEL_SNAPSHOT);
    JsonNode choice = root.get("choices").get(0);
    assertThat(choice.get("finish_reason").asText()).isEqualTo("stop");
    assertThat(choice.at("/message/role").asText()).isEqualTo("assistant");
    assertThat(choice.at("/message/refusal").isNull()).isTrue();
    JsonNode answer = Http.JSON.readTree(choice.at("/message/content").asText());
    String sentId = openai.lastCall().sources().containing("deployctl rollback").id();
    assertThat(answer.at("/claims/0/citations/0/source_id").asText()).isEqualTo(sentId);
    JsonNode usage = root.get("usage");
    assertThat(usage.get("total_tokens").asInt())
        .isEqualTo(usage.get("prompt_tokens").asInt() + usage.get("completion_tokens").asInt());
    assertThat(usage.at("/completion_tokens_details/reasoning_tokens").asInt()).isZero();
    assertThat(openai.lastCall().question()).contains(QUESTION);
  }

  @Test
  void a_reasoning_model_reports_reasoning_tokens_and_refuses_max_tokens() {
    openai.reasoningTokens(300).cachedTokens(20).otherwise(Reply.quoting(WireFixtures.ROLLBACK));
    Http.Result refused = chat(chatRequest("o4-mini"));
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.json().at("/error/code").asText()).isEqualTo("unsupported_parameter");
    ObjectNode body = chatRequest("o4-mini");
    body.remove("max_tokens");
    body.put("max_completion_tokens", 2000);
    JsonNode ok = chat(body).json();
    assertThat(ok.at("/usage/completion_tokens_details/reasoning_tokens").asInt()).isEqualTo(300);
    assertThat(ok.at("/usage/prompt_tokens_details/cached_tokens").asInt()).isEqualTo(20);
    assertThat(ok.at("/usage/completion_tokens").asInt()).isGreaterThan(300);
  }

  @Test
  void truncation_filtering_and_refusal_have_their_own_shapes() {
    openai.enqueue(
        Reply.truncated(Reply.quoting(WireFixtures.ROLLBACK)),
        Reply.blocked(),
        Reply.blocked("refusal"));
    JsonNode length = chat(chatRequest("gpt-4o-mini")).json().get("choices").get(0);
    assertThat(length.get("finish_reason").asText()).isEqualTo("length");
    assertThat(length.at("/message/content").asText()).isNotEmpty();
    JsonNode filtered = chat(chatRequest("gpt-4o-mini")).json().get("choices").get(0);
    assertThat(filtered.get("finish_reason").asText()).isEqualTo("content_filter");
    assertThat(filtered.at("/message/content").isNull()).isTrue();
    JsonNode refusal = chat(chatRequest("gpt-4o-mini")).json().get("choices").get(0);
    assertThat(refusal.get("finish_reason").asText()).isEqualTo("stop");
    assertThat(refusal.at("/message/content").isNull()).isTrue();
    assertThat(refusal.at("/message/refusal").asText()).isNotBlank();
  }

  @Test
  void a_rate_limit_carries_retry_after_ms_retry_after_and_ratelimit_reset_headers() {
    openai.enqueue(Reply.rateLimited(Duration.ofMillis(1500)));
    Http.Result r = chat(chatRequest("gpt-4o-mini"));
    assertThat(r.status()).isEqualTo(429);
    assertThat(r.json().at("/error/code").asText()).isEqualTo("rate_limit_exceeded");
    assertThat(r.headers().get("retry-after-ms")).isEqualTo("1500");
    assertThat(r.headers().get("Retry-After")).isEqualTo("2");
    assertThat(r.headers().get("x-ratelimit-reset-requests")).isEqualTo("1.5s");
    assertThat(r.headers().get("x-ratelimit-remaining-requests")).isEqualTo("0");

    openai
        .retryHints(FakeOpenAiServer.RetryHint.RETRY_AFTER_DATE)
        .enqueue(Reply.rateLimited(Duration.ofSeconds(3)));
    Http.Result dated = chat(chatRequest("gpt-4o-mini"));
    assertThat(dated.headers().get("Retry-After")).endsWith(" GMT");
    assertThat(dated.headers().get("retry-after-ms")).isNull();
  }

  @Test
  void go_durations_are_written_as_openai_writes_them() {
    assertThat(OpenAiProtocol.goDuration(Duration.ofMillis(20))).isEqualTo("20ms");
    assertThat(OpenAiProtocol.goDuration(Duration.ofSeconds(1))).isEqualTo("1s");
    assertThat(OpenAiProtocol.goDuration(Duration.ofMinutes(6))).isEqualTo("6m0s");
    assertThat(OpenAiProtocol.goDuration(Duration.ofMillis(61_500))).isEqualTo("1m1.5s");
  }

  @Test
  void an_exhausted_quota_and_an_overload_are_errors_in_openais_words() {
    openai.enqueue(
        Reply.failure(
            new PermanentProviderException(
                "x", ProviderException.Kind.RATE_LIMITED, 429, "insufficient_quota", "q", null)),
        Reply.unavailable());
    Http.Result quota = chat(chatRequest("gpt-4o-mini"));
    assertThat(quota.status()).isEqualTo(429);
    assertThat(quota.json().at("/error/code").asText()).isEqualTo("insufficient_quota");
    Http.Result busy = chat(chatRequest("gpt-4o-mini"));
    assertThat(busy.status()).isEqualTo(503);
    assertThat(busy.json().at("/error/type").asText()).isEqualTo("server_error");
  }

  @Test
  void keys_are_checked_only_when_required_and_a_wrong_one_is_echoed_in_part_as_openai_does() {
    openai.otherwise(Reply.quoting(WireFixtures.ROLLBACK));
    assertThat(chat(chatRequest("gpt-4o-mini")).status())
        .isEqualTo(200); // a local server: no key needed
    openai.requireApiKey(KEY);
    assertThat(chat(chatRequest("gpt-4o-mini")).status()).isEqualTo(401);
    Http.Result wrong =
        chat(
            chatRequest("gpt-4o-mini"), "Authorization", "Bearer sk-proj-wrongwrong0123456789zzzz");
    assertThat(wrong.status()).isEqualTo(401);
    assertThat(wrong.json().at("/error/code").asText()).isEqualTo("invalid_api_key");
    assertThat(wrong.json().at("/error/message").asText()).contains("sk-proj-").contains("zzzz");
    assertThat(chat(chatRequest("gpt-4o-mini"), "Authorization", "Bearer " + KEY).status())
        .isEqualTo(200);
    assertThat(openai.lastCall().toString()).doesNotContain(KEY);
  }

  @Test
  void requests_are_checked_as_openai_checks_them() {
    ObjectNode unknownModel = chatRequest("gpt-9");
    Http.Result notFound = chat(unknownModel);
    assertThat(notFound.status()).isEqualTo(404);
    assertThat(notFound.json().at("/error/code").asText()).isEqualTo("model_not_found");

    ObjectNode extra = chatRequest("gpt-4o-mini").put("think", false);
    assertThat(chat(extra).json().at("/error/message").asText())
        .contains("Unrecognized request argument supplied: think");

    ObjectNode loose = chatRequest("gpt-4o-mini");
    ObjectNode schema = AnswerSchema.schema();
    schema.remove("additionalProperties");
    ((ObjectNode) loose.at("/response_format/json_schema")).set("schema", schema);
    Http.Result notStrict = chat(loose);
    assertThat(notStrict.status()).isEqualTo(400);
    assertThat(notStrict.json().at("/error/message").asText())
        .contains("'additionalProperties' is required");

    ObjectNode jsonObject = chatRequest("gpt-4o-mini");
    jsonObject.putObject("response_format").put("type", "json_object");
    ((ObjectNode) jsonObject.get("messages").get(0)).put("content", "Answer briefly.");
    ((ObjectNode) jsonObject.get("messages").get(1)).put("content", "Hi");
    assertThat(chat(jsonObject).json().at("/error/message").asText())
        .contains("must contain the word 'json'");

    openai.jsonSchemaSupported(false);
    assertThat(chat(chatRequest("gpt-4o-mini")).status()).isEqualTo(400);
  }

  @Test
  void embeddings_are_unit_vectors_with_their_index_shortened_on_request_and_base64_when_asked() {
    String body =
        "{\"model\":\"text-embedding-3-small\",\"input\":[\"one\",\"two\",\"three\"],\"dimensions\":64}";
    JsonNode r = Http.post(openai.apiBaseUrl() + "/embeddings", body).json();
    assertThat(r.get("data")).hasSize(3);
    for (int i = 0; i < 3; i++) {
      JsonNode item = r.get("data").get(i);
      assertThat(item.get("index").asInt()).isEqualTo(i);
      assertThat(item.get("embedding")).hasSize(64);
      double s = 0;
      for (JsonNode v : item.get("embedding")) {
        s += v.asDouble() * v.asDouble();
      }
      assertThat(Math.sqrt(s)).isCloseTo(1.0, within(1e-5));
    }
    openai.scrambleEmbeddingOrder(true);
    JsonNode scrambled = Http.post(openai.apiBaseUrl() + "/embeddings", body).json();
    assertThat(scrambled.at("/data/0/index").asInt()).isEqualTo(2);
    assertThat(scrambled.at("/data/0/embedding")).isEqualTo(r.at("/data/2/embedding"));

    JsonNode b64 =
        Http.post(
                openai.apiBaseUrl() + "/embeddings",
                "{\"model\":\"text-embedding-3-small\",\"input\":\"one\",\"encoding_format\":\"base64\"}")
            .json();
    byte[] bytes = Base64.getDecoder().decode(b64.at("/data/0/embedding").asText());
    assertThat(bytes).hasSize(4 * FakeOpenAiServer.DEFAULT_EMBEDDING_DIMENSIONS);
    assertThat(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getFloat()).isFinite();

    Http.Result ada =
        Http.post(
            openai.apiBaseUrl() + "/embeddings",
            "{\"model\":\"text-embedding-ada-002\",\"input\":\"one\",\"dimensions\":64}");
    assertThat(ada.status()).isEqualTo(400);
    assertThat(
            Http.post(
                    openai.apiBaseUrl() + "/embeddings",
                    "{\"model\":\"text-embedding-3-small\",\"input\":[\"\"]}")
                .status())
        .isEqualTo(400);
    assertThat(openai.embeddingCalls()).hasSize(5);
  }

  @Test
  void models_are_listed_and_a_removed_one_is_not_found() {
    assertThat(Http.get(openai.apiBaseUrl() + "/models").json().get("data").toString())
        .contains("gpt-4o-mini")
        .contains("text-embedding-3-small");
    openai.removeModel("gpt-4o-mini");
    assertThat(chat(chatRequest("gpt-4o-mini")).status()).isEqualTo(404);
  }

  @Test
  void an_unscripted_call_is_a_500_with_a_recorded_script_error() {
    Http.Result r = chat(chatRequest("gpt-4o-mini"));
    assertThat(r.status()).isEqualTo(500);
    assertThat(openai.lastCall().scriptError()).isPresent();
  }
}
