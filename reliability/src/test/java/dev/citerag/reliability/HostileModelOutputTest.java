package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.ChatModel;
import dev.citerag.embed.Embedder;
import dev.citerag.pipeline.AbstainReason;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.RejectReason;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.reliability.HostileReplies.Adapter;
import dev.citerag.reliability.HostileReplies.Case;
import dev.citerag.reliability.HostileReplies.Ctx;
import dev.citerag.reliability.HostileReplies.Hostile;
import dev.citerag.reliability.support.Figures;
import dev.citerag.reliability.support.ProviderStub;
import dev.citerag.reliability.support.Stack;
import dev.citerag.store.Chunk;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.testkit.golden.GoldenCorpus;
import dev.citerag.text.internal.Hashing;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile model output through the real adapters: every reply of the generated corpus ({@link
 * HostileReplies}) goes over HTTP from a stub speaking the provider's wire format, through {@link
 * RagPipeline#ask}, and must come back {@link RagResult.Rejected} with the expected reason (and,
 * for validation failures, the expected critical issue type). Nothing may be served as {@link
 * RagResult.Answered}. Control replies (a valid answer, a valid abstention) prove the harness can
 * produce an answer at all.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class HostileModelOutputTest {

  /** Questions whose retrieval sends several sources, some with lists and tables. */
  static final List<String> QUESTIONS =
      List.of(
          "How many approvals does a production deploy need?",
          "During which hours are production deploys allowed?",
          "How much is the on-call allowance per week?",
          "Which error rate must a canary stay below to count as healthy?");

  private static Embedder embedder;
  private static InMemoryVectorStore store;
  private static List<Chunk> chunks;

  @BeforeAll
  static void corpus() {
    embedder = Stack.embedder();
    store = Stack.goldenInMemory(embedder);
    chunks = Stack.chunks(GoldenCorpus.load());
  }

  /** One case's outcome. */
  record Outcome(Case c, String question, RagResult result, @Nullable String problem) {}

  @Test
  void no_hostile_reply_is_served_through_the_gemini_adapter() {
    run(Adapter.GEMINI, 0);
  }

  @Test
  void no_hostile_reply_is_served_through_the_ollama_adapter_even_after_a_retry() {
    run(Adapter.OLLAMA, 1);
  }

  @Test
  void no_hostile_reply_is_served_through_the_openai_adapter_even_after_a_retry() {
    run(Adapter.OPENAI, 1);
  }

  private void run(Adapter adapter, int maxRetries) {
    ProviderStub.Kind kind = ProviderStub.Kind.valueOf(adapter.name());
    try (ProviderStub stub = new ProviderStub(kind).recording(false)) {
      ChatModel model = Stack.chatModel(stub, RetryPolicy.NONE);
      RagPipeline rag = Stack.pipeline(embedder, store, model).maxRetries(maxRetries).build();
      List<String> generatorErrors = new ArrayList<>();
      Set<String> distinct = new HashSet<>();

      // controls: the same harness serves a valid answer and a valid abstention
      for (String q : QUESTIONS) {
        stub.handler(req -> stub.reply(new Ctx(q, req.sources(), chunks).validAnswer()));
        assertThat(rag.ask(q))
            .as("control: a valid answer to \"%s\" is served", q)
            .isInstanceOf(RagResult.Answered.class);
        stub.handler(
            req -> stub.reply("{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]}"));
        RagResult abstained = rag.ask(q);
        assertThat(abstained)
            .as("control: a valid abstention")
            .isInstanceOf(RagResult.Abstained.class);
        assertThat(((RagResult.Abstained) abstained).reason())
            .isEqualTo(AbstainReason.NOT_IN_SOURCES);
      }

      List<Outcome> outcomes = new ArrayList<>();
      for (Case c : HostileReplies.all()) {
        if (!c.adapters().contains(adapter)) {
          continue;
        }
        for (String q : QUESTIONS) {
          stub.handler(
              req -> {
                Ctx ctx = new Ctx(q, req.sources(), chunks);
                Hostile h;
                try {
                  h = c.reply().apply(ctx);
                } catch (RuntimeException e) {
                  synchronized (generatorErrors) {
                    generatorErrors.add(c.id() + " / " + q + ": " + e.getMessage());
                  }
                  return ProviderStub.json(500, "{\"error\":\"generator failed\"}");
                }
                synchronized (distinct) {
                  distinct.add(h.envelope() + ":" + Hashing.sha256Hex(h.text()));
                }
                return render(stub, h, ctx);
              });
          RagResult r = rag.ask(q);
          outcomes.add(new Outcome(c, q, r, check(c, r, maxRetries)));
        }
      }
      assertThat(generatorErrors)
          .as("every case could be generated from the sources sent")
          .isEmpty();

      long answered =
          outcomes.stream().filter(o -> o.result() instanceof RagResult.Answered).count();
      long named = outcomes.stream().filter(o -> namedReason(o.result())).count();
      long expected = outcomes.stream().filter(o -> o.problem() == null).count();
      record(adapter, maxRetries, outcomes, distinct.size(), answered, named, expected);

      assertThat(outcomes).as("replies tried").hasSizeGreaterThanOrEqualTo(200);
      assertThat(distinct).as("distinct replies sent").hasSizeGreaterThanOrEqualTo(200);
      assertThat(
              outcomes.stream()
                  .filter(o -> o.problem() != null)
                  .map(o -> o.c().id() + " / " + o.question() + ": " + o.problem())
                  .toList())
          .as("cases without the expected outcome")
          .isEmpty();
      assertThat(answered).as("hostile replies served as Answered").isZero();
      assertThat(named).as("rejections with a named reason").isEqualTo(outcomes.size());
    }
  }

  /** Rejected with a reason, and for validation failures at least one critical issue type. */
  static boolean namedReason(RagResult r) {
    if (!(r instanceof RagResult.Rejected rej)) {
      return false;
    }
    boolean validation =
        rej.reason() == RejectReason.INVALID_CITATIONS
            || rej.reason() == RejectReason.INVALID_REPLY;
    return !validation || rej.issues().stream().anyMatch(ValidationIssue::critical);
  }

  /** Null when the outcome is the expected one, else what is wrong. */
  private static @Nullable String check(Case c, RagResult r, int maxRetries) {
    if (!(r instanceof RagResult.Rejected rej)) {
      return "expected Rejected("
          + c.expect().reason()
          + "), got "
          + r.status()
          + " "
          + describe(r);
    }
    if (rej.reason() != c.expect().reason()) {
      return "expected reason "
          + c.expect().reason()
          + ", got "
          + rej.reason()
          + ": "
          + rej.detail();
    }
    if (!c.expect().critical().isEmpty()) {
      boolean hit =
          rej.issues().stream()
              .anyMatch(i -> i.critical() && c.expect().critical().contains(i.type()));
      if (!hit) {
        return "expected a critical issue in " + c.expect().critical() + ", got " + rej.issues();
      }
      int attempts = r.trace().attempts().size();
      if (attempts != 1 + maxRetries) {
        return "expected " + (1 + maxRetries) + " attempts, traced " + attempts;
      }
    }
    return null;
  }

  private static String describe(RagResult r) {
    if (r instanceof RagResult.Answered a) {
      return "answer \""
          + HostileReplies.abbreviate(a.answer())
          + "\" citing "
          + a.citations().stream()
              .map(x -> x.sourceId() + ":\"" + HostileReplies.abbreviate(x.quote()) + "\"")
              .toList();
    }
    if (r instanceof RagResult.Abstained a) {
      return a.reason() + " " + a.detail();
    }
    return r.toString();
  }

  /** Wraps the hostile text as the provider would send it. */
  static MockResponse render(ProviderStub stub, Hostile h, Ctx ctx) {
    String text = h.text();
    if (stub.kind() == ProviderStub.Kind.GEMINI) {
      return switch (h.envelope()) {
        case STOP -> ProviderStub.json(200, ProviderStub.geminiReply(text, "STOP"));
        case LENGTH -> ProviderStub.json(200, ProviderStub.geminiReply(text, "MAX_TOKENS"));
        case SAFETY -> ProviderStub.json(200, ProviderStub.geminiReply(text, "SAFETY"));
        case PROMPT_BLOCKED ->
            ProviderStub.json(
                200,
                "{\"promptFeedback\":{\"blockReason\":\"PROHIBITED_CONTENT\"},"
                    + "\"usageMetadata\":{\"promptTokenCount\":9,\"totalTokenCount\":9},\"modelVersion\":\"gemini-2.5-flash\"}");
        case VALID_THOUGHT ->
            ProviderStub.json(
                200, ProviderStub.geminiParts("STOP", ctx.validAnswer(), true, text, false));
        case SPLIT -> {
          int a = text.length() / 3;
          int b = 2 * text.length() / 3;
          yield ProviderStub.json(
              200,
              ProviderStub.geminiParts(
                  "STOP",
                  text.substring(0, a),
                  false,
                  text.substring(a, b),
                  false,
                  text.substring(b),
                  false));
        }
        case NO_CANDIDATES ->
            ProviderStub.json(
                200,
                "{\"usageMetadata\":{\"promptTokenCount\":9},\"modelVersion\":\"gemini-2.5-flash\"}");
        case HTML ->
            new MockResponse.Builder()
                .code(200)
                .setHeader("Content-Type", "text/html")
                .body(text)
                .build();
        case VALID_SECOND_CANDIDATE -> {
          ObjectNode root = (ObjectNode) readTree(ProviderStub.geminiReply(text, "STOP"));
          ObjectNode second =
              (ObjectNode)
                  readTree(ProviderStub.geminiReply(ctx.validAnswer(), "STOP"))
                      .get("candidates")
                      .get(0);
          second.put("index", 1);
          ((ArrayNode) root.get("candidates")).add(second);
          yield ProviderStub.json(200, root.toString());
        }
        case ERROR_AFTER_CONTENT, REFUSAL, TOOL_CALL ->
            throw new IllegalStateException("not a Gemini envelope");
      };
    }
    if (stub.kind() == ProviderStub.Kind.OPENAI) {
      return renderOpenAi(h, ctx);
    }
    return switch (h.envelope()) {
      case STOP -> ProviderStub.json(200, ProviderStub.ollamaReply(text, "stop"));
      case LENGTH -> ProviderStub.json(200, ProviderStub.ollamaReply(text, "length"));
      case VALID_THOUGHT -> {
        ObjectNode root = (ObjectNode) readTree(ProviderStub.ollamaReply(text, "stop"));
        ((ObjectNode) root.get("message")).put("thinking", ctx.validAnswer());
        yield ProviderStub.json(200, root.toString());
      }
      case SPLIT ->
          new MockResponse.Builder()
              .code(200)
              .setHeader("Content-Type", "application/x-ndjson")
              .body(ndjson(text, null))
              .build();
      case HTML ->
          new MockResponse.Builder()
              .code(200)
              .setHeader("Content-Type", "text/html")
              .body(text)
              .build();
      case ERROR_AFTER_CONTENT ->
          new MockResponse.Builder()
              .code(200)
              .setHeader("Content-Type", "application/x-ndjson")
              .body(ndjson(text, "an error was encountered while running the model"))
              .build();
      default -> throw new IllegalStateException("not an Ollama envelope: " + h.envelope());
    };
  }

  /** The OpenAI-compatible {@code chat/completions} envelopes. */
  static MockResponse renderOpenAi(Hostile h, Ctx ctx) {
    String text = h.text();
    return switch (h.envelope()) {
      case STOP -> ProviderStub.json(200, ProviderStub.openaiReply(text, "stop"));
      case LENGTH -> ProviderStub.json(200, ProviderStub.openaiReply(text, "length"));
      case SAFETY -> ProviderStub.json(200, ProviderStub.openaiReply(text, "content_filter"));
      case VALID_THOUGHT -> {
        ObjectNode root = (ObjectNode) readTree(ProviderStub.openaiReply(text, "stop"));
        ((ObjectNode) root.at("/choices/0/message")).put("reasoning_content", ctx.validAnswer());
        yield ProviderStub.json(200, root.toString());
      }
      case SPLIT -> {
        ObjectNode root = (ObjectNode) readTree(ProviderStub.openaiReply(text, "stop"));
        ArrayNode parts = ((ObjectNode) root.at("/choices/0/message")).putArray("content");
        int a = text.length() / 3;
        int b = 2 * text.length() / 3;
        for (String part :
            new String[] {text.substring(0, a), text.substring(a, b), text.substring(b)}) {
          parts.addObject().put("type", "text").put("text", part);
        }
        yield ProviderStub.json(200, root.toString());
      }
      case NO_CANDIDATES -> {
        ObjectNode root = (ObjectNode) readTree(ProviderStub.openaiReply(text, "stop"));
        root.putArray("choices");
        yield ProviderStub.json(200, root.toString());
      }
      case HTML ->
          new MockResponse.Builder()
              .code(200)
              .setHeader("Content-Type", "text/html")
              .body(text)
              .build();
      case VALID_SECOND_CANDIDATE -> {
        ObjectNode root = (ObjectNode) readTree(ProviderStub.openaiReply(text, "stop"));
        ObjectNode second =
            (ObjectNode)
                readTree(ProviderStub.openaiReply(ctx.validAnswer(), "stop")).get("choices").get(0);
        second.put("index", 1);
        ((ArrayNode) root.get("choices")).add(second);
        yield ProviderStub.json(200, root.toString());
      }
      case REFUSAL -> {
        ObjectNode root = (ObjectNode) readTree(ProviderStub.openaiReply(text, "stop"));
        ((ObjectNode) root.at("/choices/0/message"))
            .put("refusal", "I'm sorry, I cannot help with that.");
        yield ProviderStub.json(200, root.toString());
      }
      case TOOL_CALL -> {
        ObjectNode root = (ObjectNode) readTree(ProviderStub.openaiReply(null, "tool_calls"));
        ObjectNode call =
            ((ObjectNode) root.at("/choices/0/message")).putArray("tool_calls").addObject();
        call.put("id", "call_stub").put("type", "function");
        call.putObject("function").put("name", "answer").put("arguments", text);
        yield ProviderStub.json(200, root.toString());
      }
      case PROMPT_BLOCKED, ERROR_AFTER_CONTENT ->
          throw new IllegalStateException("not an OpenAI envelope");
    };
  }

  /** Ollama's streamed reply: the text in three chunks, a done line, optionally an error line. */
  static String ndjson(String text, @Nullable String error) {
    StringBuilder b = new StringBuilder();
    int a = text.length() / 3;
    int c = 2 * text.length() / 3;
    for (String part :
        new String[] {text.substring(0, a), text.substring(a, c), text.substring(c)}) {
      ObjectNode line = ProviderStub.MAPPER.createObjectNode();
      line.put("model", "llama3.2");
      line.put("created_at", "2026-11-29T21:00:00Z");
      line.putObject("message").put("role", "assistant").put("content", part);
      line.put("done", false);
      b.append(line).append('\n');
    }
    b.append(
            "{\"model\":\"llama3.2\",\"created_at\":\"2026-11-29T21:00:01Z\",\"message\":{\"role\":\"assistant\",")
        .append("\"content\":\"\"},\"done\":true,\"done_reason\":\"stop\",\"eval_count\":12}\n");
    if (error != null) {
      b.append("{\"error\":\"").append(error).append("\"}\n");
    }
    return b.toString();
  }

  private static com.fasterxml.jackson.databind.JsonNode readTree(String s) {
    try {
      return ProviderStub.MAPPER.readTree(s);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void record(
      Adapter adapter,
      int maxRetries,
      List<Outcome> outcomes,
      int distinct,
      long answered,
      long named,
      long expected) {
    String name = Stack.name(ProviderStub.Kind.valueOf(adapter.name()));
    Map<String, int[]> byCategory = new TreeMap<>();
    Map<String, Integer> byReason = new TreeMap<>();
    Set<String> templates = new HashSet<>();
    for (Outcome o : outcomes) {
      templates.add(o.c().id());
      int[] n = byCategory.computeIfAbsent(o.c().category(), k -> new int[3]);
      n[0]++;
      if (o.result() instanceof RagResult.Answered) {
        n[1]++;
      }
      if (o.problem() == null) {
        n[2]++;
      }
      String key =
          o.result() instanceof RagResult.Rejected rej
              ? rej.reason().wire()
                  + (rej.issues().isEmpty()
                      ? ""
                      : " / "
                          + rej.issues().stream()
                              .filter(ValidationIssue::critical)
                              .map(i -> i.type().wire())
                              .distinct()
                              .sorted()
                              .toList())
              : o.result().status();
      byReason.merge(key, 1, Integer::sum);
    }
    StringBuilder d = new StringBuilder();
    d.append(outcomes.size())
        .append(" replies (")
        .append(distinct)
        .append(" distinct) from ")
        .append(templates.size())
        .append(" templates × ")
        .append(QUESTIONS.size())
        .append(" questions, over HTTP from a stub speaking ")
        .append(name)
        .append("'s wire format, through the real adapter and `RagPipeline.ask` with maxRetries ")
        .append(maxRetries)
        .append(maxRetries > 0 ? " (the stub replies with the same hostile text every time)" : "")
        .append(
            ".\n\n| category | replies | served as Answered | expected rejection |\n|---|---|---|---|\n");
    byCategory.forEach(
        (k, n) ->
            d.append("| ")
                .append(k)
                .append(" | ")
                .append(n[0])
                .append(" | ")
                .append(n[1])
                .append(" | ")
                .append(n[2])
                .append(" |\n"));
    d.append("\n| outcome (reason / critical issue types) | replies |\n|---|---|\n");
    byReason.forEach((k, n) -> d.append("| ").append(k).append(" | ").append(n).append(" |\n"));
    Figures.record(
        "10-hostile-" + name.toLowerCase(java.util.Locale.ROOT),
        "Hostile model output — " + name + " adapter",
        List.of(
            new Figures.Row(
                "Hostile model output, " + name + " adapter",
                outcomes.size() + " replies (" + distinct + " distinct)",
                answered + " served unverified (as Answered)",
                named
                    + "/"
                    + outcomes.size()
                    + " rejected with a named reason; "
                    + expected
                    + "/"
                    + outcomes.size()
                    + " with the expected reason and issue type")),
        d.toString());
  }
}
