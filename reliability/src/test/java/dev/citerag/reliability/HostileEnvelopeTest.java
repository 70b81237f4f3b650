package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.chat.ChatModel;
import dev.citerag.embed.Embedder;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.reliability.HostileReplies.Ctx;
import dev.citerag.reliability.support.ProviderStub;
import dev.citerag.reliability.support.Stack;
import dev.citerag.store.Chunk;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.testkit.golden.GoldenCorpus;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The provider's envelope around a valid reply text is hostile too: token counts at the edge of
 * {@code int} (which overflow when added), negative or non-numeric counts. Whatever the envelope
 * says, {@code ask} returns a typed result and never throws; token totals never wrap negative.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostileEnvelopeTest {

  private static Embedder embedder;
  private static InMemoryVectorStore store;
  private static List<Chunk> chunks;

  @BeforeAll
  static void corpus() {
    embedder = Stack.embedder();
    store = Stack.goldenInMemory(embedder);
    chunks = Stack.chunks(GoldenCorpus.load());
  }

  @Test
  void gemini_token_counts_at_the_edge_of_int_do_not_escape_ask() {
    List<BiFunction<ObjectNode, Boolean, ObjectNode>> usages =
        List.of(
            (u, valid) ->
                u.put("promptTokenCount", Integer.MAX_VALUE)
                    .put("candidatesTokenCount", Integer.MAX_VALUE)
                    .put("thoughtsTokenCount", Integer.MAX_VALUE),
            (u, valid) ->
                u.put("promptTokenCount", Integer.MAX_VALUE)
                    .put("totalTokenCount", Integer.MAX_VALUE),
            (u, valid) -> u.put("promptTokenCount", -5),
            (u, valid) -> u.put("promptTokenCount", 3_000_000_000L),
            (u, valid) -> u.put("promptTokenCount", "many"),
            (u, valid) -> u.put("totalTokenCount", 1.5));
    try (ProviderStub stub = new ProviderStub(ProviderStub.Kind.GEMINI).recording(false)) {
      ChatModel model = Stack.chatModel(stub, RetryPolicy.NONE);
      List<String> escaped = new ArrayList<>();
      int results = 0;
      for (boolean validText : new boolean[] {true, false}) {
        for (int retries = 0; retries <= 2; retries++) {
          RagPipeline rag = Stack.pipeline(embedder, store, model).maxRetries(retries).build();
          for (BiFunction<ObjectNode, Boolean, ObjectNode> usage : usages) {
            stub.handler(
                req -> {
                  Ctx ctx = new Ctx("q", req.sources(), chunks);
                  String text = validText ? ctx.validAnswer() : "{\"status\":\"answered\"}";
                  ObjectNode root = (ObjectNode) read(ProviderStub.geminiReply(text, "STOP"));
                  ObjectNode u = root.putObject("usageMetadata");
                  usage.apply(u, validText);
                  return ProviderStub.json(200, root.toString());
                });
            results += ask(rag, escaped, validText) ? 1 : 0;
          }
        }
      }
      assertThat(escaped).as("exceptions escaping ask").isEmpty();
      assertThat(results).isEqualTo(2 * 3 * usages.size());
    }
  }

  @Test
  void ollama_token_counts_at_the_edge_of_int_do_not_escape_ask() {
    List<BiFunction<ObjectNode, Boolean, ObjectNode>> usages =
        List.of(
            (r, valid) ->
                r.put("prompt_eval_count", Integer.MAX_VALUE).put("eval_count", Integer.MAX_VALUE),
            (r, valid) -> r.put("prompt_eval_count", Integer.MAX_VALUE).put("eval_count", 1),
            (r, valid) -> r.put("prompt_eval_count", -1).put("eval_count", -1),
            (r, valid) -> r.put("prompt_eval_count", 3_000_000_000L),
            (r, valid) -> r.put("eval_count", "many"),
            (r, valid) -> r.put("total_duration", Long.MAX_VALUE).put("eval_duration", -1));
    try (ProviderStub stub = new ProviderStub(ProviderStub.Kind.OLLAMA).recording(false)) {
      ChatModel model = Stack.chatModel(stub, RetryPolicy.NONE);
      List<String> escaped = new ArrayList<>();
      int results = 0;
      for (boolean validText : new boolean[] {true, false}) {
        for (int retries = 0; retries <= 2; retries++) {
          RagPipeline rag = Stack.pipeline(embedder, store, model).maxRetries(retries).build();
          for (BiFunction<ObjectNode, Boolean, ObjectNode> usage : usages) {
            stub.handler(
                req -> {
                  Ctx ctx = new Ctx("q", req.sources(), chunks);
                  String text = validText ? ctx.validAnswer() : "{\"status\":\"answered\"}";
                  ObjectNode root = (ObjectNode) read(ProviderStub.ollamaReply(text, "stop"));
                  usage.apply(root, validText);
                  return ProviderStub.json(200, root.toString());
                });
            results += ask(rag, escaped, validText) ? 1 : 0;
          }
        }
      }
      assertThat(escaped).as("exceptions escaping ask").isEmpty();
      assertThat(results).isEqualTo(2 * 3 * usages.size());
    }
  }

  /** Asks once; a thrown exception is recorded, a result is checked for sane token totals. */
  private static boolean ask(RagPipeline rag, List<String> escaped, boolean validText) {
    try {
      RagResult r = rag.ask(HostileModelOutputTest.QUESTIONS.get(0));
      assertThat(r.trace().usage().totalTokens())
          .as("total tokens never wrap negative")
          .isNotNegative();
      assertThat(r.trace().usage().inputTokens()).isNotNegative();
      if (!validText) {
        assertThat(r).isInstanceOf(RagResult.Rejected.class);
      }
      return true;
    } catch (RuntimeException e) {
      escaped.add(e.toString());
      return false;
    }
  }

  private static com.fasterxml.jackson.databind.JsonNode read(String s) {
    try {
      return ProviderStub.MAPPER.readTree(s);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
