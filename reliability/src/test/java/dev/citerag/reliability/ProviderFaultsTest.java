package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.chat.ChatModel;
import dev.citerag.embed.Embedder;
import dev.citerag.pipeline.CoveragePolicy;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.RejectReason;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.reliability.HostileReplies.Ctx;
import dev.citerag.reliability.support.Figures;
import dev.citerag.reliability.support.NoDelaySocketFactory;
import dev.citerag.reliability.support.ProviderStub;
import dev.citerag.reliability.support.Stack;
import dev.citerag.store.Chunk;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.testkit.golden.GoldenCorpus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mockwebserver3.MockResponse;
import mockwebserver3.SocketEffect;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Provider faults through the real adapters and the pipeline: 5xx bursts, 429 storms with retry
 * hints, connections dropped before the response and in the middle of the body, stalled headers,
 * bodies that trickle past the deadline, and faults that clear after a retry. 1,000 calls per
 * adapter on 8 threads, with a no-wait retry policy. Every call must return a typed result within
 * the pipeline's deadline plus a margin; afterwards no call may still hold a connection, the
 * dispatcher must be idle, and neither threads nor sockets may have piled up.
 *
 * <p>Issue 14: with a 400 ms deadline and 350 ms of slack this failed on a loaded 2-core machine (a
 * stalled call ended after 940 ms; a call that recovers after two 503s ran out of its 400 ms). The
 * bounds are now relative to the configured deadline and far apart: the deadline is 1 s, so a
 * recovering call has room for its retries under load; a call may end up to {@link #LATE} after it
 * starts (three deadlines); and a call that did <em>not</em> honour the deadline would take at
 * least {@link #STALL} (six deadlines: the stub's stall and trickle outlast it, and the adapters'
 * own read timeouts are ten deadlines), so the check still tells the two apart by a factor of two.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ProviderFaultsTest {

  static final int CALLS = 1_000;
  static final int THREADS = 8;
  static final Duration DEADLINE = Duration.ofSeconds(1);

  /**
   * Longest a call may take: three deadlines, scheduling on a busy shared 2-core machine included.
   */
  static final Duration LATE = DEADLINE.multipliedBy(3);

  /** How long a stalled or trickling reply lasts: what a call ignoring the deadline would wait. */
  static final Duration STALL = DEADLINE.multipliedBy(6);

  /**
   * The adapters' own per-attempt timeouts: long, so that only the deadline can end a stall early.
   */
  static final Duration ADAPTER_TIMEOUT = DEADLINE.multipliedBy(10);

  /** Kept for the figures: what a call may take beyond its deadline. */
  static final Duration SLACK = LATE.minus(DEADLINE);

  static final Pattern CALL = Pattern.compile("\\(call (\\d+)\\)");

  private static Embedder embedder;
  private static InMemoryVectorStore store;
  private static List<Chunk> chunks;

  @BeforeAll
  static void corpus() {
    embedder = Stack.embedder();
    store = Stack.goldenInMemory(embedder);
    chunks = Stack.chunks(GoldenCorpus.load());
  }

  /** What the server does to a call; every attempt of that call sees the same fault. */
  enum Fault {
    HTTP_500(false),
    HTTP_502_HTML(false),
    HTTP_503(false),
    HTTP_504(false),
    RATE_LIMITED_SHORT_HINT(false),
    RATE_LIMITED_LONG_HINT(false),
    DROP_BEFORE_RESPONSE(false),
    RESET_MID_BODY(false),
    STALLED_HEADERS(false),
    TRICKLING_BODY(false),
    RECOVERS_AFTER_TWO_503(true),
    RECOVERS_AFTER_429(true),
    RECOVERS_AFTER_RESET(true);

    final boolean recovers;

    Fault(boolean recovers) {
      this.recovers = recovers;
    }
  }

  record Call(Fault fault, RagResult result, long millis) {}

  @Test
  void gemini_faults_end_typed_within_the_deadline_and_leak_nothing() throws Exception {
    run(ProviderStub.Kind.GEMINI);
  }

  @Test
  void ollama_faults_end_typed_within_the_deadline_and_leak_nothing() throws Exception {
    run(ProviderStub.Kind.OLLAMA);
  }

  @Test
  void openai_faults_end_typed_within_the_deadline_and_leak_nothing() throws Exception {
    run(ProviderStub.Kind.OPENAI);
  }

  private void run(ProviderStub.Kind kind) throws Exception {
    String name = Stack.name(kind);
    ConnectionPool pool = new ConnectionPool(5, 30, TimeUnit.SECONDS);
    Dispatcher dispatcher = new Dispatcher();
    NoDelaySocketFactory sockets = new NoDelaySocketFactory();
    OkHttpClient client =
        new OkHttpClient.Builder()
            .connectionPool(pool)
            .dispatcher(dispatcher)
            .socketFactory(sockets)
            .build();
    RetryPolicy policy = Stack.noWait(3, ADAPTER_TIMEOUT);
    Random random = new Random(20261129L + kind.ordinal());
    List<Fault> plan = new ArrayList<>();
    for (int i = 0; i < CALLS; i++) {
      plan.add(Fault.values()[i % Fault.values().length]);
    }
    Collections.shuffle(plan, random);

    try (ProviderStub stub = new ProviderStub(kind).recording(false)) {
      ChatModel model =
          switch (kind) {
            case GEMINI ->
                Stack.gemini(stub, policy, client)
                    .connectTimeout(ADAPTER_TIMEOUT)
                    .readTimeout(ADAPTER_TIMEOUT)
                    .callTimeout(ADAPTER_TIMEOUT)
                    .build();
            case OLLAMA ->
                Stack.ollama(stub, policy, client)
                    .connectTimeout(ADAPTER_TIMEOUT)
                    .readTimeout(ADAPTER_TIMEOUT)
                    .firstCallTimeout(ADAPTER_TIMEOUT)
                    .build();
            case OPENAI ->
                Stack.openai(stub, policy, client)
                    .connectTimeout(ADAPTER_TIMEOUT)
                    .readTimeout(ADAPTER_TIMEOUT)
                    .callTimeout(ADAPTER_TIMEOUT)
                    .build();
          };
      RagPipeline rag =
          Stack.pipeline(embedder, store, model)
              .maxRetries(0)
              .deadline(DEADLINE)
              // each question carries a marker "(call N)" that routes the fake provider's script;
              // no source holds N, so question coverage (tested on its own) would reject every
              // answer: this test is about provider faults, so coverage is off here
              .questionCoverage(CoveragePolicy.OFF)
              .build();

      // warm up: connections, JIT, the adapter's first call (class loading first, under a generous
      // deadline: on a busy machine the very first call of a module alone can take longer than 400
      // ms)
      stub.handler(req -> stub.reply(new Ctx("warm-up", req.sources(), chunks).validAnswer()));
      ChatModel patientModel =
          switch (kind) {
            case GEMINI -> Stack.gemini(stub, policy, client).build();
            case OLLAMA -> Stack.ollama(stub, policy, client).build();
            case OPENAI -> Stack.openai(stub, policy, client).build();
          };
      RagPipeline patient = Stack.pipeline(embedder, store, patientModel).maxRetries(0).build();
      for (int i = 0; i < 3; i++) {
        assertThat(patient.ask(HostileModelOutputTest.QUESTIONS.get(i)))
            .isInstanceOf(RagResult.Answered.class);
      }
      for (int i = 0; i < 20; i++) {
        assertThat(rag.ask(HostileModelOutputTest.QUESTIONS.get(i % 4)))
            .isInstanceOf(RagResult.Answered.class);
      }
      // the baseline: warm-up connections closed, the server's threads for them ended
      pool.evictAll();
      Thread.sleep(300);
      int threadsBefore = clientThreads();
      int socketsBefore = sockets.open();

      Map<Integer, AtomicInteger> attempts = new ConcurrentHashMap<>();
      stub.handler(
          req -> {
            String question = req.sources().question().orElse("");
            Matcher m = CALL.matcher(question);
            if (!m.find()) {
              return ProviderStub.json(400, "{\"error\":\"no call number\"}");
            }
            int call = Integer.parseInt(m.group(1));
            int attempt =
                attempts.computeIfAbsent(call, k -> new AtomicInteger()).incrementAndGet();
            return respond(stub, plan.get(call), attempt, new Ctx(question, req.sources(), chunks));
          });

      ExecutorService pool8 = Executors.newFixedThreadPool(THREADS);
      List<Future<Call>> futures = new ArrayList<>();
      for (int i = 0; i < CALLS; i++) {
        int call = i;
        futures.add(
            pool8.submit(
                () -> {
                  String q =
                      HostileModelOutputTest.QUESTIONS.get(call % 4) + " (call " + call + ")";
                  long t0 = System.nanoTime();
                  RagResult r = rag.ask(q);
                  return new Call(
                      plan.get(call), r, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
                }));
      }
      List<Call> calls = new ArrayList<>();
      List<String> escaped = new ArrayList<>();
      for (Future<Call> f : futures) {
        try {
          calls.add(f.get(30, TimeUnit.SECONDS));
        } catch (java.util.concurrent.ExecutionException e) {
          escaped.add(String.valueOf(e.getCause()));
        }
      }
      pool8.shutdown();
      assertThat(pool8.awaitTermination(10, TimeUnit.SECONDS)).isTrue();

      // leaks: no call holds a connection, the dispatcher is idle, threads and sockets settle
      int running = dispatcher.runningCallsCount();
      int total = pool.connectionCount();
      int inUse = total - pool.idleConnectionCount();
      pool.evictAll();
      int afterEvict = pool.connectionCount();
      int threadsAfter = settle(ProviderFaultsTest::clientThreads, threadsBefore + THREADS);
      int socketsAfter = sockets.open();
      int socketsMade = sockets.made();

      Map<String, Integer> outcomes = new TreeMap<>();
      List<String> untyped = new ArrayList<>();
      List<String> late = new ArrayList<>();
      List<String> wrong = new ArrayList<>();
      List<String> outOfTime = new ArrayList<>();
      int recovering = 0;
      int recovered = 0;
      long maxMillis = 0;
      List<Long> millis = new ArrayList<>();
      for (Call c : calls) {
        String key = c.fault() + " -> " + outcome(c.result());
        outcomes.merge(key, 1, Integer::sum);
        maxMillis = Math.max(maxMillis, c.millis());
        millis.add(c.millis());
        if (c.millis() > LATE.toMillis()) {
          late.add(c.fault() + " took " + c.millis() + " ms: " + outcome(c.result()));
        }
        if (c.fault().recovers) {
          recovering++;
          if (c.result() instanceof RagResult.Answered) {
            recovered++;
          } else if (c.result() instanceof RagResult.Rejected rej
              && rej.reason() == RejectReason.DEADLINE_EXCEEDED
              && c.millis() >= DEADLINE.minusMillis(50).toMillis()) {
            // A starved machine can spend the whole deadline on the failing attempts: then the
            // typed, honest outcome is deadline_exceeded, counted below, not a broken retry.
            outOfTime.add(c.fault() + " ran out of its deadline after " + c.millis() + " ms");
          } else {
            wrong.add(
                c.fault()
                    + " should have been answered after its retry, got "
                    + describe(c.result()));
          }
        } else if (!(c.result() instanceof RagResult.Rejected rej)
            || (rej.reason() != RejectReason.PROVIDER_ERROR
                && rej.reason() != RejectReason.DEADLINE_EXCEEDED)) {
          untyped.add(c.fault() + " -> " + describe(c.result()));
        }
      }
      Collections.sort(millis);
      long p99 = millis.isEmpty() ? 0 : millis.get((int) Math.floor(0.99 * (millis.size() - 1)));

      StringBuilder d = new StringBuilder();
      d.append(CALLS)
          .append(" calls through `RagPipeline.ask` (deadline ")
          .append(DEADLINE.toMillis())
          .append(" ms, maxRetries 0) and the real ")
          .append(name)
          .append(" adapter (3 attempts, 1 ms backoff, ")
          .append("timeouts ")
          .append(ADAPTER_TIMEOUT.toMillis())
          .append(" ms; stalls last ")
          .append(STALL.toMillis())
          .append(" ms), ")
          .append(THREADS)
          .append(" caller threads, one shared `OkHttpClient`.")
          .append(" Slowest call ")
          .append(maxMillis)
          .append(" ms, p99 ")
          .append(p99)
          .append(" ms (limit ")
          .append(LATE.toMillis())
          .append(" ms).\n\n")
          .append("After the run: ")
          .append(running)
          .append(" calls running in the dispatcher, ")
          .append(inUse)
          .append(" of ")
          .append(total)
          .append(" pooled connections in use, ")
          .append(afterEvict)
          .append(" left after evicting idle ones; client sockets: ")
          .append(socketsMade)
          .append(" opened, ")
          .append(socketsBefore)
          .append(" open before the faults, ")
          .append(socketsAfter)
          .append(" open after; threads other than the stub's: ")
          .append(threadsBefore)
          .append(" before, ")
          .append(threadsAfter)
          .append(" after.\n\n| fault -> outcome | calls |\n|---|---|\n");
      outcomes.forEach((k, v) -> d.append("| ").append(k).append(" | ").append(v).append(" |\n"));
      int faulty = (int) calls.stream().filter(c -> !c.fault().recovers).count();
      Figures.record(
          "20-provider-faults-" + name.toLowerCase(java.util.Locale.ROOT),
          "Provider faults — " + name + " adapter",
          List.of(
              new Figures.Row(
                  "Provider faults, " + name + " adapter",
                  CALLS
                      + " faulty calls ("
                      + faulty
                      + " never recover, "
                      + (CALLS - faulty)
                      + " recover on retry)",
                  (escaped.size() + untyped.size())
                      + " untyped, "
                      + late.size()
                      + " past deadline + "
                      + SLACK.toMillis()
                      + " ms, "
                      + (inUse + socketsAfter)
                      + " connections/sockets and "
                      + running
                      + " calls leaked",
                  (calls.size() - escaped.size() - untyped.size() - wrong.size())
                      + "/"
                      + CALLS
                      + " with the expected typed outcome")),
          d.toString());

      assertThat(escaped).as("exceptions escaping ask").isEmpty();
      assertThat(calls).hasSize(CALLS);
      assertThat(untyped)
          .as("faults not ending as Rejected(provider_error | deadline_exceeded)")
          .isEmpty();
      assertThat(wrong).as("faults that clear after a retry").isEmpty();
      // the retry works: nearly every recovering call is answered; the few that a starved machine
      // kept past the deadline ended typed (above) and are at most 5 %
      assertThat(recovered)
          .as("recovering calls answered (%s ran out of time: %s)", outOfTime.size(), outOfTime)
          .isGreaterThanOrEqualTo(recovering * 95 / 100);
      assertThat(late).as("calls past the deadline plus slack").isEmpty();
      assertThat(running).as("calls still running in the dispatcher").isZero();
      assertThat(inUse).as("connections still held by a call").isZero();
      assertThat(afterEvict).as("connections left after evicting idle ones").isZero();
      assertThat(socketsAfter).as("client sockets left open after the run").isZero();
      assertThat(threadsAfter)
          .as("threads after the run (OkHttp's task runner may add a few idle ones)")
          .isLessThanOrEqualTo(threadsBefore + THREADS);
    }
  }

  @Test
  void embedding_faults_end_typed_within_the_embedders_own_bound() {
    // the pipeline's deadline bounds the model calls only (see RagPipeline's javadoc): embedding
    // the
    // question is bounded by the embedder's own timeouts and retry policy, so those are set short
    // here
    Duration embedBound = DEADLINE;
    int calls = 60;
    List<String> problems = new ArrayList<>();
    long slowest = 0;
    Map<String, Integer> outcomes = new TreeMap<>();
    try (ProviderStub stub = new ProviderStub(ProviderStub.Kind.GEMINI).recording(false)) {
      dev.citerag.gemini.GeminiEmbedder gemini =
          dev.citerag.gemini.GeminiEmbedder.builder()
              .environment(Map.of())
              .apiKey(Stack.API_KEY)
              .baseUrl(stub.baseUrl())
              .retryPolicy(Stack.noWait(3, embedBound))
              .connectTimeout(ADAPTER_TIMEOUT)
              .readTimeout(ADAPTER_TIMEOUT)
              .callTimeout(ADAPTER_TIMEOUT)
              .httpClient(Stack.fastClient())
              .build();
      InMemoryVectorStore empty = new InMemoryVectorStore(gemini.identity().dimensions());
      RagPipeline rag =
          Stack.pipeline(gemini, empty, Stack.chatModel(stub, RetryPolicy.NONE))
              .deadline(DEADLINE)
              .build();
      Fault[] faults = {
        Fault.HTTP_503,
        Fault.STALLED_HEADERS,
        Fault.RESET_MID_BODY,
        Fault.DROP_BEFORE_RESPONSE,
        Fault.RATE_LIMITED_LONG_HINT,
        Fault.TRICKLING_BODY
      };
      for (int i = 0; i < calls; i++) {
        Fault f = faults[i % faults.length];
        stub.handler(
            req ->
                switch (f) {
                  case HTTP_503 ->
                      error(ProviderStub.Kind.GEMINI, 503, "UNAVAILABLE", "overloaded");
                  case STALLED_HEADERS ->
                      new MockResponse.Builder(ProviderStub.json(200, "{\"embeddings\":[]}"))
                          .headersDelay(STALL.toMillis(), TimeUnit.MILLISECONDS)
                          .build();
                  case RESET_MID_BODY ->
                      new MockResponse.Builder(
                              ProviderStub.json(
                                  200,
                                  "{\"embeddings\":[{\"values\":["
                                      + "0.1,".repeat(3000)
                                      + "0.1]}]}"))
                          .onResponseBody(new SocketEffect.CloseSocket(true, false, false))
                          .build();
                  case RATE_LIMITED_LONG_HINT ->
                      rateLimited(ProviderStub.Kind.GEMINI, "3600s", "3600");
                  case TRICKLING_BODY ->
                      new MockResponse.Builder(
                              ProviderStub.json(
                                  200,
                                  "{\"embeddings\":[{\"values\":["
                                      + "0.1,".repeat(767)
                                      + "0.1]}]}"
                                      + " ".repeat(64 * (int) (STALL.toMillis() / 100))))
                          .throttleBody(64, 100, TimeUnit.MILLISECONDS)
                          .build();
                  default ->
                      new MockResponse.Builder()
                          .onResponseStart(new SocketEffect.CloseSocket(true, false, false))
                          .build();
                });
        long t0 = System.nanoTime();
        RagResult r;
        try {
          r = rag.ask("How do I roll back a deploy?");
        } catch (RuntimeException e) {
          problems.add(f + ": " + e);
          continue;
        }
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        slowest = Math.max(slowest, ms);
        outcomes.merge(f + " -> " + outcome(r), 1, Integer::sum);
        if (!(r instanceof RagResult.Rejected rej) || rej.reason() != RejectReason.PROVIDER_ERROR) {
          problems.add(f + ": " + describe(r));
        }
        if (ms > LATE.toMillis()) {
          problems.add(f + " took " + ms + " ms");
        }
      }
    }
    StringBuilder d =
        new StringBuilder(
            "Embedding the question through the real Gemini embedder (3 attempts, "
                + embedBound.toMillis()
                + " ms in all, read "
                + ADAPTER_TIMEOUT.toMillis()
                + " ms) on a faulty stub; the pipeline's deadline does not reach the embedder, so the"
                + " embedder's own bound is what holds. Slowest call "
                + slowest
                + " ms.\n\n| fault -> outcome | calls |\n|---|---|\n");
    outcomes.forEach((k, v) -> d.append("| ").append(k).append(" | ").append(v).append(" |\n"));
    Figures.record(
        "22-provider-faults-embedding",
        "Provider faults — embedding the question",
        List.of(
            new Figures.Row(
                "Provider faults while embedding the question, Gemini embedder",
                calls + " faulty calls",
                problems.size()
                    + " untyped or past the embedder's bound + "
                    + SLACK.toMillis()
                    + " ms",
                (calls - problems.size()) + "/" + calls + " Rejected(provider_error)")),
        d.toString());
    assertThat(problems).isEmpty();
  }

  private static MockResponse respond(ProviderStub stub, Fault fault, int attempt, Ctx ctx) {
    ProviderStub.Kind kind = stub.kind();
    String valid = ctx.validAnswer();
    return switch (fault) {
      case HTTP_500 -> error(kind, 500, "INTERNAL", "Internal error encountered.");
      case HTTP_502_HTML ->
          new MockResponse.Builder()
              .code(502)
              .setHeader("Content-Type", "text/html")
              .body("<html><body><h1>502 Bad Gateway</h1></body></html>")
              .build();
      case HTTP_503 ->
          error(kind, 503, "UNAVAILABLE", "The model is overloaded. Please try again later.");
      case HTTP_504 ->
          error(
              kind, 504, "DEADLINE_EXCEEDED", "Deadline expired before operation could complete.");
      case RATE_LIMITED_SHORT_HINT -> rateLimited(kind, "0.005s", "0");
      case RATE_LIMITED_LONG_HINT -> rateLimited(kind, "3600s", "3600");
      case DROP_BEFORE_RESPONSE ->
          new MockResponse.Builder()
              .onResponseStart(new SocketEffect.CloseSocket(true, false, false))
              .build();
      case RESET_MID_BODY -> midBodyReset(stub, valid);
      case STALLED_HEADERS ->
          new MockResponse.Builder(stub.reply(valid))
              .headersDelay(STALL.toMillis(), TimeUnit.MILLISECONDS)
              .build();
      case TRICKLING_BODY ->
          new MockResponse.Builder(
                  stub.reply(valid + " ".repeat(64 * (int) (STALL.toMillis() / 100))))
              .throttleBody(64, 100, TimeUnit.MILLISECONDS)
              .build();
      case RECOVERS_AFTER_TWO_503 ->
          attempt <= 2
              ? error(kind, 503, "UNAVAILABLE", "The model is overloaded. Please try again later.")
              : stub.reply(valid);
      case RECOVERS_AFTER_429 ->
          attempt <= 1 ? rateLimited(kind, "0.002s", "0") : stub.reply(valid);
      case RECOVERS_AFTER_RESET -> attempt <= 1 ? midBodyReset(stub, valid) : stub.reply(valid);
    };
  }

  private static MockResponse midBodyReset(ProviderStub stub, String valid) {
    return new MockResponse.Builder(stub.reply(valid + " ".repeat(8192)))
        .onResponseBody(new SocketEffect.CloseSocket(true, false, false))
        .build();
  }

  private static MockResponse error(
      ProviderStub.Kind kind, int code, String status, String message) {
    String body =
        switch (kind) {
          case GEMINI ->
              "{\"error\":{\"code\":"
                  + code
                  + ",\"message\":\""
                  + message
                  + "\",\"status\":\""
                  + status
                  + "\"}}";
          case OLLAMA -> "{\"error\":\"" + message + "\"}";
          case OPENAI ->
              "{\"error\":{\"message\":\""
                  + message
                  + "\",\"type\":\"server_error\",\"param\":null,\"code\":null}}";
        };
    return ProviderStub.json(code, body);
  }

  /**
   * A 429 with the provider's hints: Gemini's {@code RetryInfo.retryDelay}, OpenAI's {@code
   * retry-after-ms} and {@code x-ratelimit-reset-requests}, and everyone's {@code Retry-After}.
   */
  private static MockResponse rateLimited(
      ProviderStub.Kind kind, String retryDelay, String retryAfterHeader) {
    String body =
        switch (kind) {
          case GEMINI ->
              "{\"error\":{\"code\":429,\"message\":\"You exceeded your current quota.\",\"status\":\"RESOURCE_EXHAUSTED\","
                  + "\"details\":[{\"@type\":\"type.googleapis.com/google.rpc.RetryInfo\",\"retryDelay\":\""
                  + retryDelay
                  + "\"}]}}";
          case OLLAMA -> "{\"error\":\"too many requests\"}";
          case OPENAI ->
              "{\"error\":{\"message\":\"Rate limit reached for gpt-4o-mini on requests per min (RPM).\","
                  + "\"type\":\"requests\",\"param\":null,\"code\":\"rate_limit_exceeded\"}}";
        };
    MockResponse.Builder b =
        new MockResponse.Builder(ProviderStub.json(429, body))
            .setHeader("Retry-After", retryAfterHeader);
    if (kind == ProviderStub.Kind.OPENAI) {
      // retryDelay is "<seconds>s": as milliseconds, and as OpenAI's reset duration
      double seconds = Double.parseDouble(retryDelay.substring(0, retryDelay.length() - 1));
      b.setHeader("retry-after-ms", Long.toString(Math.round(seconds * 1000)))
          .setHeader("x-ratelimit-remaining-requests", "0")
          .setHeader(
              "x-ratelimit-reset-requests",
              seconds >= 60 ? (long) (seconds / 60) + "m0s" : retryDelay);
    }
    return b.build();
  }

  static String outcome(RagResult r) {
    return r instanceof RagResult.Rejected rej ? "rejected " + rej.reason().wire() : r.status();
  }

  static String describe(RagResult r) {
    return r instanceof RagResult.Rejected rej
        ? "Rejected(" + rej.reason() + ": " + rej.detail() + ")"
        : r.toString();
  }

  /** Live threads other than the in-process stub's (MockWebServer) and the test's own callers. */
  static int clientThreads() {
    return (int)
        Thread.getAllStackTraces().keySet().stream()
            .filter(
                t -> !t.getName().startsWith("MockWebServer") && !t.getName().startsWith("pool-"))
            .count();
  }

  /**
   * Polls {@code value} for up to 10 s until it is at most {@code limit}; returns the last reading.
   */
  static int settle(java.util.function.IntSupplier value, int limit) throws InterruptedException {
    int v = value.getAsInt();
    for (int i = 0; i < 100 && v > limit; i++) {
      Thread.sleep(100);
      v = value.getAsInt();
    }
    return v;
  }
}
