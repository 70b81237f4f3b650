package dev.citerag.testkit.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.ProviderException;
import dev.citerag.testkit.fakes.ScriptedOutcome;
import dev.citerag.testkit.fakes.SentSources;
import dev.citerag.testkit.fakes.internal.Json;
import dev.citerag.testkit.fakes.internal.ReplyScript;
import dev.citerag.text.internal.TokenEstimator;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * The Anthropic Messages API as the fake speaks it: {@code POST /v1/messages} with the API's
 * request checks, plain-text {@code document} blocks with citations, {@code text} blocks with
 * {@code char_location} citations, structured outputs ({@code output_config.format}), forced tools,
 * stop reasons, usage with cache counts, and error bodies {@code {"type": "error", "error":
 * {"type", "message"}, "request_id"}} with {@code retry-after}.
 */
public final class AnthropicProtocol {

  /** Settings the server object holds; read on every request. */
  public interface Settings {
    Set<String> models();

    @Nullable String requiredApiKey();

    @Nullable String uncitedPrefix();

    boolean corruptOffsets();

    int cacheReadTokens();

    ReplyScript script();
  }

  static final Set<String> FIELDS =
      Set.of(
          "model",
          "max_tokens",
          "messages",
          "system",
          "temperature",
          "top_p",
          "top_k",
          "stop_sequences",
          "stream",
          "metadata",
          "tools",
          "tool_choice",
          "output_config",
          "thinking",
          "service_tier");

  /** Prefix of the ids the fake gives documents in its {@link SentSources}: {@code doc0}, ... */
  public static final String DOC_ID = "doc";

  private static final String QUESTION = "Question: ";

  private final Settings settings;
  private final AtomicInteger counter = new AtomicInteger();

  public AnthropicProtocol(Settings settings) {
    this.settings = settings;
  }

  public FakeHttp.Reply handle(FakeHttp.Request req) {
    if (!(req.method() + " " + req.path()).equals("POST /v1/messages")) {
      return error(404, "not_found_error", "Not Found");
    }
    String key = req.headers().get("x-api-key");
    String required = settings.requiredApiKey();
    if (required != null && (key == null || !key.equals(required))) {
      return error(401, "authentication_error", "invalid x-api-key");
    }
    if (req.headers().get("anthropic-version") == null) {
      return error(400, "invalid_request_error", "anthropic-version: header is required");
    }
    return messages(req);
  }

  /** One document as sent: its text and title. */
  private record Doc(String text, @Nullable String title, boolean citations) {}

