package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.gemini.GeminiChatModel;
import dev.citerag.gemini.GeminiEmbedder;
import dev.citerag.ollama.OllamaChatModel;
import dev.citerag.ollama.OllamaEmbedder;
import dev.citerag.openai.OpenAiChatModel;
import dev.citerag.openai.OpenAiEmbedder;
import dev.citerag.pipeline.Attempt;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.reliability.HostileReplies.Ctx;
import dev.citerag.reliability.support.Figures;
import dev.citerag.reliability.support.ProviderStub;
import dev.citerag.reliability.support.Stack;
import dev.citerag.store.Chunk;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.testkit.golden.GoldenCorpus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import mockwebserver3.MockResponse;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

/**
 * The API key never appears in a log line (TRACE included, with stack traces), an exception, a
 * {@code toString()}, a {@link RagResult} or its {@link dev.citerag.pipeline.Trace} (raw replies
 * included) or CLI-style output, during succeeding and failing calls of both adapters through the
 * pipeline — even when a misbehaving server echoes the key back in its error bodies. The
 * OpenAI-compatible adapter runs the same scenarios with its own key ({@code Authorization:
 * Bearer}), through the pipeline and the command line.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SecretsTest {
  static final String KEY = Stack.API_KEY;

  private ListAppender<ILoggingEvent> appender;
  private final List<Logger> raised = new ArrayList<>();
  private final List<Level> levels = new ArrayList<>();

  @BeforeEach
  void captureEverything() {
    for (String name :
        new String[] {
          org.slf4j.Logger.ROOT_LOGGER_NAME, "dev.citerag", "okhttp3", "mockwebserver3"
        }) {
      Logger l = (Logger) LoggerFactory.getLogger(name);
      raised.add(l);
      levels.add(l.getLevel());
      l.setLevel(Level.TRACE);
    }
    appender = new ListAppender<>();
    appender.start();
    raised.get(0).addAppender(appender);
  }

  @AfterEach
  void restore() {
    raised.get(0).detachAppender(appender);
    for (int i = 0; i < raised.size(); i++) {
      raised.get(i).setLevel(levels.get(i));
    }
  }

  /** What the stub does with the next chat or embedding request. */
  enum Mode {
    OK,
    PHANTOM,
    INVALID_KEY_ECHOED,
    RATE_LIMITED_ECHOED,
    HTML_500_ECHOED,
    NON_JSON_200_ECHOED,
    RESET_MID_BODY,
    STALLED,
    EMBED_403_ECHOED,
    EMBED_200_ECHOED
  }

  private volatile Mode mode = Mode.OK;

  @Test
  void the_key_never_leaks_from_either_adapter_through_the_pipeline() throws Exception {
    List<String> texts = new ArrayList<>();
    List<String> what = new ArrayList<>();
    int calls = 0;
    LocalHashingEmbedder local = new LocalHashingEmbedder(GeminiEmbedder.DEFAULT_DIMENSIONS);
    List<Chunk> chunks = Stack.chunks(GoldenCorpus.load());
    try (ProviderStub gemini = new ProviderStub(ProviderStub.Kind.GEMINI);
        ProviderStub ollama = new ProviderStub(ProviderStub.Kind.OLLAMA)) {
      gemini.handler(req -> geminiResponse(gemini, req, local, chunks));
      GeminiEmbedder embedder =
          GeminiEmbedder.builder()
              .environment(Map.of())
              .apiKey(KEY)
              .baseUrl(gemini.baseUrl())
              .retryPolicy(RetryPolicy.NONE)
              .httpClient(Stack.fastClient())
              .build();
      GeminiChatModel chat =
          Stack.gemini(gemini, Stack.noWait(2, Duration.ofSeconds(5)), Stack.fastClient())
              .readTimeout(Duration.ofMillis(300))
              .build();
      OllamaChatModel ollamaChat =
          Stack.ollama(ollama, RetryPolicy.NONE, Stack.fastClient())
              .readTimeout(Duration.ofMillis(300))
              .firstCallTimeout(Duration.ofMillis(300))
              .build();
      InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
      Stack.ingest(embedder, store, GoldenCorpus.load());

      RagPipeline viaGemini =
          Stack.pipeline(embedder, store, chat)
              .maxRetries(1)
              .deadline(Duration.ofSeconds(2))
              .build();
      RagPipeline viaOllama =
          Stack.pipeline(embedder, store, ollamaChat)
              .maxRetries(1)
              .deadline(Duration.ofSeconds(2))
              .build();
      String q = HostileModelOutputTest.QUESTIONS.get(0);

      for (Mode m : Mode.values()) {
        mode = m;
        RagResult r = viaGemini.ask(q);
        calls++;
        collect(texts, what, "gemini " + m, r);
        if (m == Mode.OK) {
          assertThat(r).as("the succeeding call succeeded").isInstanceOf(RagResult.Answered.class);
        } else {
          assertThat(r).as("mode %s", m).isInstanceOf(RagResult.Rejected.class);
        }
      }
      // Ollama answers (or fails) while the Gemini key embeds the question
      for (Function<Ctx, MockResponse> reply :
          List.<Function<Ctx, MockResponse>>of(
              ctx -> ollama.reply(ctx.validAnswer()),
              ctx -> ollama.reply("{\"status\":\"answered\",\"answer\":\"x\",\"claims\":[]}"),
              ctx ->
                  ProviderStub.json(
                      500, "{\"error\":\"an error was encountered while running the model\"}"),
              ctx ->
                  ProviderStub.json(
                      404, "{\"error\":\"model 'llama3.2' not found, try pulling it first\"}"),
              ctx ->
                  new MockResponse.Builder()
                      .onResponseStart(new SocketEffect.CloseSocket(true, false, false))
                      .build())) {
        mode = Mode.OK;
        ollama.handler(req -> reply.apply(new Ctx(q, req.sources(), chunks)));
        RagResult r = viaOllama.ask(q);
        calls++;
        collect(texts, what, "ollama", r);
      }
      mode = Mode.EMBED_403_ECHOED;
      collect(texts, what, "ollama, embedding failed", viaOllama.ask(q));
      calls++;

      // configuration and misuse paths
      texts.add(chat.toString());
      texts.add(embedder.toString());
      texts.add(chat.toBuilder().toString());
      texts.add(viaGemini.toString());
      texts.add(viaGemini.toBuilder().toString());
      texts.add(ollamaChat.toString());
      texts.add(embedder.identity().toString());
      what.add("toString of models, embedder, pipeline, builders");
      texts.add(
          stackTrace(
              assertThrows(
                  IllegalArgumentException.class,
                  () -> GeminiChatModel.builder().apiKey(KEY + " trailing"))));
      texts.add(
          stackTrace(
              assertThrows(
                  IllegalArgumentException.class,
                  () ->
                      GeminiChatModel.builder()
                          .environment(Map.of("GEMINI_API_KEY", KEY + "\u00e9"))
                          .build())));
      texts.add(
          stackTrace(
              assertThrows(
                  IllegalArgumentException.class,
                  () ->
                      GeminiEmbedder.builder()
                          .environment(Map.of("GOOGLE_API_KEY", "\t" + KEY + "\n x"))
                          .build())));
      texts.add(
          stackTrace(
              assertThrows(
                  IllegalArgumentException.class,
                  () -> GeminiChatModel.builder().baseUrl("https://host/v1beta?key=" + KEY))));
      IllegalArgumentException host =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  OllamaChatModel.builder()
                      .environment(
                          Map.of("OLLAMA_HOST", "http://admin:" + KEY + "@127.0.0.1:11434"))
                      .build());
      texts.add(stackTrace(host));
      texts.add(
          stackTrace(
              assertThrows(
                  IllegalArgumentException.class,
                  () ->
                      OllamaEmbedder.builder()
                          .baseUrl("http://admin:" + KEY + "@127.0.0.1:11434"))));
      what.add("builder errors for malformed keys and credentialed URLs");

      // the key was really in use, in the header only
      List<ProviderStub.Request> sent = gemini.recorded();
      assertThat(sent).isNotEmpty();
      for (ProviderStub.Request r : sent) {
        assertThat(r.headers().get("x-goog-api-key")).isEqualTo(KEY);
        assertThat(r.path()).doesNotContain(KEY);
        assertThat(r.body()).doesNotContain(KEY);
      }
      for (ProviderStub.Request r : ollama.recorded()) {
        assertThat(r.headers().toString() + r.body() + r.path()).doesNotContain(KEY);
      }
    }

    // every log event at every level, with its stack trace
    List<ILoggingEvent> events = List.copyOf(appender.list);
    for (ILoggingEvent ev : events) {
      texts.add(ev.getFormattedMessage());
      IThrowableProxy tp = ev.getThrowableProxy();
      if (tp != null) {
        texts.add(ThrowableProxyUtil.asString(tp));
      }
      texts.add(String.valueOf(ev.getMDCPropertyMap()));
    }
    assertThat(events)
        .as("TRACE logging was captured")
        .anySatisfy(e -> assertThat(e.getLevel()).isEqualTo(Level.TRACE));
    assertThat(events)
        .as("failures were logged")
        .anySatisfy(e -> assertThat(e.getFormattedMessage()).contains("status=4"));

    List<String> leaks = new ArrayList<>();
    for (String t : texts) {
      for (String fragment : fragments(KEY)) {
        if (t.contains(fragment)) {
          leaks.add(abbreviateAround(t, fragment));
          break;
        }
      }
    }
    Figures.record(
        "60-secrets",
        "Secrets",
        List.of(
            new Figures.Row(
                "Secrets (API key)",
                calls
                    + " pipeline calls ("
                    + Mode.values().length
                    + " Gemini scenarios, 6 Ollama), "
                    + events.size()
                    + " log events at TRACE, "
                    + texts.size()
                    + " texts checked",
                leaks.size() + " texts containing the key or a 10-character piece of it",
                "")),
        "Scenarios: success; phantom citation; 400 API_KEY_INVALID, 429 and an HTML 500 whose bodies echo the key;"
            + " a 200 whose non-JSON body echoes the key; a connection reset mid-body; a stalled reply (timeout); an"
            + " embedding 403 echoing the key; an embedding 200 whose body echoes the key; Ollama answering, failing"
            + " (500, 404, dropped connection) and the embedding failing while the Gemini key embeds. Checked: every"
            + " log event (message, stack trace, MDC) of the root logger at TRACE, `RagResult.toString()`, its trace"
            + " and every attempt's raw reply, a CLI-style rendering of each result, the `toString()` of models,"
            + " embedder, pipeline and builders, and builder errors for malformed keys and credentialed URLs.\n");
    assertThat(leaks).as("texts holding the key").isEmpty();
  }

  @Test
  void the_key_never_leaks_from_the_command_line() {
    List<String> texts = new ArrayList<>();
    LocalHashingEmbedder local = new LocalHashingEmbedder(GeminiEmbedder.DEFAULT_DIMENSIONS);
    List<Chunk> chunks = Stack.chunks(GoldenCorpus.load());
    int runs = 0;
    java.util.Set<Integer> statuses = new java.util.TreeSet<>();
    try (ProviderStub gemini = new ProviderStub(ProviderStub.Kind.GEMINI).recording(false)) {
      gemini.handler(req -> geminiResponse(gemini, req, local, chunks));
      Map<String, String> env =
          Map.of(
              "GEMINI_API_KEY",
              KEY,
              "GEMINI_BASE_URL",
              gemini.baseUrl(),
              "OLLAMA_HOST",
              "http://127.0.0.1:1");
      String q = HostileModelOutputTest.QUESTIONS.get(0);
      // the command line keeps the adapters' default retry policy (real backoff, up to a minute),
      // so
      // only the behaviours that are not retried run here; the retried ones are covered above
      List<Mode> modes =
          List.of(
              Mode.OK,
              Mode.PHANTOM,
              Mode.INVALID_KEY_ECHOED,
              Mode.NON_JSON_200_ECHOED,
              Mode.EMBED_403_ECHOED,
              Mode.EMBED_200_ECHOED);
      for (Mode m : modes) {
        mode = m;
        for (String[] args :
            List.of(
                new String[] {"ask", "--model", "gemini", q},
                new String[] {"ask", "--model", "gemini", "--json", "--verbose", q},
                new String[] {"ask", "--model", "gemini", "--embedder", "gemini", "--json", q},
                new String[] {"search", "--embedder", "gemini", "--verbose", q})) {
          CliRun r = CliRun.of(env, args);
          runs++;
          statuses.add(r.status());
          texts.add(r.out());
          texts.add(r.err());
        }
      }
    }
    for (ILoggingEvent ev : List.copyOf(appender.list)) {
      texts.add(ev.getFormattedMessage());
      if (ev.getThrowableProxy() != null) {
        texts.add(ThrowableProxyUtil.asString(ev.getThrowableProxy()));
      }
    }
    List<String> leaks = new ArrayList<>();
    for (String t : texts) {
      for (String fragment : fragments(KEY)) {
        if (t.contains(fragment)) {
          leaks.add(abbreviateAround(t, fragment));
          break;
        }
      }
    }
    assertThat(statuses).as("answered, rejected and errors were all printed").contains(0, 1, 3);
    Figures.record(
        "62-secrets-cli",
        "Secrets — command line",
        List.of(
            new Figures.Row(
                "Secrets (API key) in CLI output (`citerag ask/search`)",
                runs
                    + " runs (text, --json, --verbose; Gemini model and embedder; 6 server behaviours)",
                leaks.size() + " outputs or log lines containing a piece of the key",
                "")),
        "`dev.citerag.examples.Main.run` in-process with `GEMINI_API_KEY` set and `GEMINI_BASE_URL` on the stub,"
            + " whose error bodies echo the key; stdout, stderr and every log event at TRACE were searched.\n");
    assertThat(leaks).as("CLI output holding the key").isEmpty();
  }

  private volatile boolean echoInEnvelope;

  @Test
  void the_openai_key_never_leaks_from_the_openai_adapter_the_pipeline_or_the_command_line()
      throws Exception {
    String key = Stack.OPENAI_API_KEY;
    List<String> texts = new ArrayList<>();
    List<String> what = new ArrayList<>();
    List<Chunk> chunks = Stack.chunks(GoldenCorpus.load());
    int calls = 0;
    int cliRuns = 0;
    java.util.Set<Integer> statuses = new java.util.TreeSet<>();
    try (ProviderStub openai = new ProviderStub(ProviderStub.Kind.OPENAI)) {
      openai.handler(req -> openaiResponse(openai, req, chunks, key));
      OpenAiEmbedder embedder =
          OpenAiEmbedder.builder()
              .environment(Map.of())
              .apiKey(key)
              .baseUrl(openai.baseUrl())
              .dimensions(GeminiEmbedder.DEFAULT_DIMENSIONS)
              .retryPolicy(RetryPolicy.NONE)
              .httpClient(Stack.fastClient())
              .build();
      OpenAiChatModel chat =
          Stack.openai(openai, Stack.noWait(2, Duration.ofSeconds(5)), Stack.fastClient())
              .readTimeout(Duration.ofMillis(300))
              .build();
      InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
      Stack.ingest(embedder, store, GoldenCorpus.load());
      RagPipeline viaOpenAi =
          Stack.pipeline(embedder, store, chat)
              .maxRetries(1)
              .deadline(Duration.ofSeconds(2))
              .build();
      String q = HostileModelOutputTest.QUESTIONS.get(0);

      for (Mode m : Mode.values()) {
        mode = m;
        RagResult r = viaOpenAi.ask(q);
        calls++;
        collect(texts, what, "openai " + m, r);
        if (m == Mode.OK) {
          assertThat(r).as("the succeeding call succeeded").isInstanceOf(RagResult.Answered.class);
        } else {
          assertThat(r).as("mode %s", m).isInstanceOf(RagResult.Rejected.class);
        }
      }
      // a valid answer whose envelope (model id, response id, finish reason) echoes the key
      mode = Mode.OK;
      echoInEnvelope = true;
      RagResult echoed = viaOpenAi.ask(q);
      echoInEnvelope = false;
      calls++;
      collect(texts, what, "openai, key in the envelope", echoed);
      assertThat(echoed).isInstanceOf(RagResult.Answered.class);

      texts.add(chat.toString());
      texts.add(chat.toBuilder().toString());
      texts.add(embedder.toString());
      texts.add(embedder.identity().toString());
      texts.add(viaOpenAi.toString());
      texts.add(
          stackTrace(
              assertThrows(
                  IllegalArgumentException.class,
                  () -> OpenAiChatModel.builder().apiKey(key + " trailing"))));
      texts.add(
          stackTrace(
              assertThrows(
                  IllegalArgumentException.class,
                  () ->
                      OpenAiChatModel.builder()
                          .environment(Map.of("OPENAI_API_KEY", key + "\u00e9"))
                          .build())));
      texts.add(
          stackTrace(
              assertThrows(
                  IllegalArgumentException.class,
                  () ->
                      OpenAiEmbedder.builder()
                          .baseUrl("http://user:" + key + "@127.0.0.1:8000/v1"))));
      texts.add(
          stackTrace(
              assertThrows(
                  IllegalArgumentException.class,
                  () ->
                      OpenAiChatModel.builder()
                          .environment(Map.of("OPENAI_BASE_URL", "http://h/v1?api_key=" + key))
                          .build())));

      // the command line, configured by the environment as a user would
      Map<String, String> env =
          Map.of(
              "OPENAI_API_KEY",
              key,
              "OPENAI_BASE_URL",
              openai.baseUrl(),
              "OLLAMA_HOST",
              "http://127.0.0.1:1");
      for (Mode m :
          List.of(
              Mode.OK,
              Mode.PHANTOM,
              Mode.INVALID_KEY_ECHOED,
              Mode.NON_JSON_200_ECHOED,
              Mode.EMBED_403_ECHOED,
              Mode.EMBED_200_ECHOED)) {
        mode = m;
        for (String[] args :
            List.of(
                new String[] {"ask", "--model", "openai", q},
                new String[] {"ask", "--json", "--verbose", q},
                new String[] {"ask", "--model", "openai", "--embedder", "openai", "--json", q},
                new String[] {"search", "--embedder", "openai", "--verbose", q})) {
          CliRun r = CliRun.of(env, args);
          cliRuns++;
          statuses.add(r.status());
          texts.add(r.out());
          texts.add(r.err());
        }
      }

      for (ProviderStub.Request r : openai.recorded()) {
        assertThat(r.headers().get("Authorization")).isEqualTo("Bearer " + key);
        assertThat(r.path() + r.body()).doesNotContain(key);
      }
    }
    List<ILoggingEvent> events = List.copyOf(appender.list);
    for (ILoggingEvent ev : events) {
      texts.add(ev.getFormattedMessage());
      if (ev.getThrowableProxy() != null) {
        texts.add(ThrowableProxyUtil.asString(ev.getThrowableProxy()));
      }
    }
    assertThat(statuses).as("answered, rejected and errors were all printed").contains(0, 1, 3);
    List<String> leaks = leaks(texts, key);
    Figures.record(
        "63-secrets-openai",
        "Secrets — OpenAI-compatible adapter",
        List.of(
            new Figures.Row(
                "Secrets (API key), OpenAI-compatible adapter",
                calls
                    + " pipeline calls ("
                    + Mode.values().length
                    + " scenarios and a key-echoing envelope), "
                    + cliRuns
                    + " CLI runs, "
                    + events.size()
                    + " log events at TRACE, "
                    + texts.size()
                    + " texts checked",
                leaks.size() + " texts containing the key or a 10-character piece of it",
                "")),
        "The Gemini scenarios in OpenAI's shapes: a 401 `invalid_api_key` whose message echoes the key (whole, and"
            + " starred in the middle as OpenAI does), a 429, an HTML 500 and a non-JSON 200 echoing it, an embedding"
            + " 403 and 200 echoing it, a 200 whose model id, response id and finish reason echo it; pipeline"
            + " results, traces and raw replies, `toString()`s, builder errors, CLI stdout/stderr and every log event"
            + " at TRACE were searched.\n");
    assertThat(leaks).as("texts holding the OpenAI key").isEmpty();
  }

  /**
   * The stub for the OpenAI-compatible API: embeddings from local hashing, chat per mode, some
   * echoing the key.
   */
  private MockResponse openaiResponse(
      ProviderStub stub, ProviderStub.Request req, List<Chunk> chunks, String key) {
    Mode m = mode;
    String starred =
        key.substring(0, 8) + "*".repeat(key.length() - 12) + key.substring(key.length() - 4);
    if (req.path().endsWith("/embeddings")) {
      return switch (m) {
        case EMBED_403_ECHOED ->
            ProviderStub.json(
                403,
                "{\"error\":{\"message\":\"Key "
                    + key
                    + " ("
                    + starred
                    + ") lacks permission for this model\",\"type\":\"invalid_request_error\",\"param\":null,"
                    + "\"code\":\""
                    + key
                    + "\"}}");
        case EMBED_200_ECHOED ->
            ProviderStub.json(200, "{\"data\":[{\"index\":0,\"embedding\":\"" + key + "\"}]}");
        default -> ProviderStub.json(200, openaiEmbeddings(req.json()));
      };
    }
    Ctx ctx = new Ctx("secret", req.sources(), chunks);
    return switch (m) {
      case OK, EMBED_403_ECHOED, EMBED_200_ECHOED -> {
        if (!echoInEnvelope) {
          yield stub.reply(ctx.validAnswer());
        }
        ObjectNode root =
            (ObjectNode) readTree(ProviderStub.openaiReply(ctx.validAnswer(), "stop"));
        root.put("model", "ft:gpt-4o-mini:" + key);
        root.put("id", key);
        root.put("system_fingerprint", key);
        yield ProviderStub.json(200, root.toString());
      }
      case PHANTOM ->
          stub.reply(
              HostileReplies.answered(
                      "x",
                      HostileReplies.claim(
                          "x", HostileReplies.cite(ctx.phantomId(9), ctx.quote(ctx.src(0), 6))))
                  .toString());
      case INVALID_KEY_ECHOED ->
          ProviderStub.json(
              401,
              "{\"error\":{\"message\":\"Incorrect API key provided: "
                  + starred
                  + ". Full key: "
                  + key
                  + "\",\"type\":\"invalid_request_error\",\"param\":\""
                  + key
                  + "\",\"code\":\"invalid_api_key\"}}");
      case RATE_LIMITED_ECHOED ->
          new MockResponse.Builder(
                  ProviderStub.json(
                      429,
                      "{\"error\":{\"message\":"
                          + "\"Rate limit reached for key "
                          + key
                          + "\",\"type\":\"requests\",\"code\":\"rate_limit_exceeded\"}}"))
              .setHeader("retry-after-ms", "1")
              .setHeader("x-ratelimit-reset-requests", key)
              .build();
      case HTML_500_ECHOED ->
          new MockResponse.Builder()
              .code(500)
              .setHeader("Content-Type", "text/html")
              .body("<html>upstream rejected Authorization: Bearer " + key + "</html>")
              .build();
      case NON_JSON_200_ECHOED ->
          new MockResponse.Builder()
              .code(200)
              .setHeader("Content-Type", "application/json")
              .body("key=" + key + " is not JSON")
              .build();
      case RESET_MID_BODY ->
          new MockResponse.Builder(stub.reply(ctx.validAnswer() + " ".repeat(8192)))
              .onResponseBody(new SocketEffect.CloseSocket(true, false, false))
              .build();
      case STALLED ->
          new MockResponse.Builder(stub.reply(ctx.validAnswer()))
              .headersDelay(1, TimeUnit.SECONDS)
              .build();
    };
  }

  /**
   * {@code /embeddings} data: one local hashing vector of the requested length (1536 by default)
   * per input.
   */
  private static String openaiEmbeddings(JsonNode request) {
    int dims = request.path("dimensions").asInt(1536);
    LocalHashingEmbedder local = new LocalHashingEmbedder(dims);
    ObjectNode root = ProviderStub.MAPPER.createObjectNode();
    ArrayNode data = root.putArray("data");
    JsonNode input = request.path("input");
    for (int i = 0; i < input.size(); i++) {
      float[] v = local.embedQuery(input.get(i).asText("x") + " x");
      ObjectNode item = data.addObject().put("object", "embedding").put("index", i);
      ArrayNode values = item.putArray("embedding");
      for (float f : v) {
        values.add(f);
      }
    }
    root.put("model", request.path("model").asText());
    return root.toString();
  }

  private static JsonNode readTree(String s) {
    try {
      return ProviderStub.MAPPER.readTree(s);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** One in-process run of the command line. */
  record CliRun(int status, String out, String err) {
    static CliRun of(Map<String, String> env, String... args) {
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
      int status =
          new dev.citerag.examples.Main(
                  env,
                  new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8),
                  new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8))
              .run(args);
      return new CliRun(
          status,
          out.toString(java.nio.charset.StandardCharsets.UTF_8),
          err.toString(java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  @Test
  void a_database_password_never_leaks_from_the_pgvector_store() {
    List<String> texts = new ArrayList<>();
    for (java.util.function.Supplier<dev.citerag.pgvector.PgVectorStore> attempt :
        List.<java.util.function.Supplier<dev.citerag.pgvector.PgVectorStore>>of(
            () ->
                dev.citerag.pgvector.PgVectorStore.builder()
                    .jdbcUrl("jdbc:postgresql://127.0.0.1:1/app")
                    .username("app")
                    .password(KEY)
                    .collection("handbook")
                    .dimensions(8)
                    .build(),
            () ->
                dev.citerag.pgvector.PgVectorStore.builder()
                    .jdbcUrl(
                        "jdbc:postgresql://127.0.0.1:1/app?user=app&password=" + KEY + "&ssl=false")
                    .collection("handbook")
                    .dimensions(8)
                    .build(),
            () ->
                dev.citerag.pgvector.PgVectorStore.builder()
                    .jdbcUrl("jdbc:mysql://127.0.0.1:1/app?password=" + KEY)
                    .collection("handbook")
                    .dimensions(8)
                    .build())) {
      RuntimeException e = assertThrows(RuntimeException.class, attempt::get);
      assertThat(e)
          .isInstanceOfAny(dev.citerag.StoreException.class, IllegalArgumentException.class);
      texts.add(stackTrace(e));
    }
    List<ILoggingEvent> events = List.copyOf(appender.list);
    for (ILoggingEvent ev : events) {
      texts.add(ev.getFormattedMessage());
      if (ev.getThrowableProxy() != null) {
        texts.add(ThrowableProxyUtil.asString(ev.getThrowableProxy()));
      }
    }
    assertThat(events).as("the pool's and driver's logging was captured").isNotEmpty();
    List<String> leaks = new ArrayList<>();
    for (String t : texts) {
      for (String fragment : fragments(KEY)) {
        if (t.contains(fragment)) {
          leaks.add(abbreviateAround(t, fragment));
          break;
        }
      }
    }
    Figures.record(
        "61-secrets-pgvector",
        "Secrets — database password",
        List.of(
            new Figures.Row(
                "Secrets (database password, pgvector store)",
                "3 failing connections (password as a setting, in the JDBC URL, in a rejected URL); "
                    + events.size()
                    + " log events at TRACE (HikariCP, pgjdbc, citerag)",
                leaks.size() + " texts containing the password or a 10-character piece of it",
                "")),
        "The store's own pool (HikariCP) fails to connect; its exception (with causes and stack trace) and every log"
            + " event of the root logger at TRACE are searched for the password.\n");
    assertThat(leaks).as("texts holding the password").isEmpty();
  }

  /**
   * The stub for Gemini: embeddings from a local embedder, chat replies per mode, some echoing the
   * key.
   */
  private MockResponse geminiResponse(
      ProviderStub stub, ProviderStub.Request req, LocalHashingEmbedder local, List<Chunk> chunks) {
    Mode m = mode;
    if (req.path().endsWith(":batchEmbedContents")) {
      return switch (m) {
        case EMBED_403_ECHOED ->
            ProviderStub.json(
                403,
                "{\"error\":{\"code\":403,\"message\":\"Key "
                    + KEY
                    + " lacks permission\",\"status\":\"PERMISSION_DENIED\"}}");
        case EMBED_200_ECHOED ->
            ProviderStub.json(200, "{\"embeddings\": [{\"values\": \"" + KEY + "\"}]}");
        default -> ProviderStub.json(200, embeddings(req.json(), local));
      };
    }
    Ctx ctx = new Ctx("secret", req.sources(), chunks);
    return switch (m) {
      case OK, EMBED_403_ECHOED, EMBED_200_ECHOED -> stub.reply(ctx.validAnswer());
      case PHANTOM ->
          stub.reply(
              HostileReplies.answered(
                      "x",
                      HostileReplies.claim(
                          "x", HostileReplies.cite(ctx.phantomId(9), ctx.quote(ctx.src(0), 6))))
                  .toString());
      case INVALID_KEY_ECHOED ->
          ProviderStub.json(
              400,
              "{\"error\":{\"code\":400,\"message\":\"API key "
                  + KEY
                  + " not valid. Please pass a valid API key.\",\"status\":\"INVALID_ARGUMENT\",\"details\":[{\"@type\":"
                  + "\"type.googleapis.com/google.rpc.ErrorInfo\",\"reason\":\"API_KEY_INVALID\",\"metadata\":{\"key\":\""
                  + KEY
                  + "\"}}]}}");
      case RATE_LIMITED_ECHOED ->
          new MockResponse.Builder(
                  ProviderStub.json(
                      429,
                      "{\"error\":{\"code\":429,\"message\":"
                          + "\"Quota exceeded for key "
                          + KEY
                          + "\",\"status\":\"RESOURCE_EXHAUSTED\"}}"))
              .setHeader("Retry-After", "0")
              .build();
      case HTML_500_ECHOED ->
          new MockResponse.Builder()
              .code(500)
              .setHeader("Content-Type", "text/html")
              .body("<html>upstream rejected x-goog-api-key: " + KEY + "</html>")
              .build();
      case NON_JSON_200_ECHOED ->
          new MockResponse.Builder()
              .code(200)
              .setHeader("Content-Type", "application/json")
              .body("key=" + KEY + " is not JSON")
              .build();
      case RESET_MID_BODY ->
          new MockResponse.Builder(stub.reply(ctx.validAnswer() + " ".repeat(8192)))
              .onResponseBody(new SocketEffect.CloseSocket(true, false, false))
              .build();
      case STALLED ->
          new MockResponse.Builder(stub.reply(ctx.validAnswer()))
              .headersDelay(1, TimeUnit.SECONDS)
              .build();
    };
  }

  private static String embeddings(JsonNode request, LocalHashingEmbedder local) {
    ObjectNode root = ProviderStub.MAPPER.createObjectNode();
    ArrayNode out = root.putArray("embeddings");
    for (JsonNode r : request.path("requests")) {
      float[] v =
          local.embedQuery(r.path("content").path("parts").path(0).path("text").asText("x") + " x");
      ArrayNode values = out.addObject().putArray("values");
      for (float f : v) {
        values.add(f);
      }
    }
    return root.toString();
  }

  /** Everything a CLI or a log of the result could print. */
  private static void collect(List<String> texts, List<String> what, String label, RagResult r) {
    what.add(label);
    texts.add(r.toString());
    texts.add(r.trace().toString());
    for (Attempt a : r.trace().attempts()) {
      texts.add(a.rawReply());
      texts.add(a.toString());
    }
    StringBuilder cli = new StringBuilder();
    if (r instanceof RagResult.Answered a) {
      cli.append(a.answer()).append('\n');
      for (ResolvedCitation c : a.citations()) {
        cli.append("  ").append(c.chunk().source()).append(": \"").append(c.quote()).append("\"\n");
      }
    } else if (r instanceof RagResult.Abstained a) {
      cli.append("Not in the docs: ").append(a.reason().wire()).append(" ").append(a.detail());
    } else if (r instanceof RagResult.Rejected rej) {
      cli.append("No verified answer: ")
          .append(rej.reason().wire())
          .append(" ")
          .append(rej.detail())
          .append(" ")
          .append(rej.issues());
    }
    cli.append("\ntrace: model=")
        .append(r.trace().model())
        .append(" usage=")
        .append(r.trace().usage())
        .append(" latency=")
        .append(r.trace().latency());
    texts.add(cli.toString());
  }

  private static String stackTrace(Throwable t) {
    StringWriter w = new StringWriter();
    t.printStackTrace(new PrintWriter(w));
    return t + "\n" + w;
  }

  /** The key and every 10-character piece of it. */
  static List<String> fragments(String key) {
    List<String> out = new ArrayList<>();
    out.add(key);
    for (int i = 0; i + 10 <= key.length(); i++) {
      out.add(key.substring(i, i + 10));
    }
    return out;
  }

  /** Texts holding {@code key} or a 10-character piece of it, abbreviated around the piece. */
  static List<String> leaks(List<String> texts, String key) {
    List<String> leaks = new ArrayList<>();
    for (String t : texts) {
      for (String fragment : fragments(key)) {
        if (t.contains(fragment)) {
          leaks.add(abbreviateAround(t, fragment));
          break;
        }
      }
    }
    return leaks;
  }

  private static String abbreviateAround(String text, String fragment) {
    int at = text.indexOf(fragment);
    return "..."
        + text.substring(Math.max(0, at - 60), Math.min(text.length(), at + fragment.length() + 20))
        + "...";
  }
}
