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
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The Ollama REST API as the fake speaks it: {@code /api/chat}, {@code /api/embed}, {@code
 * /api/tags}, ...
 */
public final class OllamaProtocol {

  /** Ollama's version as reported by {@code /api/version}. */
  public static final String VERSION = "0.12.6";

  /** A model the fake knows. */
  public record Model(
      String name, boolean embedding, boolean thinking, String digest, EmbeddingSource embeddings) {
    String family() {
      return embedding ? "bert" : "llama";
    }
  }

  /** Settings the server object holds; read on every request. */
  public interface Settings {
    /** Models by normalised name ({@code name:tag}). */
    Map<String, Model> models();

    ReplyScript script();
  }

  static final Set<String> ROLES = Set.of("system", "user", "assistant", "tool");

  private final Settings settings;

  public OllamaProtocol(Settings settings) {
    this.settings = settings;
  }

  /** {@code llama3.2} and {@code llama3.2:latest} are the same model. */
  public static String normalize(String name) {
    String n = name.strip();
    int slash = n.lastIndexOf('/');
    return n.indexOf(':', slash + 1) < 0 ? n + ":latest" : n;
  }

  public FakeHttp.Reply handle(FakeHttp.Request req) {
    String key = req.method() + " " + req.path();
    return switch (key) {
      case "POST /api/chat" -> chat(req);
      case "POST /api/embed" -> embed(req);
      case "POST /api/embeddings" -> legacyEmbeddings(req);
      case "GET /api/tags" -> tags();
      case "POST /api/show" -> show(req);
      case "GET /api/version" ->
          FakeHttp.Reply.json(
              200, Json.MAPPER.createObjectNode().put("version", VERSION).toString());
      default ->
          new FakeHttp.Reply(
              404, "text/plain", "404 page not found", SentSources.empty(), null, false);
    };
  }

  // ---- /api/chat ----

  private FakeHttp.Reply chat(FakeHttp.Request req) {
    JsonNode body = req.json();
    if (body == null || !body.isObject()) {
      return error(400, "invalid request body");
    }
    String requested = body.path("model").asText("");
    if (requested.isBlank()) {
      return error(400, "model is required");
    }
    Model model = settings.models().get(normalize(requested));
    if (model == null) {
      return error(404, "model '" + requested + "' not found");
    }
    if (model.embedding()) {
      return error(400, "\"" + requested + "\" does not support chat");
    }
    JsonNode think = body.get("think");
    boolean thinkOn = think == null ? model.thinking() : !(think.isBoolean() && !think.asBoolean());
    if (thinkOn && !model.thinking()) {
      return error(400, "\"" + requested + "\" does not support thinking");
    }
    JsonNode messages = body.path("messages");
    boolean stream = !body.has("stream") || body.get("stream").asBoolean(true);
    if (!messages.isArray() || messages.isEmpty()) {
      ObjectNode load = base(requested);
      load.putObject("message").put("role", "assistant").put("content", "");
      load.put("done_reason", "load");
      load.put("done", true);
      return FakeHttp.Reply.json(200, load.toString());
    }
    StringBuilder system = new StringBuilder();
    String lastUser = null;
    StringBuilder all = new StringBuilder();
    for (JsonNode m : messages) {
      String role = m.path("role").asText("").toLowerCase(Locale.ROOT);
      if (!ROLES.contains(role)) {
        return error(400, "invalid role \"" + m.path("role").asText("") + "\"");
      }
      String content = m.path("content").asText("");
      all.append(content);
      if (role.equals("system")) {
        system.append(content);
      } else if (role.equals("user")) {
        lastUser = content;
      }
    }
    if (lastUser == null) {
      lastUser = "";
    }
    SentSources sent = SentSources.parse(lastUser);
    ScriptedOutcome outcome;
    try {
      Reply reply = settings.script().next(sent.question().orElse(null), lastUser);
      outcome = reply.resolve(sent);
      if (outcome instanceof ScriptedOutcome.Text t && t.finishReason() == FinishReason.BLOCKED) {
        throw new IllegalStateException(
            "Ollama has no safety block, so "
                + reply
                + " cannot be served on the Ollama wire; script another reply");
      }
    } catch (RuntimeException e) {
      throw new ScriptFailure(e.getMessage(), sent);
    }
    if (outcome instanceof ScriptedOutcome.Failure f) {
      return failure(f.exception(), requested).withSources(sent);
    }
    ScriptedOutcome.Text t = (ScriptedOutcome.Text) outcome;
    int promptTokens = Math.max(1, TokenEstimator.estimate(all));
    int evalTokens = Math.max(1, TokenEstimator.estimate(t.text()));
    String doneReason = t.finishReason() == FinishReason.LENGTH ? "length" : "stop";
    String thinking = thinkOn ? "I compare the question with each source." : null;
    FakeHttp.Reply http =
        stream
            ? streamed(requested, t.text(), thinking, doneReason, promptTokens, evalTokens)
            : FakeHttp.Reply.json(
                200, whole(requested, t.text(), thinking, doneReason, promptTokens, evalTokens));
    return http.withSources(sent);
  }

