package dev.citerag.testkit.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.ProviderException;
import dev.citerag.chat.FinishReason;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.fakes.ScriptedOutcome;
import dev.citerag.testkit.fakes.SentSources;
import dev.citerag.testkit.fakes.internal.Json;
import dev.citerag.testkit.fakes.internal.ReplyScript;
import dev.citerag.text.internal.TokenEstimator;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * The Gemini Developer API (v1beta) as the fake speaks it: request checks, response bodies and
 * error bodies in the shapes of {@code generativelanguage.googleapis.com}.
 */
public final class GeminiProtocol {

  /** Top-level fields a generateContent request may carry. */
  static final Set<String> REQUEST_FIELDS =
      Set.of(
          "contents",
          "systemInstruction",
          "generationConfig",
          "safetySettings",
          "tools",
          "toolConfig",
          "cachedContent");

  /** Fields of generationConfig the API knows. */
  static final Set<String> GENERATION_CONFIG_FIELDS =
      Set.of(
          "temperature",
          "topP",
          "topK",
          "candidateCount",
          "maxOutputTokens",
          "stopSequences",
          "responseMimeType",
          "responseSchema",
          "responseJsonSchema",
          "thinkingConfig",
          "seed",
          "presencePenalty",
          "frequencyPenalty",
          "responseLogprobs",
          "logprobs",
          "responseModalities",
          "speechConfig",
          "mediaResolution",
          "enableEnhancedCivicAnswers");

  /** Settings the server object holds; read on every request. */
  public interface Settings {
    Set<String> chatModels();

    Set<String> embeddingModels();

    @Nullable String requiredApiKey();

    EmbeddingSource embeddings();

    int thoughtsTokens();

    ReplyScript script();
  }

  private final Settings settings;
  private final GeminiEmbeddings embeddings;
  private final AtomicInteger responseCounter = new AtomicInteger();

  public GeminiProtocol(Settings settings) {
    this.settings = settings;
    this.embeddings = new GeminiEmbeddings(settings);
  }

  public FakeHttp.Reply handle(FakeHttp.Request req) {
    String path = req.path();
    String prefix = "/v1beta/models/";
    if (!path.startsWith(prefix) || path.indexOf(':') < 0) {
      return error(
          404, "NOT_FOUND", "The requested URL " + path + " was not found on this server.");
    }
    String target = path.substring(prefix.length());
    String model = target.substring(0, target.lastIndexOf(':'));
    String method = target.substring(target.lastIndexOf(':') + 1);
    if (!req.method().equals("POST")) {
      return error(404, "NOT_FOUND", "Method " + req.method() + " is not allowed on " + path);
    }
    FakeHttp.Reply auth = checkKey(req);
    if (auth != null) {
      return auth;
    }
    JsonNode body = req.json();
    if (body == null || !body.isObject()) {
      return error(400, "INVALID_ARGUMENT", "Invalid JSON payload received. Expected an object.");
    }
    return switch (method) {
      case "generateContent" ->
          settings.chatModels().contains(model)
              ? generate(model, (ObjectNode) body)
              : modelNotFound(model, method);
      case "embedContent" ->
          settings.embeddingModels().contains(model)
              ? embeddings.one(model, body)
              : modelNotFound(model, method);
      case "batchEmbedContents" ->
          settings.embeddingModels().contains(model)
              ? embeddings.batch(model, body)
              : modelNotFound(model, method);
      case "streamGenerateContent" ->
          throw new IllegalStateException(
              "streamGenerateContent is not implemented by the fake; use generateContent");
      default -> error(404, "NOT_FOUND", "Method " + method + " not found for models/" + model);
    };
  }

  // ---- generateContent ----