  private FakeHttp.Reply messages(FakeHttp.Request req) {
    JsonNode body = req.json();
    if (body == null || !body.isObject()) {
      return invalid("There was an error parsing the body of your request: not a JSON object");
    }
    String unknown = WireSupport.unknownField(body, FIELDS);
    if (unknown != null) {
      return invalid(unknown + ": Extra inputs are not permitted");
    }
    JsonNode model = body.get("model");
    if (model == null || !model.isTextual()) {
      return invalid("model: Field required");
    }
    if (!settings.models().contains(model.asText())) {
      return error(404, "not_found_error", "model: " + model.asText());
    }
    JsonNode maxTokens = body.get("max_tokens");
    if (maxTokens == null || !maxTokens.isIntegralNumber()) {
      return invalid("max_tokens: Field required");
    }
    if (maxTokens.asInt() < 1) {
      return invalid("max_tokens: Input should be greater than or equal to 1");
    }
    JsonNode t = body.get("temperature");
    if (t != null && (!t.isNumber() || t.asDouble() < 0 || t.asDouble() > 1)) {
      return invalid("temperature: Input should be less than or equal to 1");
    }
    if (body.path("stream").asBoolean(false)) {
      throw new IllegalStateException(
          "streaming is not implemented by the fake; leave \"stream\" out");
    }
    JsonNode messages = body.get("messages");
    if (messages == null || !messages.isArray() || messages.isEmpty()) {
      return invalid("messages: at least one message is required");
    }
    JsonNode last = messages.get(messages.size() - 1);
    if (!"user".equals(last.path("role").asText())) {
      return invalid("messages: the last message must have role user");
    }
    StringBuilder all = new StringBuilder(body.path("system").asText(""));
    List<Doc> docs = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    JsonNode content = last.get("content");
    if (content != null && content.isTextual()) {
      text.append(content.asText());
    } else if (content != null && content.isArray()) {
      for (int i = 0; i < content.size(); i++) {
        JsonNode b = content.get(i);
        String type = b.path("type").asText();
        if (type.equals("text")) {
          if (!b.path("text").isTextual()) {
            return invalid("messages.0.content." + i + ".text: Field required");
          }
          text.append(b.get("text").asText());
        } else if (type.equals("document")) {
          JsonNode src = b.path("source");
          if (!src.path("type").asText().equals("text")
              || !src.path("media_type").asText().equals("text/plain")
              || !src.path("data").isTextual()) {
            return invalid(
                "messages.0.content."
                    + i
                    + ".source: the fake serves plain-text documents only (type text, media_type"
                    + " text/plain, data)");
          }
          docs.add(
              new Doc(
                  src.get("data").asText(),
                  b.path("title").isTextual() ? b.get("title").asText() : null,
                  b.path("citations").path("enabled").asBoolean(false)));
        } else {
          return invalid("messages.0.content." + i + ".type: unsupported by the fake: " + type);
        }
      }
    } else {
      return invalid("messages.0.content: Field required");
    }
    all.append('\n').append(text);
    boolean cited = docs.stream().anyMatch(Doc::citations);
    if (cited && docs.stream().anyMatch(d -> !d.citations())) {
      return invalid(
          "citations must be enabled on all or none of the documents of a request, not some");
    }
    JsonNode format = body.path("output_config").get("format");
    if (format != null) {
      if (!format.path("type").asText().equals("json_schema")
          || !format.path("schema").isObject()) {
        return invalid(
            "output_config.format: expected {\"type\": \"json_schema\", \"schema\": {}}");
      }
      if (cited) {
        return invalid("citations cannot be used together with output_config.format");
      }
    }
    String tool = null;
    if (body.has("tool_choice")) {
      JsonNode tc = body.get("tool_choice");
      tool = tc.path("name").asText(null);
      boolean declared = false;
      for (JsonNode d : body.path("tools")) {
        if (!d.path("input_schema").isObject()) {
          return invalid("tools.0.input_schema: Field required");
        }
        declared |= d.path("name").asText().equals(tool);
      }
      if (!tc.path("type").asText().equals("tool") || !declared) {
        return invalid("tool_choice: names no declared tool");
      }
    }
    SentSources sent;
    String question = question(text.toString());
    if (docs.isEmpty()) {
      sent = SentSources.parse(text.toString());
    } else {
      List<SentSources.Source> list = new ArrayList<>();
      for (int i = 0; i < docs.size(); i++) {
        list.add(new SentSources.Source(DOC_ID + i, docs.get(i).text()));
        all.append('\n').append(docs.get(i).text());
      }
      sent = SentSources.of(question, list);
    }
    WireSupport.Scripted scripted = WireSupport.resolve(settings.script(), sent, text.toString());
    ScriptedOutcome outcome = scripted.outcome();
    if (outcome instanceof ScriptedOutcome.Failure f) {
      return failure(f.exception(), model.asText()).withSources(sent);
    }
    ScriptedOutcome.Text reply = (ScriptedOutcome.Text) outcome;
    int prompt = Math.max(1, TokenEstimator.estimate(all.toString()));
    return message(model.asText(), reply, cited ? docs : null, tool, prompt).withSources(sent);
  }

  private static @Nullable String question(String text) {
    if (!text.startsWith(QUESTION)) {
      return null;
    }
    int end = text.indexOf("\n\n");
    return text.substring(QUESTION.length(), end < 0 ? text.length() : end);
  }

