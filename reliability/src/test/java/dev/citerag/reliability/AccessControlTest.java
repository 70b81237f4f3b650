package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.embed.Embedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.pipeline.AbstainReason;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.reliability.support.Figures;
import dev.citerag.reliability.support.ProviderStub;
import dev.citerag.reliability.support.Stack;
import dev.citerag.store.Chunk;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import dev.citerag.store.VectorStore;
import dev.citerag.testkit.fakes.SentSources;
import dev.citerag.testkit.golden.GoldenCorpus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * With a filter, no chunk outside it reaches the prompt: checked on the request body the provider
 * received, including hybrid search where the lexical side alone matches an out-of-filter chunk (a
 * security document holding the question's exact rare term), and with metadata values full of
 * quotes, backslashes and SQL. A seeded property run checks every search kind under random filters
 * as well.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AccessControlTest {

  static final String RARE = "zephyrine";
  static final String HOSTILE_TEAM = "plat'form\\\"; DROP TABLE chunks; --";
  static final String SECRET_FACT = "4,096 tokens per minute";

  /** The golden corpus plus the crafted documents. */
  static List<Document> corpus() {
    List<Document> docs = new ArrayList<>(GoldenCorpus.load());
    docs.add(
        new Document(
            "zephyrine-quota",
            "security/zephyrine.md",
            "Zephyrine quota",
            "# Zephyrine quota\n\nThe "
                + RARE
                + " quota of the security gateway is "
                + SECRET_FACT
                + " per client. Only the security team may raise the "
                + RARE
                + " quota for a client.\n",
            DocumentFormat.MARKDOWN,
            MetadataValue.strings(Map.of("team", "security", "owner", "security-gateway"))));
    docs.add(
        new Document(
            "hostile-metadata",
            "x/hostile.md",
            "Quota escape",
            "# Quota escape\n\nThe "
                + RARE
                + " override for a client is filed through the access request form.\n",
            DocumentFormat.MARKDOWN,
            MetadataValue.strings(Map.of("team", HOSTILE_TEAM, "owner", "o'brien\\"))));
    return docs;
  }

  static final List<String> QUESTIONS =
      List.of(
          "What is the " + RARE + " quota per client?",
          "Who may raise the " + RARE + " quota for a client?",
          "How do I request a " + RARE + " override for a client?");

  static final List<Filter> FILTERS =
      List.of(
          Filter.eq("team", "platform"),
          Filter.in("team", "platform", "search"),
          Filter.and(
              Filter.eq("team", "platform"),
              Filter.in("owner", "platform-delivery", "platform-runtime", "sre")),
          Filter.or(Filter.eq("team", "search"), Filter.eq("team", "platform")),
          Filter.eq("team", HOSTILE_TEAM),
          Filter.and(Filter.eq("team", HOSTILE_TEAM), Filter.eq("owner", "o'brien\\")),
          Filter.eq("team", "platform' OR '1'='1"),
          Filter.eq("owner", "o'brien"));

  @Test
  void in_memory_store_keeps_out_of_filter_chunks_out_of_the_prompt() {
    Embedder embedder = Stack.embedder();
    run(
        "in-memory",
        embedder,
        new InMemoryVectorStore(embedder.identity().dimensions()),
        "50-access-control-in-memory");
  }

  /**
   * Ingests {@link #corpus()} into {@code store} (empty) and checks every filter; records figures
   * under {@code id}.
   */
  static void run(String storeName, Embedder embedder, VectorStore store, String id) {
    List<Document> docs = corpus();
    Stack.ingest(embedder, store, docs);
    List<Chunk> chunks = Stack.chunks(docs);
    Map<String, Chunk> byText = new HashMap<>();
    for (Chunk c : chunks) {
      byText.put(c.body(), c);
    }

    // the lexical side alone finds the out-of-filter chunk when unfiltered
    for (String q : QUESTIONS) {
      List<SearchHit> lexical = store.lexicalSearch(q, 5, Filter.ALL);
      assertThat(lexical).as("unfiltered lexical search for \"%s\"", q).isNotEmpty();
      assertThat(lexical.stream().map(h -> h.chunk().docId()).toList()).contains("zephyrine-quota");
    }

    int prompts = 0;
    int sourcesChecked = 0;
    int outside = 0;
    int noResults = 0;
    List<String> problems = new ArrayList<>();
    List<String> handlerErrors;
    try (ProviderStub stub = new ProviderStub(ProviderStub.Kind.GEMINI)) {
      stub.handler(
          req -> {
            SentSources.Source s = req.sources().all().get(0);
            String quote = HostileReplies.window(s.text(), 5, 0);
            return stub.reply(
                HostileReplies.answered(
                        quote, HostileReplies.claim(quote, HostileReplies.cite(s.id(), quote)))
                    .toString());
          });
      RagPipeline rag =
          Stack.pipeline(
                  embedder, store, Stack.gemini(stub, RetryPolicy.NONE, Stack.fastClient()).build())
              .maxRetries(0)
              .requireLexicalMatch(false)
              .build();
      for (Filter f : FILTERS) {
        boolean anyPasses = chunks.stream().anyMatch(c -> f.test(c.metadata()));
        for (String q : QUESTIONS) {
          stub.clearRecorded();
          RagResult r = rag.ask(q, f);
          for (SearchHit h : r.trace().retrieved()) {
            if (!f.test(h.chunk().metadata())) {
              outside++;
              problems.add(f + " / " + q + ": retrieved " + h.chunk().docId());
            }
          }
          if (!anyPasses) {
            if (!(r instanceof RagResult.Abstained a) || a.reason() != AbstainReason.NO_RESULTS) {
              problems.add(f + " / " + q + ": expected no results, got " + r.status());
            }
            assertThat(stub.recorded()).as("no prompt when nothing passes %s", f).isEmpty();
            noResults++;
            continue;
          }
          for (ProviderStub.Request req : stub.recorded()) {
            prompts++;
            SentSources sent = req.sources();
            assertThat(sent.size()).isPositive();
            for (SentSources.Source s : sent.all()) {
              sourcesChecked++;
              Chunk c = byText.get(s.text());
              if (c == null || !f.test(c.metadata())) {
                outside++;
                problems.add(
                    f
                        + " / "
                        + q
                        + ": the prompt held "
                        + (c == null ? "an unknown text" : c.docId()));
              }
            }
            if (!f.test(
                    MetadataValue.strings(Map.of("team", "security", "owner", "security-gateway")))
                && req.body().contains(SECRET_FACT)) {
              outside++;
              problems.add(f + " / " + q + ": the security fact is in the request body");
            }
          }
          for (int k : new int[] {1, 5, 50}) {
            float[] qv = embedder.embedQuery(q);
            for (List<SearchHit> hits :
                List.of(
                    store.denseSearch(qv, k, f),
                    store.lexicalSearch(q, k, f),
                    store.hybridSearch(qv, q, k, f))) {
              for (SearchHit h : hits) {
                if (!f.test(h.chunk().metadata())) {
                  outside++;
                  problems.add(
                      f + " / " + q + " k=" + k + ": search returned " + h.chunk().docId());
                }
              }
            }
          }
        }
      }
      handlerErrors = stub.handlerErrors();
    }

    // seeded property run: random filters over real and hostile metadata values
    Random random = new Random(97L);
    List<String> keys = List.of("team", "owner", "reviewed", "missing", "team.x");
    List<String> values =
        List.of(
            "platform",
            "security",
            "search",
            "platform-delivery",
            "security-gateway",
            HOSTILE_TEAM,
            "o'brien\\",
            "",
            "%",
            "_",
            "platform' OR '1'='1",
            "2024-11-04",
            "PLATFORM");
    int randomFilters = 300;
    int hitsChecked = 0;
    for (int i = 0; i < randomFilters; i++) {
      Filter f = randomFilter(random, keys, values, 0);
      String q = QUESTIONS.get(i % QUESTIONS.size());
      float[] qv = embedder.embedQuery(q);
      int k = 1 + random.nextInt(40);
      List<SearchHit> hits = new ArrayList<>(store.hybridSearch(qv, q, k, f));
      hits.addAll(store.denseSearch(qv, k, f));
      hits.addAll(store.lexicalSearch(q, k, f));
      long expected = chunks.stream().filter(c -> f.test(c.metadata())).count();
      if (expected == 0 && !hits.isEmpty()) {
        problems.add(f + ": nothing passes, yet " + hits.size() + " hits");
      }
      for (SearchHit h : hits) {
        hitsChecked++;
        if (!f.test(h.chunk().metadata())) {
          outside++;
          problems.add(f + ": returned " + h.chunk().docId() + " " + h.chunk().metadata());
        }
      }
    }

    Figures.record(
        id,
        "Access control — " + storeName,
        List.of(
            new Figures.Row(
                "Access control, " + storeName + " store",
                prompts
                    + " prompts ("
                    + sourcesChecked
                    + " sources) under "
                    + FILTERS.size()
                    + " filters; "
                    + randomFilters
                    + " random filters ("
                    + hitsChecked
                    + " hits)",
                outside + " out-of-filter chunks retrieved or sent",
                "")),
        "Crafted documents: a `team: security` chunk holding the questions' rare term \""
            + RARE
            + "\" (unfiltered,"
            + " lexical search ranks it first), and a document whose metadata values are `"
            + HOSTILE_TEAM
            + "` and `o'brien\\`. Each of "
            + QUESTIONS.size()
            + " questions was asked through the pipeline (lexical"
            + " gate off, so the model is called whenever anything passes) under "
            + FILTERS.size()
            + " filters"
            + " (eq, in, and, or, values with quotes, backslashes and SQL); every source in the Gemini request body"
            + " was mapped back to its chunk and its metadata tested against the filter; dense, lexical and hybrid"
            + " searches were checked directly at k = 1, 5, 50. "
            + noResults
            + " asks had nothing passing the"
            + " filter and abstained without a request.\n");
    assertThat(problems).as("out-of-filter chunks").isEmpty();
    assertThat(handlerErrors).as("stub handler failures").isEmpty();
    assertThat(prompts).isPositive();
  }

  static Filter randomFilter(Random r, List<String> keys, List<String> values, int depth) {
    int kind = depth >= 2 ? r.nextInt(2) : r.nextInt(4);
    return switch (kind) {
      case 0 -> Filter.eq(keys.get(r.nextInt(keys.size())), values.get(r.nextInt(values.size())));
      case 1 ->
          Filter.in(
              keys.get(r.nextInt(keys.size())),
              values.get(r.nextInt(values.size())),
              values.get(r.nextInt(values.size())));
      case 2 ->
          Filter.and(
              randomFilter(r, keys, values, depth + 1), randomFilter(r, keys, values, depth + 1));
      default ->
          Filter.or(
              randomFilter(r, keys, values, depth + 1), randomFilter(r, keys, values, depth + 1));
    };
  }
}
