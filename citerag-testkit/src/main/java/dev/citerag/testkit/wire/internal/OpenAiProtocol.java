package dev.citerag.testkit.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.ProviderException;
import dev.citerag.testkit.fakes.ScriptedOutcome;
import dev.citerag.testkit.fakes.SentSources;
import dev.citerag.testkit.fakes.internal.Json;
import dev.citerag.testkit.fakes.internal.ReplyScript;
import dev.citerag.text.internal.TokenEstimator;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * The OpenAI-compatible API as the fake speaks it: {@code /v1/chat/completions}, {@code
 * /v1/embeddings}, {@code /v1/models}, with OpenAI's request checks, response bodies, error bodies
 * ({@code {"error":{"message","type","param","code"}}}) and retry headers.
 */
public final class OpenAiProtocol {

  /** A chat model the fake serves; {@code reported} is the id replies carry (a dated snapshot). */
  public record ChatModel(String name, String reported, boolean reasoning) {}

  /** An embedding model; {@code shortens} whether it accepts {@code dimensions}. */
  public record EmbeddingModel(String name, EmbeddingSource source, boolean shortens) {}

  /** Which retry hints a 429 carries. */
  public enum Hint {
    RETRY_AFTER_MS,
    RETRY_AFTER_SECONDS,
    RETRY_AFTER_DATE,
    RATELIMIT_RESET
  }

  /** Settings the server object holds; read on every request. */
  public interface Settings {
    Map<String, ChatModel> chatModels();

    Map<String, EmbeddingModel> embeddingModels();

    @Nullable String requiredApiKey();

    boolean jsonSchemaSupported();

    boolean scrambleEmbeddingOrder();

    int reasoningTokens();

    int cachedTokens();

    Set<Hint> hints();

    ReplyScript script();
  }

  static final Set<String> CHAT_FIELDS =
      Set.of(
          "model",
          "messages",
          "temperature",
          "top_p",
          "n",
          "stream",
          "stop",
          "max_tokens",
          "max_completion_tokens",
          "presence_penalty",
          "frequency_penalty",
          "logit_bias",
          "user",
          "response_format",
          "seed",
          "tools",
          "tool_choice",
          "logprobs",
          "top_logprobs",
          "parallel_tool_calls",
          "stream_options",
          "reasoning_effort",
          "service_tier",
          "store",
          "metadata");

  static final Set<String> ROLES = Set.of("system", "developer", "user", "assistant", "tool");

  private static final String REFUSAL_TEXT = "I'm sorry, but I can't help with that request.";

  private final Settings settings;
  private final AtomicInteger counter = new AtomicInteger();

  private final OpenAiEmbeddings embeddings;
  private final OpenAiResponseFormat responseFormat;

  public OpenAiProtocol(Settings settings) {
    this.settings = settings;
    this.embeddings = new OpenAiEmbeddings(settings);
    this.responseFormat = new OpenAiResponseFormat(settings);
  }

  public FakeHttp.Reply handle(FakeHttp.Request req) {
    String key = req.method() + " " + req.path();
    switch (key) {
      case "POST /v1/chat/completions" -> {
        FakeHttp.Reply auth = checkKey(req);
        return auth != null ? auth : chat(req);
      }
      case "POST /v1/embeddings" -> {
        FakeHttp.Reply auth = checkKey(req);
        return auth != null ? auth : embeddings.embed(req);
      }
      case "GET /v1/models" -> {
        FakeHttp.Reply auth = checkKey(req);
        return auth != null ? auth : embeddings.models();
      }
      default -> {
        return error(
            404,
            "Invalid URL (" + req.method() + " " + req.path() + ")",
            "invalid_request_error",
            null,
            null);
      }
    }
  }

  // ---- chat ----

