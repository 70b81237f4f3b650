package dev.citerag.reliability.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.testkit.fakes.SentSources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.Headers;
import org.jspecify.annotations.Nullable;

/**
 * A MockWebServer on the loopback interface that speaks Gemini's {@code generateContent}, Ollama's
 * {@code /api/chat} or the OpenAI-compatible {@code /v1/chat/completions} wire format, with a
 * replaceable handler that sees each request as the provider would (the exact body, the prompt's
 * sources read back from it) and answers any response, well-formed or hostile. Thread-safe; close
 * it to stop the server.
 */
public final class ProviderStub implements AutoCloseable {

  /** Which provider's wire format. */
  public enum Kind {
    GEMINI,
    OLLAMA,
    OPENAI
  }

  /**
   * A request as the server received it.
   *
   * @param path the request path, e.g. {@code /v1beta/models/gemini-2.5-flash:generateContent}
   * @param headers the request headers
   * @param body the exact body
   * @param json the body parsed, or null when not JSON
   * @param systemInstruction the system text found in the body ("" when none)
   * @param userContent the (last) user text found in the body ("" when none)
   */
  public record Request(
      String path,
      Headers headers,
      String body,
      @Nullable JsonNode json,
      String systemInstruction,
      String userContent) {

    /** The sources as the model would read them from the user content. */
    public SentSources sources() {
      return SentSources.parse(userContent);
    }
  }

  /** Shared JSON mapper for building wire bodies. */
  public static final ObjectMapper MAPPER = new ObjectMapper();

  private final Kind kind;
  private final MockWebServer server = new MockWebServer();
  private final AtomicInteger requests = new AtomicInteger();
  private final List<Request> recorded = new ArrayList<>();
  private final List<String> handlerErrors = new ArrayList<>();
  private volatile boolean recording = true;
  private volatile Function<Request, MockResponse> handler =
      r -> new MockResponse.Builder().code(500).body("{\"error\":\"no handler\"}").build();