  private String whole(
      String model,
      String content,
      @Nullable String thinking,
      String doneReason,
      int prompt,
      int eval) {
    ObjectNode root = base(model);
    ObjectNode message = root.putObject("message");
    message.put("role", "assistant");
    message.put("content", content);
    if (thinking != null) {
      message.put("thinking", thinking);
    }
    root.put("done_reason", doneReason);
    root.put("done", true);
    metrics(root, prompt, eval);
    return root.toString();
  }

  private FakeHttp.Reply streamed(
      String model,
      String content,
      @Nullable String thinking,
      String doneReason,
      int prompt,
      int eval) {
    StringBuilder out = new StringBuilder();
    if (thinking != null) {
      ObjectNode t = base(model);
      t.putObject("message").put("role", "assistant").put("content", "").put("thinking", thinking);
      t.put("done", false);
      out.append(t).append('\n');
    }
    for (String piece : pieces(content)) {
      ObjectNode c = base(model);
      c.putObject("message").put("role", "assistant").put("content", piece);
      c.put("done", false);
      out.append(c).append('\n');
    }
    ObjectNode last = base(model);
    last.putObject("message").put("role", "assistant").put("content", "");
    last.put("done", true);
    last.put("done_reason", doneReason);
    metrics(last, prompt, eval);
    out.append(last).append('\n');
    return new FakeHttp.Reply(
        200, "application/x-ndjson", out.toString(), SentSources.empty(), null, false);
  }

  /** Up to three pieces, split between characters (a model streams tokens, not whole values). */
  static List<String> pieces(String s) {
    List<String> out = new ArrayList<>();
    if (s.isEmpty()) {
      return out;
    }
    int step = Math.max(1, (s.length() + 2) / 3);
    int i = 0;
    while (i < s.length()) {
      int end = Math.min(s.length(), i + step);
      if (end < s.length() && Character.isHighSurrogate(s.charAt(end - 1))) {
        end++;
      }
      out.add(s.substring(i, end));
      i = end;
    }
    return out;
  }

  private static ObjectNode base(String model) {
    ObjectNode n = Json.MAPPER.createObjectNode();
    n.put("model", model);
    n.put("created_at", DateTimeFormatter.ISO_INSTANT.format(Instant.now()));
    return n;
  }

  private static void metrics(ObjectNode n, int prompt, int eval) {
    long load = 1_019_500L;
    long promptDur = 20_000_000L + prompt * 150_000L;
    long evalDur = eval * 14_000_000L;
    n.put("total_duration", load + promptDur + evalDur + 3_000_000L);
    n.put("load_duration", load);
    n.put("prompt_eval_count", prompt);
    n.put("prompt_eval_duration", promptDur);
    n.put("eval_count", eval);
    n.put("eval_duration", evalDur);
  }

  // ---- embeddings ----