  private FakeHttp.Reply chat(FakeHttp.Request req) {
    JsonNode body = req.json();
    if (body == null || !body.isObject()) {
      return error(
          400,
          "We could not parse the JSON body of your request. (HINT: This likely means you aren't"
              + " using your HTTP library correctly.)",
          "invalid_request_error",
          null,
          null);
    }
    for (Map.Entry<String, JsonNode> e : body.properties()) {
      if (!CHAT_FIELDS.contains(e.getKey())) {
        return error(
            400,
            "Unrecognized request argument supplied: " + e.getKey(),
            "invalid_request_error",
            null,
            null);
      }
    }
    JsonNode modelNode = body.get("model");
    if (modelNode == null || !modelNode.isTextual()) {
      return error(400, "you must provide a model parameter", "invalid_request_error", null, null);
    }
    ChatModel model = settings.chatModels().get(modelNode.asText());
    if (model == null) {
      return modelNotFound(modelNode.asText());
    }
    JsonNode messages = body.get("messages");
    if (messages == null || !messages.isArray() || messages.isEmpty()) {
      return error(400, "[] is too short - 'messages'", "invalid_request_error", "messages", null);
    }
    String lastUser = null;
    StringBuilder all = new StringBuilder();
    for (int i = 0; i < messages.size(); i++) {
      JsonNode m = messages.get(i);
      String role = m.path("role").asText("");
      if (!ROLES.contains(role)) {
        return error(
            400,
            "Invalid value: '"
                + role
                + "'. Supported values are: 'system', 'assistant', 'user',"
                + " 'function', 'tool', and 'developer'.",
            "invalid_request_error",
            "messages[" + i + "].role",
            "invalid_value");
      }
      String text = contentText(m.get("content"));
      if (text == null) {
        return error(
            400,
            "Invalid type for 'messages[" + i + "].content'.",
            "invalid_request_error",
            "messages[" + i + "].content",
            "invalid_type");
      }
      all.append(text).append('\n');
      if (role.equals("user")) {
        lastUser = text;
      }
    }
    if (lastUser == null) {
      return error(
          400, "messages must contain a user message", "invalid_request_error", "messages", null);
    }
    JsonNode t = body.get("temperature");
    if (t != null && (!t.isNumber() || t.asDouble() < 0 || t.asDouble() > 2)) {
      return error(
          400,
          "Invalid 'temperature': decimal above maximum value. Expected a value <= 2.",
          "invalid_request_error",
          "temperature",
          "decimal_above_max_value");
    }
    if (model.reasoning() && body.has("max_tokens")) {
      return error(
          400,
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use"
              + " 'max_completion_tokens' instead.",
          "invalid_request_error",
          "max_tokens",
          "unsupported_parameter");
    }
    if (body.has("max_tokens") && body.has("max_completion_tokens")) {
      return error(
          400,
          "max_tokens and max_completion_tokens cannot both be set",
          "invalid_request_error",
          "max_tokens",
          null);
    }
    int maxTokens = body.path("max_completion_tokens").asInt(body.path("max_tokens").asInt(4096));
    if (maxTokens <= 0) {
      return error(
          400,
          "Invalid 'max_tokens': integer below minimum value.",
          "invalid_request_error",
          "max_tokens",
          "integer_below_min_value");
    }
    if (body.path("stream").asBoolean(false)) {
      throw new IllegalStateException(
          "streaming is not implemented by the fake; send \"stream\": false");
    }
    FakeHttp.Reply format = responseFormat.check(body.get("response_format"), all.toString());
    if (format != null) {
      return format;
    }
    WireSupport.Scripted scripted = WireSupport.resolve(settings.script(), lastUser);
    SentSources sent = scripted.sent();
    ScriptedOutcome outcome = scripted.outcome();
    int promptTokens = Math.max(1, TokenEstimator.estimate(all.toString()));
    FakeHttp.Reply reply =
        outcome instanceof ScriptedOutcome.Failure f
            ? failure(f.exception(), model.name())
            : completion(model, (ScriptedOutcome.Text) outcome, promptTokens, maxTokens);
    return reply.withSources(sent);
  }