  /** Starts a stub on a free loopback port. */
  public ProviderStub(Kind kind) {
    this.kind = kind;
    server.setServerSocketFactory(new NoDelayServerSocketFactory());
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest rr) {
            requests.incrementAndGet();
            Request req = toRequest(rr);
            if (recording) {
              synchronized (recorded) {
                recorded.add(req);
              }
            }
            try {
              return handler.apply(req);
            } catch (RuntimeException e) {
              // answer at once rather than leave the client waiting for its timeout
              synchronized (handlerErrors) {
                handlerErrors.add(e.toString());
              }
              return json(
                  500,
                  "{\"error\":{\"code\":500,\"message\":\"stub handler failed\",\"status\":\"INTERNAL\"}}");
            }
          }
        });
    try {
      server.start(InetAddress.getLoopbackAddress(), 0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the provider stub", e);
    }
  }

  public Kind kind() {
    return kind;
  }

  /** Replaces the handler; takes effect for the next request. */
  public ProviderStub handler(Function<Request, MockResponse> h) {
    this.handler = h;
    return this;
  }

  /** Whether requests are kept for {@link #recorded()} (turn off for long load runs). */
  public ProviderStub recording(boolean on) {
    this.recording = on;
    return this;
  }

  /** The API root a Gemini or OpenAI builder takes, or the base URL an Ollama builder takes. */
  public String baseUrl() {
    String root = server.url("/").toString();
    root = root.substring(0, root.length() - 1);
    return switch (kind) {
      case GEMINI -> root + "/v1beta";
      case OPENAI -> root + "/v1";
      case OLLAMA -> root;
    };
  }

  public int requestCount() {
    return requests.get();
  }

  /** Requests kept so far, in arrival order. */
  public List<Request> recorded() {
    synchronized (recorded) {
      return List.copyOf(recorded);
    }
  }

  /** Exceptions the handler threw (each answered with a 500), oldest first. */
  public List<String> handlerErrors() {
    synchronized (handlerErrors) {
      return List.copyOf(handlerErrors);
    }
  }

  public void clearRecorded() {
    synchronized (recorded) {
      recorded.clear();
    }
  }

  /** The last request kept. */
  public Request last() {
    synchronized (recorded) {
      if (recorded.isEmpty()) {
        throw new IllegalStateException("the stub has recorded no request");
      }
      return recorded.get(recorded.size() - 1);
    }
  }

  private Request toRequest(RecordedRequest rr) {
    String body = rr.getBody() == null ? "" : rr.getBody().utf8();
    JsonNode json = null;
    try {
      json = body.isBlank() ? null : MAPPER.readTree(body);
    } catch (IOException e) {
      json = null;
    }
    String system = "";
    String user = "";
    if (json != null) {
      if (kind == Kind.GEMINI) {
        system = json.path("systemInstruction").path("parts").path(0).path("text").asText("");
        for (JsonNode c : json.path("contents")) {
          if ("user".equals(c.path("role").asText())) {
            user = c.path("parts").path(0).path("text").asText("");
          }
        }
      } else {
        for (JsonNode m : json.path("messages")) {
          if ("system".equals(m.path("role").asText())) {
            system = m.path("content").asText("");
          } else if ("user".equals(m.path("role").asText())) {
            user = m.path("content").asText("");
          }
        }
      }
    }
    String path = "/" + String.join("/", rr.getUrl().pathSegments());
    return new Request(path, rr.getHeaders(), body, json, system, user);
  }

  // ---- well-formed envelopes ----

  /** An HTTP 200 carrying {@code text} as the model's whole visible reply, finished normally. */
  public MockResponse reply(String text) {
    return switch (kind) {
      case GEMINI -> json(200, geminiReply(text, "STOP"));
      case OLLAMA -> json(200, ollamaReply(text, "stop"));
      case OPENAI -> json(200, openaiReply(text, "stop"));
    };
  }

  /** A {@code chat/completions} reply with one choice holding {@code text} (null: no content). */
  public static String openaiReply(@Nullable String text, String finishReason) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("id", "chatcmpl-stub" + Integer.toHexString(String.valueOf(text).hashCode()));
    root.put("object", "chat.completion");
    root.put("created", 1_764_450_000L);
    root.put("model", "gpt-4o-mini-2024-07-18");
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    ObjectNode msg = choice.putObject("message");
    msg.put("role", "assistant");
    msg.put("content", text);
    msg.putNull("refusal");
    choice.putNull("logprobs");
    choice.put("finish_reason", finishReason);
    int out = text == null ? 0 : Math.max(1, text.length() / 4);
    ObjectNode usage = root.putObject("usage");
    usage.put("prompt_tokens", 812);
    usage.put("completion_tokens", out);
    usage.put("total_tokens", 812 + out);
    usage.putObject("prompt_tokens_details").put("cached_tokens", 0);
    usage.putObject("completion_tokens_details").put("reasoning_tokens", 0);
    root.put("system_fingerprint", "fp_stub");
    return root.toString();
  }

  /** Gemini's {@code generateContent} reply with one text part. */
  public static String geminiReply(String text, String finishReason) {
    ObjectNode root = MAPPER.createObjectNode();
    ObjectNode cand = root.putArray("candidates").addObject();
    ObjectNode content = cand.putObject("content");
    content.putArray("parts").addObject().put("text", text);
    content.put("role", "model");
    cand.put("finishReason", finishReason);
    cand.put("index", 0);
    ObjectNode usage = root.putObject("usageMetadata");
    usage.put("promptTokenCount", 812);
    usage.put("candidatesTokenCount", Math.max(1, text.length() / 4));
    usage.put("totalTokenCount", 812 + Math.max(1, text.length() / 4));
    root.put("modelVersion", "gemini-2.5-flash");
    root.put("responseId", "stub-" + Integer.toHexString(text.hashCode()));
    return root.toString();
  }

  /** Gemini's reply with the given parts ({@code [text, thought?]} pairs). */
  public static String geminiParts(String finishReason, Object... textThenThoughtFlag) {
    ObjectNode root = MAPPER.createObjectNode();
    ObjectNode cand = root.putArray("candidates").addObject();
    ObjectNode content = cand.putObject("content");
    ArrayNode parts = content.putArray("parts");
    for (int i = 0; i < textThenThoughtFlag.length; i += 2) {
      ObjectNode p = parts.addObject().put("text", (String) textThenThoughtFlag[i]);
      if ((Boolean) textThenThoughtFlag[i + 1]) {
        p.put("thought", true);
      }
    }
    content.put("role", "model");
    cand.put("finishReason", finishReason);
    root.put("modelVersion", "gemini-2.5-flash");
    return root.toString();
  }

  /** Ollama's non-streamed {@code /api/chat} reply. */
  public static String ollamaReply(String text, String doneReason) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("model", "llama3.2");
    root.put("created_at", "2026-11-29T21:00:00.123456789Z");
    ObjectNode msg = root.putObject("message");
    msg.put("role", "assistant");
    msg.put("content", text);
    root.put("done_reason", doneReason);
    root.put("done", true);
    root.put("total_duration", 2_254_970_291L);
    root.put("load_duration", 574_751_416L);
    root.put("prompt_eval_count", 812);
    root.put("prompt_eval_duration", 1_502_000_000L);
    root.put("eval_count", Math.max(1, text.length() / 4));
    root.put("eval_duration", 175_000_000L);
    return root.toString();
  }

  /** A response with this status and JSON (or any) body. */
  public static MockResponse json(int status, String body) {
    return new MockResponse.Builder()
        .code(status)
        .setHeader("Content-Type", "application/json; charset=utf-8")
        .body(body)
        .build();
  }

  @Override
  public void close() {
    server.close();
  }

  @Override
  public String toString() {
    return "ProviderStub[" + kind + " " + baseUrl() + "]";
  }
}