  private FakeHttp.Reply message(
      String model,
      ScriptedOutcome.Text t,
      @Nullable List<Doc> docs,
      @Nullable String tool,
      int promptTokens) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("id", "msg_" + id(24));
    root.put("type", "message");
    root.put("role", "assistant");
    root.put("model", model);
    ArrayNode content = root.putArray("content");
    String stop;
    switch (t.finishReason()) {
      case STOP -> {
        if (docs != null) {
          cited(content, t.text(), docs);
        } else if (tool != null && jsonObject(t.text()) != null) {
          content
              .addObject()
              .put("type", "tool_use")
              .put("id", "toolu_" + id(24))
              .put("name", tool)
              .set("input", jsonObject(t.text()));
        } else {
          content.addObject().put("type", "text").put("text", t.text());
        }
        stop = tool != null && docs == null ? "tool_use" : "end_turn";
      }
      case LENGTH -> {
        if (!t.text().isEmpty()) {
          content.addObject().put("type", "text").put("text", t.text());
        }
        stop = "max_tokens";
      }
      case BLOCKED -> stop = "refusal";
      default -> {
        content.addObject().put("type", "text").put("text", t.text());
        stop = t.providerFinishReason();
      }
    }
    root.put("stop_reason", stop);
    root.putNull("stop_sequence");
    int cacheRead = Math.min(settings.cacheReadTokens(), promptTokens);
    ObjectNode usage = root.putObject("usage");
    usage.put("input_tokens", promptTokens - cacheRead);
    usage.put("cache_creation_input_tokens", 0);
    usage.put("cache_read_input_tokens", cacheRead);
    usage.put("output_tokens", Math.max(1, TokenEstimator.estimate(t.text())));
    return FakeHttp.Reply.json(200, root.toString());
  }

  /**
   * The scripted answer as Claude writes it with citations: a text block per claim with a {@code
   * char_location} citation per quote (its offsets in code points, the end exclusive), whitespace
   * blocks between them; {@code NOT_IN_SOURCES} for an abstention; text that is not an answer
   * object as one uncited block.
   */
  private void cited(ArrayNode content, String text, List<Doc> docs) {
    JsonNode answer = jsonObject(text);
    if (answer == null || !answer.path("claims").isArray() || !answer.path("status").isTextual()) {
      content.addObject().put("type", "text").put("text", text);
      return;
    }
    if (answer.get("status").asText().equals("not_in_sources")) {
      content.addObject().put("type", "text").put("text", "NOT_IN_SOURCES");
    } else if (settings.uncitedPrefix() != null) {
      content.addObject().put("type", "text").put("text", settings.uncitedPrefix());
    }
    boolean first = true;
    for (JsonNode claim : answer.get("claims")) {
      if (!first) {
        content.addObject().put("type", "text").put("text", " ");
      }
      first = false;
      ObjectNode block = content.addObject().put("type", "text");
      block.put("text", claim.path("text").asText());
      ArrayNode cites = block.putArray("citations");
      for (JsonNode c : claim.path("citations")) {
        cites.add(citation(c.path("source_id").asText(), c.path("quote").asText(), docs));
      }
      if (cites.isEmpty()) {
        block.remove("citations");
      }
    }
  }

  private ObjectNode citation(String sourceId, String quote, List<Doc> docs) {
    int index = docs.size() + 3; // an index that names no document
    if (sourceId.startsWith(DOC_ID)) {
      try {
        int i = Integer.parseInt(sourceId.substring(DOC_ID.length()));
        if (i >= 0 && i < docs.size()) {
          index = i;
        }
      } catch (NumberFormatException e) {
        // not one of the fake's ids: a phantom
      }
    }
    ObjectNode c = Json.MAPPER.createObjectNode();
    c.put("type", "char_location");
    c.put("cited_text", quote);
    c.put("document_index", index);
    Doc doc = index < docs.size() ? docs.get(index) : null;
    if (doc != null && doc.title() != null) {
      c.put("document_title", doc.title());
    } else {
      c.putNull("document_title");
    }
    int start = 0;
    int end = quote.codePointCount(0, quote.length());
    if (doc != null) {
      int at = doc.text().indexOf(quote);
      if (at >= 0) {
        start = doc.text().codePointCount(0, at);
        end = start + quote.codePointCount(0, quote.length());
      }
      int points = doc.text().codePointCount(0, doc.text().length());
      if (settings.corruptOffsets() && end < points) {
        start++;
        end++;
      } else if (settings.corruptOffsets() && start > 0) {
        start--;
        end--;
      }
    }
    c.put("start_char_index", start);
    c.put("end_char_index", end);
    return c;
  }

  private static @Nullable JsonNode jsonObject(String text) {
    try {
      JsonNode n = Json.MAPPER.readTree(text);
      return n != null && n.isObject() ? n : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The error reply of a scripted failure, with Anthropic's status codes, types and headers. */
  FakeHttp.Reply failure(ProviderException e, String model) {
    FakeHttp.Reply fault = WireSupport.transportFault(e);
    if (fault != null) {
      return fault;
    }
    String message = WireSupport.stripProvider(e);
    int status = e.httpStatus().orElse(0);
    return switch (e.kind()) {
      case RATE_LIMITED -> {
        if (!e.retryable()) {
          yield spendLimit();
        }
        Duration d = e.retryAfter().orElse(Duration.ofSeconds(1));
        long seconds = d.getSeconds() + (d.getNano() > 0 ? 1 : 0);
        yield error(
                429,
                "rate_limit_error",
                "This request would exceed the rate limit for your organization of 50 requests per"
                    + " minute. For details, refer to the rate limits documentation.")
            .withHeader("retry-after", Long.toString(seconds))
            .withHeader("anthropic-ratelimit-requests-remaining", "0");
      }
      case UNAVAILABLE ->
          status == 500
              ? error(500, "api_error", "Internal server error")
              : error(529, "overloaded_error", "Overloaded");
      case TIMEOUT -> error(status == 0 ? 504 : status, "api_error", message);
      case AUTH ->
          status == 403
              ? error(403, "permission_error", message)
              : error(401, "authentication_error", message);
      case NOT_FOUND -> error(404, "not_found_error", "model: " + model);
      default -> error(status == 0 ? 400 : status, "invalid_request_error", message);
    };
  }

  private FakeHttp.Reply spendLimit() {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("type", "error");
    ObjectNode err = root.putObject("error");
    err.put("type", "rate_limit_error");
    err.put("message", "You have reached your specified API usage limits.");
    err.putObject("details").put("error_code", "enforced_spend_limit_reached");
    root.put("request_id", "req_" + id(24));
    return FakeHttp.Reply.json(429, root.toString());
  }

  private FakeHttp.Reply invalid(String message) {
    return error(400, "invalid_request_error", message);
  }

  /** Anthropic's error body. */
  public FakeHttp.Reply error(int status, String type, String message) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("type", "error");
    root.putObject("error").put("type", type).put("message", message);
    root.put("request_id", "req_" + id(24));
    return FakeHttp.Reply.json(status, root.toString());
  }

  /** Anthropic's error body for the fake's own failures (no script, a bug in a test). */
  public static FakeHttp.Reply internalError(String message) {
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("type", "error");
    root.putObject("error").put("type", "api_error").put("message", message);
    return FakeHttp.Reply.json(500, root.toString());
  }

  private String id(int length) {
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    long x = 0x9E3779B97F4A7C15L * (counter.incrementAndGet() + 17L);
    StringBuilder b = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      x ^= x >>> 29;
      x *= 0xBF58476D1CE4E5B9L;
      b.append(alphabet.charAt((int) ((x >>> 40) % alphabet.length())));
    }
    return b.toString();
  }
}
