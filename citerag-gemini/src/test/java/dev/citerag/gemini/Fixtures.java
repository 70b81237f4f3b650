package dev.citerag.gemini;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.answer.internal.AnswerSchema;
import dev.citerag.chat.ChatRequest;
import dev.citerag.context.internal.Prompts;
import dev.citerag.provider.internal.Retrier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.jspecify.annotations.Nullable;

/** Payloads shaped like the recorded Gemini replies in the wire-format reference, and helpers. */
final class Fixtures {
  private Fixtures() {}

  static final ObjectMapper JSON = new ObjectMapper();

  /** Looks like a real key (39 characters, AIza prefix) so that leaks would be recognisable. */
  static final String KEY = "AIzaSyD-test-0123456789abcdefghijklmnopq";

  static final String USER_CONTENT =
      "{\"question\":\"What is the capital of France?\",\"sources\":[{\"id\":\"s7k2\",\"text\":\"Paris is the capital of France.\"}]}";

  static final String ANSWERED_TEXT =
      "{\"status\":\"answered\",\"answer\":\"Paris is the capital of France.\",\"claims\":[{\"text\":"
          + "\"Paris is the capital of France.\",\"citations\":[{\"source_id\":\"s7k2\",\"quote\":"
          + "\"Paris is the capital of France.\"}]}]}";

  static final String NOT_IN_SOURCES_TEXT =
      "{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]}";

  static ChatRequest request() {
    return request(null);
  }

  static ChatRequest request(@Nullable Duration timeout) {
    return new ChatRequest(
        Prompts.SYSTEM_INSTRUCTION,
        USER_CONTENT,
        AnswerSchema.responseSchema(),
        0.0,
        1024,
        timeout);
  }

  /** Example (1) of the reference: STOP with thinking tokens, text substituted. */
  static String stopReply(String modelText) {
    return """
        {
          "candidates": [{
            "content": {"parts": [{"text": %s}], "role": "model"},
            "finishReason": "STOP",
            "index": 0
          }],
          "usageMetadata": {
            "promptTokenCount": 55, "candidatesTokenCount": 15, "totalTokenCount": 115,
            "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 55}],
            "thoughtsTokenCount": 45
          },
          "modelVersion": "gemini-2.5-flash",
          "responseId": "NyTxaYuTJ_OW_uMPgIPKgAg"
        }
        """
        .formatted(quote(modelText));
  }

  /** Example (6) of the reference: a per-minute 429 with QuotaFailure, Help and RetryInfo 26s. */
  static final String RATE_LIMITED_PER_MINUTE =
      quotaExceeded(
          "You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.",
          "generate_content_free_tier_input_token_count",
          "GenerateContentInputTokensPerModelPerMinute-FreeTier",
          "250000",
          """
      {"@type": "type.googleapis.com/google.rpc.Help",
       "links": [{"description": "Learn more about Gemini API quotas", "url": "https://ai.google.dev/gemini-api/docs/rate-limits"}]},""",
          "26s");

  /** The same shape with a daily quota, which will not clear within a retry window. */
  static final String RATE_LIMITED_PER_DAY =
      quotaExceeded(
          "You exceeded your current quota, please check your plan and billing details.",
          "generate_content_free_tier_requests",
          "GenerateRequestsPerDayPerProjectPerModel-FreeTier",
          "250",
          "",
          "43s");

  /**
   * A free-tier 429 {@code RESOURCE_EXHAUSTED} for gemini-2.5-flash: a QuotaFailure naming the
   * quota, then {@code moreDetails} (JSON objects each followed by a comma, or empty), then
   * RetryInfo.
   */
  private static String quotaExceeded(
      String message,
      String quotaMetric,
      String quotaId,
      String quotaValue,
      String moreDetails,
      String retryDelay) {
    return """
        {"error": {"code": 429,
          "message": %s,
          "status": "RESOURCE_EXHAUSTED",
          "details": [
            {"@type": "type.googleapis.com/google.rpc.QuotaFailure",
             "violations": [{"quotaMetric": "generativelanguage.googleapis.com/%s",
                             "quotaId": "%s",
                             "quotaDimensions": {"location": "global", "model": "gemini-2.5-flash"},
                             "quotaValue": "%s"}]},
            %s
            {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "%s"}]}}
        """
        .formatted(quote(message), quotaMetric, quotaId, quotaValue, moreDetails, retryDelay);
  }

  /** Example (7) of the reference: invalid key. */
  static final String INVALID_KEY =
      """
      {"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT",
        "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com",
                     "metadata": {"service": "generativelanguage.googleapis.com"}},
                    {"@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "en-US",
                     "message": "API key not valid. Please pass a valid API key."}]}}
      """;

  static final String OVERLOADED =
      """
      {"error": {"code": 503, "message": "The model is overloaded. Please try again later.", "status": "UNAVAILABLE"}}
      """;

  static String notFound(String model) {
    return """
        {"error": {"code": 404, "message": "models/%s is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.", "status": "NOT_FOUND"}}
        """
        .formatted(model);
  }

  static MockResponse json(int code, String body) {
    return new MockResponse.Builder()
        .code(code)
        .addHeader("Content-Type", "application/json; charset=UTF-8")
        .body(body)
        .build();
  }

  static String quote(String s) {
    try {
      return JSON.writeValueAsString(s);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  static JsonNode body(RecordedRequest r) {
    try {
      return JSON.readTree(r.getBody().utf8());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String baseUrl(MockWebServer server) {
    return server.url("/v1beta").toString();
  }

  static GeminiChatModel.Builder chat(MockWebServer server, Retrier.Sleeper sleeper) {
    return pointedAt(GeminiChatModel.builder(), server, sleeper);
  }

  static GeminiEmbedder.Builder embedder(MockWebServer server, Retrier.Sleeper sleeper) {
    return pointedAt(GeminiEmbedder.builder(), server, sleeper);
  }

  /**
   * {@code builder} with no environment, {@link #KEY}, {@code server}'s URL and {@code sleeper}.
   */
  private static <B extends ClientBuilder<B>> B pointedAt(
      B builder, MockWebServer server, Retrier.Sleeper sleeper) {
    return builder.environment(Map.of()).apiKey(KEY).baseUrl(baseUrl(server)).retrySleeper(sleeper);
  }

  /** Records the waits the retrier asks for instead of sleeping. */
  static final class RecordingSleeper implements Retrier.Sleeper {
    final List<Duration> waits = new CopyOnWriteArrayList<>();

    @Override
    public void sleep(Duration d) {
      waits.add(d);
    }
  }
}