  private FakeHttp.Reply completion(
      ChatModel model, ScriptedOutcome.Text t, int promptTokens, int maxTokens) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("id", "chatcmpl-" + id(29));
    root.put("object", "chat.completion");
    root.put("created", 1_764_000_000L + counter.get());
    root.put("model", model.reported());
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    ObjectNode msg = choice.putObject("message");
    msg.put("role", "assistant");
    int reasoning = model.reasoning() ? settings.reasoningTokens() : 0;
    int output = 0;
    String finish;
    switch (t.finishReason()) {
      case STOP -> {
        msg.put("content", t.text());
        msg.putNull("refusal");
        output = Math.max(1, TokenEstimator.estimate(t.text()));
        finish = "stop";
      }
      case LENGTH -> {
        msg.put("content", t.text());
        msg.putNull("refusal");
        output = TokenEstimator.estimate(t.text());
        if (t.text().isEmpty()) {
          reasoning = maxTokens; // the whole budget went to reasoning
        }
        finish = "length";
      }
      case BLOCKED -> {
        msg.putNull("content");
        if (t.providerFinishReason().equalsIgnoreCase("refusal")) {
          msg.put("refusal", REFUSAL_TEXT);
          output = TokenEstimator.estimate(REFUSAL_TEXT);
          finish = "stop";
        } else {
          msg.putNull("refusal");
          finish = "content_filter";
        }
      }
      default -> {
        if (t.providerFinishReason().equals("tool_calls")) {
          msg.putNull("content");
          ObjectNode call = msg.putArray("tool_calls").addObject();
          call.put("id", "call_" + id(24));
          call.put("type", "function");
          call.putObject("function")
              .put("name", "lookup")
              .put("arguments", "{\"query\":\"deploy\"}");
          finish = "tool_calls";
        } else {
          msg.put("content", t.text());
          finish = t.providerFinishReason();
        }
        output = TokenEstimator.estimate(t.text());
      }
    }
    choice.putNull("logprobs");
    choice.put("finish_reason", finish);
    ObjectNode usage = root.putObject("usage");
    usage.put("prompt_tokens", promptTokens);
    usage.put("completion_tokens", output + reasoning);
    usage.put("total_tokens", promptTokens + output + reasoning);
    usage
        .putObject("prompt_tokens_details")
        .put("cached_tokens", Math.min(settings.cachedTokens(), promptTokens))
        .put("audio_tokens", 0);
    usage
        .putObject("completion_tokens_details")
        .put("reasoning_tokens", reasoning)
        .put("audio_tokens", 0)
        .put("accepted_prediction_tokens", 0)
        .put("rejected_prediction_tokens", 0);
    root.put("service_tier", "default");
    root.put("system_fingerprint", "fp_" + id(10));
    return FakeHttp.Reply.json(200, root.toString());
  }

  /** The text of a message's content: a string, or text parts; null when neither. */
  private static @Nullable String contentText(@Nullable JsonNode content) {
    if (content == null) {
      return null;
    }
    if (content.isTextual()) {
      return content.asText();
    }
    if (content.isArray()) {
      StringBuilder b = new StringBuilder();
      for (JsonNode p : content) {
        if (!p.path("text").isTextual()) {
          return null;
        }
        b.append(p.get("text").asText());
      }
      return b.toString();
    }
    return null;
  }

  // ---- embeddings ----

  // ---- errors ----

  private FakeHttp.@Nullable Reply checkKey(FakeHttp.Request req) {
    String required = settings.requiredApiKey();
    if (required == null) {
      return null; // like a local server: any key, or none
    }
    String auth = req.headers().get("Authorization");
    if (auth == null || !auth.startsWith("Bearer ") || auth.length() == "Bearer ".length()) {
      return error(
          401,
          "You didn't provide an API key. You need to provide your API key in an Authorization header"
              + " using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank"
              + " username) if you're accessing the API from your browser and are prompted for a username and password."
              + " You can obtain an API key from https://platform.openai.com/account/api-keys.",
          "invalid_request_error",
          null,
          null);
    }
    String key = auth.substring("Bearer ".length());
    if (!key.equals(required)) {
      // the real API echoes the start and the end of the key it rejected
      String shown =
          key.length() <= 12
              ? key
              : key.substring(0, 8)
                  + "*".repeat(Math.min(40, key.length() - 12))
                  + key.substring(key.length() - 4);
      return error(
          401,
          "Incorrect API key provided: "
              + shown
              + ". You can find your API key at"
              + " https://platform.openai.com/account/api-keys.",
          "invalid_request_error",
          null,
          "invalid_api_key");
    }
    return null;
  }

  static FakeHttp.Reply modelNotFound(String model) {
    return error(
        404,
        "The model `" + model + "` does not exist or you do not have access to it.",
        "invalid_request_error",
        null,
        "model_not_found");
  }

  /** The error body of a scripted provider failure, with OpenAI's status codes and headers. */
  FakeHttp.Reply failure(ProviderException e, String model) {
    FakeHttp.Reply fault = WireSupport.transportFault(e);
    if (fault != null) {
      return fault;
    }
    String message = WireSupport.stripProvider(e);
    return switch (e.kind()) {
      case RATE_LIMITED ->
          e.retryable()
              ? rateLimited(e.httpStatus().orElse(429), model, e.retryAfter().orElse(null))
              : error(
                  429,
                  "You exceeded your current quota, please check your plan and billing details. For more"
                      + " information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/"
                      + "api-errors.",
                  "insufficient_quota",
                  null,
                  "insufficient_quota");
      case UNAVAILABLE ->
          error(
              e.httpStatus().orElse(503),
              message.startsWith("scripted overload")
                  ? "The server is overloaded or not ready yet."
                  : message,
              "server_error",
              null,
              null);
      case TIMEOUT -> error(e.httpStatus().orElse(504), message, "server_error", null, null);
      case AUTH -> error(e.httpStatus().orElse(401), message, "invalid_request_error", null, null);
      case NOT_FOUND ->
          error(
              e.httpStatus().orElse(404),
              message,
              "invalid_request_error",
              null,
              "model_not_found");
      default -> error(e.httpStatus().orElse(400), message, "invalid_request_error", null, null);
    };
  }

  private FakeHttp.Reply rateLimited(int code, String model, @Nullable Duration retryAfter) {
    Duration d = retryAfter == null ? Duration.ofSeconds(1) : retryAfter;
    String seconds =
        new BigDecimal(d.toNanos())
            .movePointLeft(9)
            .setScale(3, RoundingMode.UP)
            .stripTrailingZeros()
            .toPlainString();
    FakeHttp.Reply r =
        error(
            code,
            "Rate limit reached for "
                + model
                + " in organization org-fake on requests per"
                + " min (RPM): Limit 3, Used 3, Requested 1. Please try again in "
                + seconds
                + "s. Visit"
                + " https://platform.openai.com/account/rate-limits to learn more.",
            "requests",
            "requests",
            "rate_limit_exceeded");
    Set<Hint> hints = settings.hints();
    if (hints.contains(Hint.RETRY_AFTER_MS)) {
      r = r.withHeader("retry-after-ms", Long.toString(d.toMillis()));
    }
    if (hints.contains(Hint.RETRY_AFTER_SECONDS)) {
      long s = d.getSeconds() + (d.getNano() > 0 ? 1 : 0);
      r = r.withHeader("Retry-After", Long.toString(s));
    } else if (hints.contains(Hint.RETRY_AFTER_DATE)) {
      ZonedDateTime at = ZonedDateTime.now(ZoneOffset.UTC).plus(d).plusSeconds(1);
      r = r.withHeader("Retry-After", DateTimeFormatter.RFC_1123_DATE_TIME.format(at));
    }
    if (hints.contains(Hint.RATELIMIT_RESET)) {
      r =
          r.withHeader("x-ratelimit-limit-requests", "3")
              .withHeader("x-ratelimit-remaining-requests", "0")
              .withHeader("x-ratelimit-reset-requests", goDuration(d))
              .withHeader("x-ratelimit-limit-tokens", "200000")
              .withHeader("x-ratelimit-remaining-tokens", "199000")
              .withHeader("x-ratelimit-reset-tokens", "300ms");
    }
    return r;
  }

  /**
   * A duration as OpenAI writes its reset headers: {@code 20ms}, {@code 1s}, {@code 6m0s}, {@code
   * 1.5s}.
   */
  public static String goDuration(Duration d) {
    if (d.compareTo(Duration.ofSeconds(1)) < 0) {
      return d.toMillis() + "ms";
    }
    long minutes = d.toMinutes();
    BigDecimal seconds =
        new BigDecimal(d.minusMinutes(minutes).toNanos()).movePointLeft(9).stripTrailingZeros();
    String s = (seconds.scale() < 0 ? seconds.setScale(0) : seconds).toPlainString() + "s";
    return minutes > 0 ? minutes + "m" + s : s;
  }

  /** OpenAI's error body. */
  public static FakeHttp.Reply error(
      int status,
      String message,
      @Nullable String type,
      @Nullable String param,
      @Nullable String code) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    ObjectNode err = root.putObject("error");
    err.put("message", message);
    err.put("type", type);
    err.put("param", param);
    err.put("code", code);
    return FakeHttp.Reply.json(status, root.toString());
  }

  private String id(int length) {
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    long x = 0x9E3779B97F4A7C15L * (counter.incrementAndGet() + 31L);
    StringBuilder b = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      x ^= x >>> 29;
      x *= 0xBF58476D1CE4E5B9L;
      b.append(alphabet.charAt((int) ((x >>> 40) % alphabet.length())));
    }
    return b.toString();
  }
}
