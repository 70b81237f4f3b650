package dev.citerag.testkit.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.answer.internal.AnswerSchema;
import dev.citerag.context.BuiltContext;
import dev.citerag.testkit.fakes.Cite;
import dev.citerag.testkit.fakes.DeterministicEmbedder;
import dev.citerag.testkit.fakes.Reply;
import java.io.UncheckedIOException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FakeGeminiServerTest {

  private static final String KEY = "test-key-123";
  private static final String QUESTION = "How do I roll back a release?";

  private final FakeGeminiServer gemini = new FakeGeminiServer();
  private final BuiltContext ctx = WireFixtures.context(QUESTION);

  @AfterEach
  void close() {
    gemini.close();
  }

  private String generateUrl(String model) {
    return gemini.baseUrl() + "/v1beta/models/" + model + ":generateContent";
  }

  /** A request as a Gemini adapter would build it. */
  private ObjectNode request() {
    ObjectNode r = Http.JSON.createObjectNode();
    r.putObject("systemInstruction")
        .putArray("parts")
        .addObject()
        .put("text", ctx.systemInstruction());
    r.putArray("contents")
        .addObject()
        .put("role", "user")
        .putArray("parts")
        .addObject()
        .put("text", ctx.userContent());
    ObjectNode gc = r.putObject("generationConfig");
    gc.put("temperature", 0.0);
    gc.put("maxOutputTokens", 1024);
    gc.put("responseMimeType", "application/json");
    gc.set("responseJsonSchema", AnswerSchema.schema());
    return r;
  }

  private Http.Result generate(ObjectNode body) {
    return Http.post(
        generateUrl(FakeGeminiServer.DEFAULT_MODEL), body.toString(), "x-goog-api-key", KEY);
  }

  private String sentIdOf(String text) {
    return ctx.sources().stream()
        .filter(s -> s.chunk().text().equals(text))
        .findFirst()
        .orElseThrow()
        .sourceId();
  }

  @Test
  void answers_in_the_generate_content_shape_citing_the_id_it_was_sent() throws Exception {
    gemini.onQuestion(
        "roll back",
        Reply.answered(
            "Use deployctl rollback.",
            Cite.quote("Run deployctl rollback --service <name> --to <sha>")));

    Http.Result r = generate(request());

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.contentType()).startsWith("application/json");
    JsonNode root = r.json();
    JsonNode cand = root.at("/candidates/0");
    assertThat(cand.at("/content/role").asText()).isEqualTo("model");
    assertThat(cand.get("finishReason").asText()).isEqualTo("STOP");
    assertThat(cand.get("index").asInt()).isZero();
    JsonNode answer = Http.JSON.readTree(cand.at("/content/parts/0/text").asText());
    assertThat(answer.get("status").asText()).isEqualTo("answered");
    assertThat(answer.at("/claims/0/citations/0/source_id").asText())
        .isEqualTo(sentIdOf(WireFixtures.ROLLBACK));
    JsonNode usage = root.get("usageMetadata");
    int prompt = usage.get("promptTokenCount").asInt();
    int candidates = usage.get("candidatesTokenCount").asInt();
    assertThat(prompt).isPositive();
    assertThat(candidates).isPositive();
    assertThat(usage.get("totalTokenCount").asInt()).isEqualTo(prompt + candidates);
    assertThat(usage.has("thoughtsTokenCount")).isFalse();
    assertThat(usage.at("/promptTokensDetails/0/modality").asText()).isEqualTo("TEXT");
    assertThat(root.get("modelVersion").asText()).isEqualTo("gemini-2.5-flash");
    assertThat(root.get("responseId").asText()).matches("[A-Za-z0-9_-]{22}");
  }

  @Test
  void records_the_request_with_the_sources_it_showed_and_masks_the_key() {
    gemini.otherwise(Reply.notInSources());

    generate(request());

    WireCall call = gemini.lastCall();
    assertThat(call.sources().ids())
        .containsExactlyElementsOf(ctx.sources().stream().map(s -> s.sourceId()).toList());
    assertThat(call.question()).contains(QUESTION);
    assertThat(call.header("X-Goog-Api-Key")).contains(KEY);
    assertThat(call.query()).isEmpty();
    assertThat(call.json())
        .hasValueSatisfying(
            j -> assertThat(j.at("/generationConfig/temperature").asDouble()).isZero());
    assertThat(call.toString()).doesNotContain(KEY).contains("x-goog-api-key=***");
    assertThat(gemini.chatCalls()).hasSize(1);
  }

  @Test
  void thinking_tokens_are_reported_and_thought_parts_precede_the_answer_when_asked_for() {
    gemini.thoughtsTokens(45).otherwise(Reply.notInSources());
    ObjectNode body = request();
    ((ObjectNode) body.get("generationConfig"))
        .putObject("thinkingConfig")
        .put("includeThoughts", true);

    JsonNode root = generate(body).json();

    JsonNode parts = root.at("/candidates/0/content/parts");
    assertThat(parts).hasSize(2);
    assertThat(parts.get(0).get("thought").asBoolean()).isTrue();
    assertThat(parts.get(1).has("thought")).isFalse();
    JsonNode usage = root.get("usageMetadata");
    assertThat(usage.get("thoughtsTokenCount").asInt()).isEqualTo(45);
    assertThat(usage.get("totalTokenCount").asInt())
        .isEqualTo(
            usage.get("promptTokenCount").asInt() + usage.get("candidatesTokenCount").asInt() + 45);
  }

  @Test
  void a_truncated_reply_is_max_tokens_with_partial_text() {
    gemini.otherwise(
        Reply.truncated(Reply.quoting("Run deployctl rollback --service <name> --to <sha>")));

    JsonNode cand = generate(request()).json().at("/candidates/0");

    assertThat(cand.get("finishReason").asText()).isEqualTo("MAX_TOKENS");
    assertThat(cand.at("/content/parts/0/text").asText())
        .startsWith("{\"status\":\"answered\"")
        .doesNotEndWith("}");
  }

  @Test
  void an_empty_truncated_reply_has_no_parts_and_all_tokens_spent_on_thinking() {
    gemini.otherwise(Reply.truncated(Reply.raw("")));

    JsonNode root = generate(request()).json();

    JsonNode content = root.at("/candidates/0/content");
    assertThat(content.get("role").asText()).isEqualTo("model");
    assertThat(content.has("parts")).isFalse();
    assertThat(root.at("/candidates/0/finishReason").asText()).isEqualTo("MAX_TOKENS");
    assertThat(root.at("/usageMetadata/thoughtsTokenCount").asInt()).isEqualTo(1024);
    assertThat(root.at("/usageMetadata").has("candidatesTokenCount")).isFalse();
  }

  @Test
  void a_blocked_reply_is_a_safety_candidate_without_content() {
    gemini.otherwise(Reply.blocked());

    Http.Result r = generate(request());

    assertThat(r.status()).isEqualTo(200);
    JsonNode cand = r.json().at("/candidates/0");
    assertThat(cand.get("finishReason").asText()).isEqualTo("SAFETY");
    assertThat(cand.has("content")).isFalse();
    assertThat(cand.at("/safetyRatings/0/blocked").asBoolean()).isTrue();
  }

  @Test
  void a_blocked_prompt_has_prompt_feedback_and_no_candidates() {
    gemini.otherwise(Reply.promptBlocked("PROHIBITED_CONTENT"));

    Http.Result r = generate(request());

    assertThat(r.status()).isEqualTo(200);
    JsonNode root = r.json();
    assertThat(root.has("candidates")).isFalse();
    assertThat(root.at("/promptFeedback/blockReason").asText()).isEqualTo("PROHIBITED_CONTENT");
    assertThat(root.at("/usageMetadata/promptTokenCount").asInt()).isPositive();
  }

  @Test
  void a_rate_limit_is_a_429_resource_exhausted_with_a_retry_delay() {
    gemini.enqueue(
        Reply.rateLimited(Duration.ofSeconds(26)), Reply.rateLimited(Duration.ofMillis(1500)));

    Http.Result r = generate(request());
    Http.Result fractional = generate(request());

    assertThat(r.status()).isEqualTo(429);
    JsonNode err = r.json().get("error");
    assertThat(err.get("code").asInt()).isEqualTo(429);
    assertThat(err.get("status").asText()).isEqualTo("RESOURCE_EXHAUSTED");
    assertThat(err.get("message").asText()).startsWith("You exceeded your current quota");
    JsonNode details = err.get("details");
    assertThat(details.findValuesAsText("@type"))
        .containsExactly(
            "type.googleapis.com/google.rpc.QuotaFailure",
            "type.googleapis.com/google.rpc.Help",
            "type.googleapis.com/google.rpc.RetryInfo");
    assertThat(details.get(2).get("retryDelay").asText()).isEqualTo("26s");
    assertThat(fractional.json().at("/error/details/2/retryDelay").asText()).isEqualTo("1.5s");
  }

  @Test
  void an_overload_is_a_503_unavailable() {
    gemini.otherwise(Reply.unavailable());

    Http.Result r = generate(request());

    assertThat(r.status()).isEqualTo(503);
    assertThat(r.json().at("/error/status").asText()).isEqualTo("UNAVAILABLE");
    assertThat(r.json().at("/error/message").asText())
        .isEqualTo("The model is overloaded. Please try again later.");
  }

  @Test
  void a_missing_key_is_403_and_a_wrong_key_400_api_key_invalid() {
    gemini.requireApiKey(KEY).otherwise(Reply.notInSources());

    Http.Result missing = Http.post(generateUrl("gemini-2.5-flash"), request().toString());
    Http.Result wrong =
        Http.post(generateUrl("gemini-2.5-flash"), request().toString(), "x-goog-api-key", "nope");
    Http.Result inQuery =
        Http.post(generateUrl("gemini-2.5-flash") + "?key=" + KEY, request().toString());

    assertThat(missing.status()).isEqualTo(403);
    assertThat(missing.json().at("/error/status").asText()).isEqualTo("PERMISSION_DENIED");
    assertThat(wrong.status()).isEqualTo(400);
    assertThat(wrong.json().at("/error/details/0/reason").asText()).isEqualTo("API_KEY_INVALID");
    assertThat(inQuery.status()).isEqualTo(200);
    assertThat(gemini.lastCall().toString()).doesNotContain(KEY);
  }

  @Test
  void an_unknown_model_is_404_not_found() {
    Http.Result r =
        Http.post(generateUrl("gemini-9-ultra"), request().toString(), "x-goog-api-key", KEY);

    assertThat(r.status()).isEqualTo(404);
    assertThat(r.json().at("/error/status").asText()).isEqualTo("NOT_FOUND");
    assertThat(r.json().at("/error/message").asText())
        .startsWith("models/gemini-9-ultra is not found for API version v1beta");
  }

  @Test
  void malformed_requests_are_400_invalid_argument() {
    ObjectNode unknown = request();
    unknown.put("temperature", 0);
    ObjectNode both = request();
    ((ObjectNode) both.get("generationConfig")).set("responseSchema", AnswerSchema.schema());
    ObjectNode noMime = request();
    ((ObjectNode) noMime.get("generationConfig")).remove("responseMimeType");
    ObjectNode role = request();
    ((ObjectNode) role.at("/contents/0")).put("role", "assistant");

    assertThat(generate(unknown).json().at("/error/message").asText())
        .contains("Unknown name \"temperature\"");
    assertThat(generate(both).status()).isEqualTo(400);
    assertThat(generate(noMime).json().at("/error/message").asText()).contains("application/json");
    assertThat(generate(role).json().at("/error/message").asText())
        .isEqualTo("Please use a valid role: user, model.");
    assertThat(gemini.calls()).allSatisfy(c -> assertThat(c.status()).isEqualTo(400));
  }

  @Test
  void with_nothing_scripted_it_answers_500_and_records_why() {
    Http.Result r = generate(request());

    assertThat(r.status()).isEqualTo(500);
    assertThat(r.json().at("/error/status").asText()).isEqualTo("INTERNAL");
    assertThat(gemini.lastCall().scriptError())
        .hasValueSatisfying(e -> assertThat(e).contains(QUESTION));
    assertThat(gemini.lastCall().sources().size()).isEqualTo(2);
  }

  @Test
  void embeds_one_text_with_the_native_length() {
    String body =
        "{\"model\":\"models/gemini-embedding-001\",\"content\":{\"parts\":[{\"text\":\"deployctl rollback\"}]},"
            + "\"taskType\":\"RETRIEVAL_QUERY\"}";

    Http.Result r =
        Http.post(
            gemini.baseUrl() + "/v1beta/models/gemini-embedding-001:embedContent",
            body,
            "x-goog-api-key",
            KEY);

    assertThat(r.status()).isEqualTo(200);
    JsonNode values = r.json().at("/embedding/values");
    assertThat(values).hasSize(3072);
    assertThat(norm(values)).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-4));
  }

  @Test
  void batch_embeddings_follow_request_order_and_a_shorter_length_is_not_unit_length() {
    DeterministicEmbedder e = DeterministicEmbedder.builder().dimensions(768).build();
    e.placeAt("the query", "rollback", 0.8);
    gemini.embedder(e);
    String body =
        "{\"requests\":["
            + embedReq("a chunk about rollback", "RETRIEVAL_DOCUMENT", 768)
            + ","
            + embedReq("the query", "RETRIEVAL_QUERY", 768)
            + ","
            + embedReq("the query", "RETRIEVAL_QUERY", 256)
            + "]}";

    Http.Result r =
        Http.post(
            gemini.baseUrl() + "/v1beta/models/gemini-embedding-001:batchEmbedContents",
            body,
            "x-goog-api-key",
            KEY);

    JsonNode embs = r.json().get("embeddings");
    assertThat(embs).hasSize(3);
    assertThat(dot(embs.get(0).get("values"), embs.get(1).get("values")))
        .isCloseTo(0.8, org.assertj.core.api.Assertions.within(1e-5));
    assertThat(embs.get(2).get("values")).hasSize(256);
    assertThat(norm(embs.get(2).get("values"))).isLessThan(0.999);
  }

  @Test
  void batch_embedding_rules_of_the_api_are_enforced() {
    StringBuilder many = new StringBuilder("{\"requests\":[");
    for (int i = 0; i < 101; i++) {
      many.append(i == 0 ? "" : ",").append(embedReq("t" + i, "RETRIEVAL_DOCUMENT", 768));
    }
    many.append("]}");
    String mismatch =
        "{\"requests\":["
            + embedReq("t", "RETRIEVAL_DOCUMENT", 768).replace("gemini-embedding-001", "other")
            + "]}";
    String url = gemini.baseUrl() + "/v1beta/models/gemini-embedding-001:batchEmbedContents";

    Http.Result tooMany = Http.post(url, many.toString(), "x-goog-api-key", KEY);
    Http.Result wrongModel = Http.post(url, mismatch, "x-goog-api-key", KEY);

    assertThat(tooMany.status()).isEqualTo(400);
    assertThat(tooMany.json().at("/error/message").asText())
        .contains("at most 100 requests can be in one batch");
    assertThat(wrongModel.status()).isEqualTo(400);
    assertThat(wrongModel.json().at("/error/message").asText())
        .contains("must match the model in the URL");
  }

  @Test
  void a_connection_failure_drops_the_connection_and_a_delay_delays_the_response() {
    gemini.enqueue(
        Reply.failure(
            new dev.citerag.TransientProviderException(
                "x", dev.citerag.ProviderException.Kind.CONNECTION, 0, null, "reset", null, null)));

    assertThrows(UncheckedIOException.class, () -> generate(request()));

    gemini.otherwise(Reply.notInSources()).delayResponses(Duration.ofMillis(300));
    long t0 = System.nanoTime();
    assertThat(generate(request()).status()).isEqualTo(200);
    assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(Duration.ofMillis(300).toNanos());
  }

  private static String embedReq(String text, String task, int dims) {
    return "{\"model\":\"models/gemini-embedding-001\",\"content\":{\"parts\":[{\"text\":\""
        + text
        + "\"}]},"
        + "\"taskType\":\""
        + task
        + "\",\"outputDimensionality\":"
        + dims
        + "}";
  }

  private static double norm(JsonNode values) {
    return Math.sqrt(dot(values, values));
  }

  private static double dot(JsonNode a, JsonNode b) {
    double s = 0;
    for (int i = 0; i < a.size(); i++) {
      s += a.get(i).asDouble() * b.get(i).asDouble();
    }
    return s;
  }
}