  private FakeHttp.Reply generate(String model, ObjectNode body) {
    String unknown = WireSupport.unknownField(body, REQUEST_FIELDS);
    if (unknown != null) {
      return invalidField(unknown, null);
    }
    JsonNode contents = body.get("contents");
    if (contents == null || !contents.isArray() || contents.isEmpty()) {
      return error(
          400,
          "INVALID_ARGUMENT",
          "* GenerateContentRequest.contents: contents is not specified\n");
    }
    String lastUser = null;
    StringBuilder allText = new StringBuilder();
    for (JsonNode c : contents) {
      String role = c.path("role").asText("user");
      if (!role.equals("user") && !role.equals("model")) {
        return error(400, "INVALID_ARGUMENT", "Please use a valid role: user, model.");
      }
      String text = partsText(c.path("parts"));
      allText.append(text);
      if (role.equals("user")) {
        lastUser = text;
      }
    }
    if (lastUser == null) {
      return error(
          400,
          "INVALID_ARGUMENT",
          "* GenerateContentRequest.contents: no content with role user\n");
    }
    String system = partsText(body.path("systemInstruction").path("parts"));
    JsonNode gc = body.path("generationConfig");
    int maxOutputTokens = 8192;
    boolean includeThoughts = false;
    if (gc.isObject()) {
      String u = WireSupport.unknownField(gc, GENERATION_CONFIG_FIELDS);
      if (u != null) {
        return invalidField(u, "generation_config");
      }
      if (gc.has("responseSchema") && gc.has("responseJsonSchema")) {
        return error(
            400,
            "INVALID_ARGUMENT",
            "Only one of response_schema and response_json_schema can be set in generation_config.");
      }
      if ((gc.has("responseSchema") || gc.has("responseJsonSchema"))
          && !"application/json".equals(gc.path("responseMimeType").asText())) {
        return error(
            400,
            "INVALID_ARGUMENT",
            "response_mime_type must be application/json when a response schema is set.");
      }
      JsonNode t = gc.get("temperature");
      if (t != null && (!t.isNumber() || t.asDouble() < 0 || t.asDouble() > 2)) {
        return error(
            400,
            "INVALID_ARGUMENT",
            "* GenerateContentRequest.generation_config.temperature: must be in [0.0, 2.0]\n");
      }
      maxOutputTokens = gc.path("maxOutputTokens").asInt(maxOutputTokens);
      includeThoughts = gc.path("thinkingConfig").path("includeThoughts").asBoolean(false);
    }
    WireSupport.Scripted scripted = WireSupport.resolve(settings.script(), lastUser);
    SentSources sent = scripted.sent();
    ScriptedOutcome outcome = scripted.outcome();
    int promptTokens =
        Math.max(1, TokenEstimator.estimate(system) + TokenEstimator.estimate(allText));
    FakeHttp.Reply http =
        outcome instanceof ScriptedOutcome.Failure f
            ? failure(f.exception())
            : candidate(
                model,
                (ScriptedOutcome.Text) outcome,
                promptTokens,
                maxOutputTokens,
                includeThoughts);
    return http.withSources(sent);
  }

