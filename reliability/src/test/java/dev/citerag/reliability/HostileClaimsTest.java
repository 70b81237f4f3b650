package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.ChatModel;
import dev.citerag.embed.Embedder;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The hostile replies of {@link HostileClaims} (issue 12's classes) over HTTP through the real
 * Gemini and Ollama adapters and {@link RagPipeline#ask}: every one must be rejected with the
 * expected critical issue, none served, and no rejection may carry the reply's text outside the
 * trace's raw-reply field.
 */
@Timeout(value = 200, unit = TimeUnit.SECONDS)
class HostileClaimsTest {

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
  void no_reply_of_the_new_classes_is_served_through_the_gemini_adapter() {
    run(Adapter.GEMINI, 0);
  }

  @Test
  void no_reply_of_the_new_classes_is_served_through_the_ollama_adapter_even_after_a_retry() {
    run(Adapter.OLLAMA, 1);
  }

  private void run(Adapter adapter, int maxRetries) {
    ProviderStub.Kind kind =
        adapter == Adapter.GEMINI ? ProviderStub.Kind.GEMINI : ProviderStub.Kind.OLLAMA;
    try (ProviderStub stub = new ProviderStub(kind).recording(false)) {
      ChatModel model = Stack.chatModel(stub, RetryPolicy.NONE);
      RagPipeline rag = Stack.pipeline(embedder, store, model).maxRetries(maxRetries).build();
      List<String> generatorErrors = new ArrayList<>();
      List<String> problems = new ArrayList<>();
      Set<String> distinct = new HashSet<>();
      Map<String, int[]> byCategory = new TreeMap<>();
      int tried = 0;
      int served = 0;
      for (Case c : HostileClaims.all()) {
        for (String q : HostileModelOutputTest.QUESTIONS) {
          List<String> sentText = new ArrayList<>();
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
                  distinct.add(h.text());
                  sentText.add(h.text());
                }
                return HostileModelOutputTest.render(stub, h, ctx);
              });
          RagResult r = rag.ask(q);
          tried++;
          int[] n = byCategory.computeIfAbsent(c.category(), k -> new int[3]);
          n[0]++;
          if (r instanceof RagResult.Answered) {
            served++;
            n[1]++;
            problems.add(c.id() + " / " + q + ": served " + ((RagResult.Answered) r).answer());
            continue;
          }
          if (!(r instanceof RagResult.Rejected rej)
              || rej.reason() != c.expect().reason()
              || rej.issues().stream()
                  .noneMatch(i -> i.critical() && c.expect().critical().contains(i.type()))) {
            problems.add(
                c.id()
                    + " / "
                    + q
                    + ": expected "
                    + c.expect()
                    + ", got "
                    + r.status()
                    + " "
                    + (r instanceof RagResult.Rejected rej2 ? rej2.issues() : ""));
            continue;
          }
          if (r.trace().attempts().size() != 1 + maxRetries) {
            problems.add(c.id() + " / " + q + ": " + r.trace().attempts().size() + " attempts");
            continue;
          }
          n[2]++;
          for (ValidationIssue i : rej.issues()) {
            if (i.quote() != null) {
              problems.add(c.id() + " / " + q + ": an issue carries a quote");
            }
          }
        }
      }
      String name = adapter == Adapter.GEMINI ? "Gemini" : "Ollama";
      StringBuilder d = new StringBuilder();
      d.append(tried)
          .append(" replies (")
          .append(distinct.size())
          .append(" distinct) from ")
          .append(HostileClaims.all().size())
          .append(" templates × ")
          .append(HostileModelOutputTest.QUESTIONS.size())
          .append(" questions through the ")
          .append(name)
          .append(" adapter, maxRetries ")
          .append(maxRetries)
          .append(
              ".\n\n| class | replies | served | rejected with the expected issue |\n|---|---|---|---|\n");
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
      Figures.record(
          "11-claims-" + name.toLowerCase(Locale.ROOT),
          "Hostile claims (issue 12) — " + name + " adapter",
          List.of(
              new Figures.Row(
                  "Hostile claims (cut tokens, invisible claims, uncited text, unsupported claims), "
                      + name
                      + " adapter",
                  tried + " replies (" + distinct.size() + " distinct)",
                  served + " served",
                  (tried - problems.size()) + "/" + tried + " rejected with the expected issue")),
          d.toString());

      assertThat(generatorErrors)
          .as("every case could be generated from the sources sent")
          .isEmpty();
      assertThat(tried).isGreaterThanOrEqualTo(300);
      assertThat(distinct).hasSizeGreaterThanOrEqualTo(300);
      assertThat(problems).as("replies without the expected rejection").isEmpty();
      assertThat(served).isZero();
    }
  }
}
