package dev.citerag.gemini;

import static dev.citerag.gemini.Fixtures.ANSWERED_TEXT;
import static dev.citerag.gemini.Fixtures.KEY;
import static dev.citerag.gemini.Fixtures.NOT_IN_SOURCES_TEXT;
import static dev.citerag.gemini.Fixtures.USER_CONTENT;
import static dev.citerag.gemini.Fixtures.json;
import static dev.citerag.gemini.Fixtures.request;
import static dev.citerag.gemini.Fixtures.stopReply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.answer.internal.AnswerSchema;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.context.internal.Prompts;
import java.util.concurrent.TimeUnit;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Successful {@code generateContent} exchanges: the request sent and every shape of 200 reply. */
class GeminiChatModelTest extends MockServerTest {
  private GeminiChatModel model;

  @BeforeEach
  void build() {
    model = Fixtures.chat(server, sleeper).build();
  }

  private RecordedRequest taken() throws InterruptedException {
    RecordedRequest r = server.takeRequest(5, TimeUnit.SECONDS);
    assertThat(r).as("request reached the server").isNotNull();
    return r;
  }

  @Test
  void sends_a_structured_request_and_returns_the_answered_reply() throws Exception {
    server.enqueue(json(200, stopReply(ANSWERED_TEXT)));

    ChatResponse r = model.chat(request());

    assertThat(r.text()).isEqualTo(ANSWERED_TEXT);
    assertThat(r.finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(r.providerFinishReason()).isEqualTo("STOP");
    assertThat(r.usage()).isEqualTo(new TokenUsage(55, 15, 45, 0, 115));
    assertThat(r.model()).isEqualTo("gemini-2.5-flash");
    assertThat(r.responseId()).isEqualTo("NyTxaYuTJ_OW_uMPgIPKgAg");

    RecordedRequest sent = taken();
    assertThat(sent.getMethod()).isEqualTo("POST");
    assertThat(sent.getUrl().encodedPath())
        .isEqualTo("/v1beta/models/gemini-2.5-flash:generateContent");
    assertThat(sent.getUrl().query()).isNull();
    assertThat(sent.getUrl().toString()).doesNotContain(KEY);
    assertThat(sent.getTarget()).doesNotContain(KEY);
    assertThat(sent.getHeaders().get("x-goog-api-key")).isEqualTo(KEY);
    assertThat(sent.getHeaders().get("Content-Type")).startsWith("application/json");

    JsonNode body = Fixtures.body(sent);
    JsonNode config = body.get("generationConfig");
    assertThat(config.get("responseMimeType").asText()).isEqualTo("application/json");
    assertThat(config.get("responseJsonSchema")).isEqualTo(AnswerSchema.schema());
    assertThat(config.has("responseSchema")).as("never both schema fields").isFalse();
    assertThat(config.get("temperature").isNumber()).isTrue();
    assertThat(config.get("temperature").asDouble()).isEqualTo(0.0);
    assertThat(config.get("maxOutputTokens").asInt()).isEqualTo(1024);
    assertThat(config.has("thinkingConfig")).isFalse();
    assertThat(body.at("/systemInstruction/parts/0/text").asText())
        .isEqualTo(Prompts.SYSTEM_INSTRUCTION);
    assertThat(body.get("systemInstruction").has("role")).isFalse();
    assertThat(body.get("contents")).hasSize(1);
    assertThat(body.at("/contents/0/role").asText()).isEqualTo("user");
    assertThat(body.at("/contents/0/parts")).hasSize(1);
    assertThat(body.at("/contents/0/parts/0/text").asText()).isEqualTo(USER_CONTENT);
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void returns_a_not_in_sources_reply_verbatim() {
    server.enqueue(json(200, stopReply(NOT_IN_SOURCES_TEXT)));

    ChatResponse r = model.chat(request());

    assertThat(r.text()).isEqualTo(NOT_IN_SOURCES_TEXT);
    assertThat(r.finishReason()).isEqualTo(FinishReason.STOP);
  }

  @Test
  void leaves_thought_summaries_out_of_the_text_and_joins_the_other_parts() {
    server.enqueue(
        json(
            200,
            """
        {"candidates": [{
           "content": {"parts": [
              {"text": "**Weighing it** The source says Paris.", "thought": true},
              {"text": "{\\"status\\":\\"answered\\","},
              {"text": "\\"answer\\":\\"Paris.\\",\\"claims\\":[]}", "thoughtSignature": "CiQB0e2Kb3xq"}],
             "role": "model"},
           "finishReason": "STOP", "index": 0}],
         "usageMetadata": {"promptTokenCount": 60, "candidatesTokenCount": 12, "totalTokenCount": 152,
                           "thoughtsTokenCount": 80, "cachedContentTokenCount": 32},
         "modelVersion": "gemini-2.5-flash", "responseId": "t-1"}
        """));

    ChatResponse r = model.chat(request());

    assertThat(r.text()).isEqualTo("{\"status\":\"answered\",\"answer\":\"Paris.\",\"claims\":[]}");
    assertThat(r.usage()).isEqualTo(new TokenUsage(60, 12, 80, 32, 152));
  }

  @Test
  void max_tokens_spent_on_thinking_is_length_with_empty_text_and_thoughts_counted() {
    server.enqueue(
        json(
            200,
            """
        {"candidates": [{"content": {"role": "model"}, "finishReason": "MAX_TOKENS", "index": 0}],
         "usageMetadata": {"promptTokenCount": 40, "totalTokenCount": 551, "thoughtsTokenCount": 511},
         "modelVersion": "gemini-2.5-flash", "responseId": "r-2"}
        """));

    ChatResponse r = model.chat(request());

    assertThat(r.text()).isEmpty();
    assertThat(r.finishReason()).isEqualTo(FinishReason.LENGTH);
    assertThat(r.providerFinishReason()).isEqualTo("MAX_TOKENS");
    assertThat(r.usage()).isEqualTo(new TokenUsage(40, 0, 511, 0, 551));
    assertThat(r.responseId()).isEqualTo("r-2");
  }

  @Test
  void candidate_blocked_for_safety_is_a_blocked_result_not_an_exception() {
    server.enqueue(
        json(
            200,
            """
        {"candidates": [{"finishReason": "SAFETY", "index": 0,
           "safetyRatings": [{"category": "HARM_CATEGORY_DANGEROUS_CONTENT", "probability": "HIGH", "blocked": true},
                             {"category": "HARM_CATEGORY_HARASSMENT", "probability": "NEGLIGIBLE"}]}]}
        """));

    ChatResponse r = model.chat(request());

    assertThat(r.text()).isEmpty();
    assertThat(r.finishReason()).isEqualTo(FinishReason.BLOCKED);
    assertThat(r.providerFinishReason()).isEqualTo("SAFETY");
    assertThat(r.usage()).isEqualTo(TokenUsage.ZERO);
    assertThat(r.model()).as("falls back to the configured model").isEqualTo("gemini-2.5-flash");
    assertThat(r.responseId()).isNull();
  }

  @Test
  void prompt_blocked_without_candidates_is_a_blocked_result_naming_the_reason() {
    server.enqueue(
        json(
            200,
            """
        {"promptFeedback": {"blockReason": "PROHIBITED_CONTENT"},
         "usageMetadata": {"promptTokenCount": 9, "totalTokenCount": 9},
         "modelVersion": "gemini-2.5-flash"}
        """));

    ChatResponse r = model.chat(request());

    assertThat(r.text()).isEmpty();
    assertThat(r.finishReason()).isEqualTo(FinishReason.BLOCKED);
    assertThat(r.providerFinishReason()).isEqualTo("PROMPT_BLOCKED:PROHIBITED_CONTENT");
    assertThat(r.usage()).isEqualTo(new TokenUsage(9, 0, 0, 0, 9));
  }

  @Test
  void malformed_json_from_the_model_is_returned_verbatim_for_the_pipeline_to_judge() {
    String broken = "{\"status\": \"answered\", \"answer\": \"Paris is the capital";
    server.enqueue(json(200, stopReply(broken)));

    ChatResponse r = model.chat(request());

    assertThat(r.text()).isEqualTo(broken);
    assertThat(r.finishReason()).isEqualTo(FinishReason.STOP);
  }

  @Test
  void unknown_finish_reason_maps_to_other_and_is_kept_verbatim() {
    server.enqueue(
        json(
            200,
            """
        {"candidates": [{"content": {"parts": [{"text": "{}"}], "role": "model"},
                         "finishReason": "MISSING_THOUGHT_SIGNATURE", "index": 0}],
         "usageMetadata": {"promptTokenCount": 5, "candidatesTokenCount": 1, "totalTokenCount": 6},
         "modelVersion": "gemini-2.5-flash-preview-09-2025", "responseId": "u-1"}
        """));

    ChatResponse r = model.chat(request());

    assertThat(r.finishReason()).isEqualTo(FinishReason.OTHER);
    assertThat(r.providerFinishReason()).isEqualTo("MISSING_THOUGHT_SIGNATURE");
    assertThat(r.model()).isEqualTo("gemini-2.5-flash-preview-09-2025");
    assertThat(r.text()).isEqualTo("{}");
  }

  @Test
  void a_200_body_that_is_not_json_is_a_protocol_error_and_not_retried() {
    server.enqueue(
        new mockwebserver3.MockResponse.Builder()
            .code(200)
            .addHeader("Content-Type", "text/html")
            .body("<html><body>Service Temporarily Moved</body></html>")
            .build());

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> model.chat(request()));

    assertThat(e.kind()).isEqualTo(ProviderException.Kind.PROTOCOL);
    assertThat(e.provider()).isEqualTo("gemini");
    assertThat(e.getMessage()).contains("not the expected JSON");
    assertThat(server.getRequestCount()).isEqualTo(1);
    assertThat(sleeper.waits).isEmpty();
  }

  @Test
  void a_200_reply_with_neither_candidates_nor_prompt_feedback_is_a_protocol_error() {
    server.enqueue(
        json(
            200,
            """
        {"usageMetadata": {"promptTokenCount": 9, "totalTokenCount": 9}, "modelVersion": "gemini-2.5-flash"}
        """));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> model.chat(request()));

    assertThat(e.kind()).isEqualTo(ProviderException.Kind.PROTOCOL);
    assertThat(e.getMessage()).contains("neither candidates nor promptFeedback");
  }

  @Test
  void builder_values_override_the_request_and_thinking_budget_is_sent() throws Exception {
    GeminiChatModel tuned =
        model.toBuilder()
            .temperature(0.7)
            .maxOutputTokens(4096)
            .thinkingBudget(512)
            .model("gemini-2.5-flash-lite")
            .build();
    server.enqueue(json(200, stopReply(ANSWERED_TEXT)));

    tuned.chat(request());

    RecordedRequest sent = taken();
    assertThat(sent.getUrl().encodedPath())
        .isEqualTo("/v1beta/models/gemini-2.5-flash-lite:generateContent");
    JsonNode config = Fixtures.body(sent).get("generationConfig");
    assertThat(config.get("temperature").asDouble()).isEqualTo(0.7);
    assertThat(config.get("maxOutputTokens").asInt()).isEqualTo(4096);
    assertThat(config.at("/thinkingConfig/thinkingBudget").asInt()).isEqualTo(512);
    assertThat(config.at("/thinkingConfig").size()).isEqualTo(1);
  }

  @Test
  void name_is_provider_and_model() {
    assertThat(model.name()).isEqualTo("gemini:gemini-2.5-flash");
  }
}