  private FakeHttp.Reply embed(FakeHttp.Request req) {
    JsonNode body = req.json();
    if (body == null || !body.isObject()) {
      return error(400, "invalid request body");
    }
    String requested = body.path("model").asText("");
    FakeHttp.Reply problem = checkEmbeddingModel(requested);
    if (problem != null) {
      return problem;
    }
    // present: checkEmbeddingModel returned no problem
    Model model = Objects.requireNonNull(settings.models().get(normalize(requested)));
    List<String> inputs = new ArrayList<>();
    JsonNode input = body.get("input");
    if (input != null && !input.isNull()) {
      if (input.isTextual()) {
        inputs.add(input.asText());
      } else if (input.isArray()) {
        for (JsonNode i : input) {
          if (!i.isTextual()) {
            return error(400, "invalid input type");
          }
          inputs.add(i.asText());
        }
      } else {
        return error(400, "invalid input type");
      }
    }
    Integer dims = null;
    if (body.hasNonNull("dimensions")) {
      dims = body.get("dimensions").asInt();
      if (dims < 1 || dims > model.embeddings().nativeDimensions()) {
        return error(
            400,
            "dimensions must be between 1 and "
                + model.embeddings().nativeDimensions()
                + ", was "
                + dims);
      }
    }
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("model", requested);
    ArrayNode embeddings = root.putArray("embeddings");
    int tokens = 0;
    for (String text : inputs) {
      float[] v = normalize(model.embeddings().vector(false, text, null, dims));
      ArrayNode a = embeddings.addArray();
      for (float f : v) {
        a.add(f);
      }
      tokens += TokenEstimator.estimate(text);
    }
    root.put("total_duration", 14_143_917L + tokens * 100_000L);
    root.put("load_duration", 1_019_500L);
    root.put("prompt_eval_count", tokens);
    return FakeHttp.Reply.json(200, root.toString());
  }

  private FakeHttp.Reply legacyEmbeddings(FakeHttp.Request req) {
    JsonNode body = req.json();
    if (body == null || !body.isObject()) {
      return error(400, "invalid request body");
    }
    String requested = body.path("model").asText("");
    FakeHttp.Reply problem = checkEmbeddingModel(requested);
    if (problem != null) {
      return problem;
    }
    // present: checkEmbeddingModel returned no problem
    Model model = Objects.requireNonNull(settings.models().get(normalize(requested)));
    String prompt = body.path("prompt").asText("");
    ObjectNode root = Json.MAPPER.createObjectNode();
    ArrayNode a = root.putArray("embedding");
    if (!prompt.isEmpty()) {
      // the legacy endpoint does not normalise: scale the unit vector to make that visible
      for (float f : model.embeddings().vector(false, prompt, null, null)) {
        a.add((double) f * 7.25);
      }
    }
    return FakeHttp.Reply.json(200, root.toString());
  }

  private FakeHttp.@Nullable Reply checkEmbeddingModel(String requested) {
    if (requested.isBlank()) {
      return error(400, "model is required");
    }
    Model model = settings.models().get(normalize(requested));
    if (model == null) {
      return error(404, "model '" + requested + "' not found");
    }
    if (!model.embedding()) {
      return error(400, "\"" + requested + "\" does not support embeddings");
    }
    return null;
  }

  private static float[] normalize(float[] v) {
    double n = 0;
    for (float f : v) {
      n += (double) f * f;
    }
    n = Math.sqrt(n);
    float[] out = v.clone();
    if (n > 0) {
      for (int i = 0; i < out.length; i++) {
        out[i] = (float) (out[i] / n);
      }
    }
    return out;
  }

  // ---- metadata ----

  private FakeHttp.Reply tags() {
    ObjectNode root = Json.MAPPER.createObjectNode();
    ArrayNode models = root.putArray("models");
    settings.models().values().stream()
        .sorted((a, b) -> a.name().compareTo(b.name()))
        .forEach(
            m -> {
              ObjectNode n = models.addObject();
              n.put("name", m.name());
              n.put("model", m.name());
              n.put("modified_at", "2025-06-02T10:14:51.532964+02:00");
              n.put("size", m.embedding() ? 45_960_996L : 2_019_393_189L);
              n.put("digest", m.digest());
              details(n.putObject("details"), m);
            });
    return FakeHttp.Reply.json(200, root.toString());
  }