  private FakeHttp.Reply candidate(
      String model,
      ScriptedOutcome.Text t,
      int promptTokens,
      int maxOutputTokens,
      boolean includeThoughts) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    int thoughts = settings.thoughtsTokens();
    if (t.finishReason() == FinishReason.BLOCKED && t.promptBlocked()) {
      root.putObject("promptFeedback")
          .put(
              "blockReason",
              t.providerFinishReason().substring(Reply.PROMPT_BLOCKED_PREFIX.length()));
      ObjectNode usage = root.putObject("usageMetadata");
      usage.put("promptTokenCount", promptTokens);
      usage.put("totalTokenCount", promptTokens);
      root.put("modelVersion", model);
      return FakeHttp.Reply.json(200, root.toString());
    }
    ArrayNode candidates = root.putArray("candidates");
    ObjectNode cand = candidates.addObject();
    int outputTokens = 0;
    switch (t.finishReason()) {
      case BLOCKED -> {
        cand.put("finishReason", geminiBlockReason(t.providerFinishReason()));
        cand.put("index", 0);
        ArrayNode ratings = cand.putArray("safetyRatings");
        ratings
            .addObject()
            .put("category", "HARM_CATEGORY_DANGEROUS_CONTENT")
            .put("probability", "HIGH")
            .put("blocked", true);
        ratings
            .addObject()
            .put("category", "HARM_CATEGORY_HARASSMENT")
            .put("probability", "NEGLIGIBLE");
      }
      case LENGTH -> {
        ObjectNode content = cand.putObject("content");
        if (!t.text().isEmpty()) {
          content.putArray("parts").addObject().put("text", t.text());
          outputTokens = TokenEstimator.estimate(t.text());
        } else if (thoughts == 0) {
          // the whole budget went to thinking
          thoughts = maxOutputTokens;
        }
        content.put("role", "model");
        cand.put("finishReason", "MAX_TOKENS");
        cand.put("index", 0);
      }
      default -> {
        ObjectNode content = cand.putObject("content");
        ArrayNode parts = content.putArray("parts");
        if (includeThoughts) {
          parts
              .addObject()
              .put("text", "**Reading the sources**\n\nI compare the question with each source.")
              .put("thought", true);
        }
        parts.addObject().put("text", t.text());
        content.put("role", "model");
        cand.put("finishReason", t.finishReason() == FinishReason.STOP ? "STOP" : "OTHER");
        cand.put("index", 0);
        outputTokens = Math.max(1, TokenEstimator.estimate(t.text()));
      }
    }
    ObjectNode usage = root.putObject("usageMetadata");
    usage.put("promptTokenCount", promptTokens);
    if (outputTokens > 0) {
      usage.put("candidatesTokenCount", outputTokens);
    }
    usage.put("totalTokenCount", promptTokens + outputTokens + thoughts);
    usage
        .putArray("promptTokensDetails")
        .addObject()
        .put("modality", "TEXT")
        .put("tokenCount", promptTokens);
    if (thoughts > 0) {
      usage.put("thoughtsTokenCount", thoughts);
    }
    root.put("modelVersion", model);
    root.put("responseId", responseId());
    return FakeHttp.Reply.json(200, root.toString());
  }

  private static String geminiBlockReason(String providerReason) {
    String r = providerReason.toUpperCase(Locale.ROOT);
    return r.matches("[A-Z_]+") ? r : "SAFETY";
  }

  private String responseId() {
    // 22 characters of the URL-safe alphabet, like the real ids; deterministic per server
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    long x = 0x9E3779B97F4A7C15L * (responseCounter.incrementAndGet() + 17L);
    StringBuilder b = new StringBuilder(22);
    for (int i = 0; i < 22; i++) {
      x ^= x >>> 29;
      x *= 0xBF58476D1CE4E5B9L;
      b.append(alphabet.charAt((int) ((x >>> 58) & 63)));
    }
    return b.toString();
  }

  // ---- errors ----

  private FakeHttp.@Nullable Reply checkKey(FakeHttp.Request req) {
    String key = req.headers().get("x-goog-api-key");
    if (key == null) {
      key = req.queryParameter("key");
    }
    if (key == null || key.isEmpty()) {
      return error(
          403,
          "PERMISSION_DENIED",
          "Method doesn't allow unregistered callers (callers without established"
              + " identity). Please use API Key or other form of API consumer identity to call this API.");
    }
    String required = settings.requiredApiKey();
    if (required != null && !required.equals(key)) {
      ObjectNode root = Json.MAPPER.createObjectNode();
      ObjectNode err = root.putObject("error");
      err.put("code", 400);
      err.put("message", "API key not valid. Please pass a valid API key.");
      err.put("status", "INVALID_ARGUMENT");
      ArrayNode details = err.putArray("details");
      ObjectNode info = details.addObject();
      info.put("@type", "type.googleapis.com/google.rpc.ErrorInfo");
      info.put("reason", "API_KEY_INVALID");
      info.put("domain", "googleapis.com");
      info.putObject("metadata").put("service", "generativelanguage.googleapis.com");
      ObjectNode loc = details.addObject();
      loc.put("@type", "type.googleapis.com/google.rpc.LocalizedMessage");
      loc.put("locale", "en-US");
      loc.put("message", "API key not valid. Please pass a valid API key.");
      return FakeHttp.Reply.json(400, root.toString());
    }
    return null;
  }

  private static FakeHttp.Reply modelNotFound(String model, String method) {
    return error(
        404,
        "NOT_FOUND",
        "models/"
            + model
            + " is not found for API version v1beta, or is not supported for "
            + method
            + ". Call ListModels to see the list of available models and their supported methods.");
  }

  static FakeHttp.Reply invalidField(String field, @Nullable String where) {
    return error(
        400,
        "INVALID_ARGUMENT",
        "Invalid JSON payload received. Unknown name \""
            + field
            + "\""
            + (where == null ? "" : " at '" + where + "'")
            + ": Cannot find field.");
  }

  /** The error body of a scripted provider failure. */
  static FakeHttp.Reply failure(ProviderException e) {
    FakeHttp.Reply fault = WireSupport.transportFault(e);
    if (fault != null) {
      return fault;
    }
    String message = WireSupport.stripProvider(e);
    return switch (e.kind()) {
      case RATE_LIMITED ->
          rateLimited(e.httpStatus().orElse(429), message, e.retryAfter().orElse(null));
      default -> {
        int code =
            e.httpStatus()
                .orElse(
                    switch (e.kind()) {
                      case UNAVAILABLE -> 503;
                      case TIMEOUT -> 504;
                      case AUTH -> 403;
                      case NOT_FOUND -> 404;
                      default -> 400;
                    });
        String status =
            e.providerStatus()
                .orElse(
                    switch (code) {
                      case 503 -> "UNAVAILABLE";
                      case 504 -> "DEADLINE_EXCEEDED";
                      case 500 -> "INTERNAL";
                      case 403 -> "PERMISSION_DENIED";
                      case 404 -> "NOT_FOUND";
                      default -> "INVALID_ARGUMENT";
                    });
        if (e.kind() == ProviderException.Kind.UNAVAILABLE
            && message.startsWith("scripted overload")) {
          message = "The model is overloaded. Please try again later.";
        }
        yield error(code, status, message);
      }
    };
  }

  private static FakeHttp.Reply rateLimited(
      int code, String message, @Nullable Duration retryAfter) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    ObjectNode err = root.putObject("error");
    err.put("code", code);
    err.put(
        "message",
        message.equals("scripted rate limit")
            ? "You exceeded your current quota, please check your plan and billing details. For more information on this"
                + " error, head to: https://ai.google.dev/gemini-api/docs/rate-limits."
            : message);
    err.put("status", "RESOURCE_EXHAUSTED");
    ArrayNode details = err.putArray("details");
    ObjectNode qf = details.addObject();
    qf.put("@type", "type.googleapis.com/google.rpc.QuotaFailure");
    ObjectNode v = qf.putArray("violations").addObject();
    v.put(
        "quotaMetric",
        "generativelanguage.googleapis.com/generate_content_free_tier_input_token_count");
    v.put("quotaId", "GenerateContentInputTokensPerModelPerMinute-FreeTier");
    v.putObject("quotaDimensions").put("location", "global").put("model", "gemini-2.5-flash");
    v.put("quotaValue", "250000");
    ObjectNode help = details.addObject();
    help.put("@type", "type.googleapis.com/google.rpc.Help");
    help.putArray("links")
        .addObject()
        .put("description", "Learn more about Gemini API quotas")
        .put("url", "https://ai.google.dev/gemini-api/docs/rate-limits");
    if (retryAfter != null) {
      ObjectNode ri = details.addObject();
      ri.put("@type", "type.googleapis.com/google.rpc.RetryInfo");
      ri.put("retryDelay", protoDuration(retryAfter));
    }
    return FakeHttp.Reply.json(code, root.toString());
  }

  /**
   * A protobuf Duration in JSON: decimal seconds with an {@code s}, e.g. {@code 26s}, {@code 1.5s}.
   */
  static String protoDuration(Duration d) {
    BigDecimal s = BigDecimal.valueOf(d.getSeconds()).add(BigDecimal.valueOf(d.getNano(), 9));
    return s.stripTrailingZeros().toPlainString() + "s";
  }

  /** The standard error body. */
  public static FakeHttp.Reply error(int code, String status, String message) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    ObjectNode err = root.putObject("error");
    err.put("code", code);
    err.put("message", message);
    err.put("status", status);
    return FakeHttp.Reply.json(code, root.toString());
  }

  // ---- helpers ----

  static String partsText(JsonNode parts) {
    StringBuilder b = new StringBuilder();
    for (JsonNode p : parts) {
      if (p.hasNonNull("text") && !p.path("thought").asBoolean(false)) {
        b.append(p.get("text").asText());
      }
    }
    return b.toString();
  }
}