  private FakeHttp.Reply show(FakeHttp.Request req) {
    JsonNode body = req.json();
    if (body == null || !body.isObject()) {
      return error(400, "invalid request body");
    }
    String requested =
        body.hasNonNull("model") ? body.get("model").asText() : body.path("name").asText("");
    Model m = settings.models().get(normalize(requested));
    if (m == null) {
      return error(404, "model '" + requested + "' not found");
    }
    ObjectNode root = Json.MAPPER.createObjectNode();
    root.put("modelfile", "# Modelfile generated by \"ollama show\"\nFROM " + m.name() + "\n");
    root.put("parameters", m.embedding() ? "" : "stop                           \"<|eot_id|>\"");
    root.put("template", m.embedding() ? "{{ .Prompt }}" : "{{ .System }}\n{{ .Prompt }}");
    details(root.putObject("details"), m);
    ObjectNode info = root.putObject("model_info");
    String arch = m.family();
    info.put("general.architecture", arch);
    info.put(arch + ".context_length", m.embedding() ? 512 : 131072);
    info.put(arch + ".embedding_length", m.embedding() ? m.embeddings().nativeDimensions() : 3072);
    ArrayNode caps = root.putArray("capabilities");
    if (m.embedding()) {
      caps.add("embedding");
    } else {
      caps.add("completion");
      if (m.thinking()) {
        caps.add("thinking");
      }
    }
    root.put("modified_at", "2025-06-02T10:14:51.532964+02:00");
    return FakeHttp.Reply.json(200, root.toString());
  }

  private static void details(ObjectNode d, Model m) {
    d.put("parent_model", "");
    d.put("format", "gguf");
    d.put("family", m.family());
    d.putArray("families").add(m.family());
    d.put("parameter_size", m.embedding() ? "23M" : "3.2B");
    d.put("quantization_level", m.embedding() ? "F16" : "Q4_K_M");
  }

  // ---- errors ----

  /** The error body: {@code {"error": "<text>"}}. */
  public static FakeHttp.Reply error(int code, String message) {
    return FakeHttp.Reply.json(
        code, Json.MAPPER.createObjectNode().put("error", message).toString());
  }

  static FakeHttp.Reply failure(ProviderException e, String model) {
    String m = e.getMessage() == null ? "" : e.getMessage();
    String p = e.provider() + ": ";
    String message = m.startsWith(p) ? m.substring(p.length()) : m;
    return switch (e.kind()) {
      case CONNECTION -> FakeHttp.Reply.disconnect(SentSources.empty());
      case PROTOCOL ->
          new FakeHttp.Reply(
              200,
              "text/html; charset=utf-8",
              "<html><body>bad gateway</body></html>",
              SentSources.empty(),
              null,
              false);
      case NOT_FOUND -> error(e.httpStatus().orElse(404), "model '" + model + "' not found");
      case UNAVAILABLE ->
          error(
              e.httpStatus().orElse(503),
              message.startsWith("scripted overload")
                  ? "server busy, please try again.  maximum pending requests exceeded"
                  : message);
      case RATE_LIMITED -> {
        // Ollama itself never rate-limits; a proxy or hosted endpoint in front of it does, with
        // the standard Retry-After in whole seconds (rounded up)
        FakeHttp.Reply r = error(e.httpStatus().orElse(429), message);
        yield e.retryAfter()
            .map(d -> r.withHeader("Retry-After", Long.toString((d.toMillis() + 999) / 1000)))
            .orElse(r);
      }
      case AUTH -> error(e.httpStatus().orElse(401), "unauthorized");
      case TIMEOUT -> error(e.httpStatus().orElse(500), message);
      default -> error(e.httpStatus().orElse(400), message);
    };
  }
}
