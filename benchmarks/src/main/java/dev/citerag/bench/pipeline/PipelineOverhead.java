package dev.citerag.bench.pipeline;

import static dev.citerag.bench.harness.Report.f;
import static dev.citerag.bench.harness.Report.pass;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.bench.data.Corpus;
import dev.citerag.bench.data.Dataset;
import dev.citerag.bench.harness.Machine;
import dev.citerag.bench.harness.Report;
import dev.citerag.bench.harness.Stats;
import dev.citerag.chat.ChatModel;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.Stage;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.testkit.fakes.SentSources;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Section 5: everything {@link RagPipeline#ask} does except the model and embedding calls, over
 * {@code n} in-memory chunks, with zero-latency fakes: an embedder that looks up precomputed query
 * vectors and a chat model that returns a valid cited reply at once (computed on the first call for
 * a prompt, during warm-up, then served from a map).
 */
public final class PipelineOverhead {
  private PipelineOverhead() {}

  public static void run(Dataset data, int passes, Report report) throws Exception {
    InMemoryVectorStore store = new InMemoryVectorStore(data.dims);
    store.write(Corpus.citerag(data, 0, data.n));
    Map<String, float[]> vectors = new HashMap<>();
    for (int i = 0; i < data.queries.length; i++) {
      vectors.put(data.questions[i], data.queries[i]);
    }
    for (int i = 0; i < data.warmupQueries.length; i++) {
      vectors.put(data.warmupQuestions[i], data.warmupQueries[i]);
    }
    InstantCitingModel model = new InstantCitingModel();
    RagPipeline rag =
        RagPipeline.builder()
            .embedder(new PrecomputedEmbedder(vectors, data.dims))
            .store(store)
            .generator(AnswerGenerator.of(model))
            .build();
    // warm-up: the warm-up questions, then one untimed pass over the measured ones fills the
    // model's replies
    for (String q : data.warmupQuestions) {
      rag.ask(q);
    }
    for (String q : data.questions) {
      rag.ask(q);
    }
    model.freeze();
    dev.citerag.bench.harness.Heap
        .usedAfterGc(); // start the timed passes with an empty young generation
    String loadBefore = Machine.loadAverage();
    int total = passes * data.questions.length;
    long[] nanos = new long[total];
    Map<Stage, long[]> stages = new EnumMap<>(Stage.class);
    for (Stage s : List.of(Stage.RETRIEVE, Stage.CONTEXT, Stage.VALIDATE)) {
      stages.put(s, new long[total]);
    }
    int answered = 0;
    for (int p = 0, i = 0; p < passes; p++) {
      for (String q : data.questions) {
        long t0 = System.nanoTime();
        RagResult r = rag.ask(q);
        nanos[i] = System.nanoTime() - t0;
        if (r instanceof RagResult.Answered) {
          answered++;
        }
        Map<Stage, Duration> lat = r.trace().latency();
        for (Map.Entry<Stage, long[]> e : stages.entrySet()) {
          Duration d = lat.get(e.getKey());
          e.getValue()[i] = d == null ? 0 : d.toNanos();
        }
        i++;
      }
    }
    String loadAfter = Machine.loadAverage();
    long p50 = Stats.median(nanos);
    long p95 = Stats.p95(nanos);
    report.target(
        f("pipeline overhead over %,d in-memory chunks", data.n),
        "p95 < 2 ms",
        f("p95 %s ms (median %s)", ms3(p95), ms3(p50)),
        p95 < 2_000_000);
    report.heading(
        f(
            "5. Pipeline overhead: `RagPipeline.ask` over %,d in-memory chunks, zero-latency fakes (load %s → %s)",
            data.n, loadBefore, loadAfter));
    report.header("what", ">median ms", ">p95 ms", "target: p95 < 2 ms");
    report.row(
        f(
            "whole `ask` (%d questions × %d passes; %d/%d answered)",
            data.questions.length, passes, answered, total),
        ms3(p50),
        ms3(p95),
        pass(p95 < 2_000_000));
    report.row(
        "… retrieve (hybrid: dense top-40 + BM25 top-40, fused)",
        ms3(Stats.median(samples(stages, Stage.RETRIEVE))),
        ms3(Stats.p95(samples(stages, Stage.RETRIEVE))),
        "");
    report.row(
        "… build context (JSON sources)",
        ms3(Stats.median(samples(stages, Stage.CONTEXT))),
        ms3(Stats.p95(samples(stages, Stage.CONTEXT))),
        "");
    report.row(
        "… parse + validate the reply",
        ms3(Stats.median(samples(stages, Stage.VALIDATE))),
        ms3(Stats.p95(samples(stages, Stage.VALIDATE))),
        "");
    report.blank();
    report.line(
        "Defaults: topK 8, token budget 3,000, gate 1 lexical match on, 1 retry allowed (none needed).");
    if (answered != total) {
      throw new IllegalStateException(
          "pipeline benchmark: only " + answered + " of " + total + " answered");
    }
  }

  private static String ms3(long nanos) {
    return f("%.3f", nanos / 1e6);
  }

  /** Looks up precomputed query vectors; documents are never embedded here. */
  static final class PrecomputedEmbedder implements Embedder {
    private final Map<String, float[]> vectors;
    private final EmbedderIdentity identity;

    PrecomputedEmbedder(Map<String, float[]> vectors, int dims) {
      this.vectors = vectors;
      this.identity = new EmbedderIdentity("bench", "precomputed", null, dims, null);
    }

    @Override
    public List<float[]> embedDocuments(List<DocumentText> documents) {
      throw new UnsupportedOperationException(
          "the benchmark writes precomputed vectors to the store");
    }

    @Override
    public float[] embedQuery(String query) {
      float[] v = vectors.get(query);
      if (v == null) {
        throw new IllegalStateException("no precomputed vector for " + query);
      }
      return v.clone();
    }

    @Override
    public EmbedderIdentity identity() {
      return identity;
    }
  }

  /**
   * Replies with one claim citing the first source sent, quoting its first eight words. The reply
   * for a prompt is computed on its first call; after {@link #freeze} a prompt never seen before is
   * an error, so the timed calls are map look-ups.
   */
  static final class InstantCitingModel implements ChatModel {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final Map<String, String> replies = new ConcurrentHashMap<>();
    private volatile boolean frozen;

    void freeze() {
      frozen = true;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
      String reply = replies.get(request.userContent());
      if (reply == null) {
        if (frozen) {
          throw new IllegalStateException("prompt not seen during warm-up");
        }
        reply = compose(request.userContent());
        replies.put(request.userContent(), reply);
      }
      return new ChatResponse(
          reply, FinishReason.STOP, "STOP", TokenUsage.of(1000, 50, 0), "instant", null);
    }

    private static String compose(String userContent) {
      SentSources.Source first = SentSources.parse(userContent).all().get(0);
      String[] words = first.text().strip().split("\\s+", -1);
      String quote = String.join(" ", java.util.Arrays.copyOf(words, Math.min(8, words.length)));
      ObjectNode root = MAPPER.createObjectNode();
      root.put("status", "answered");
      root.put("answer", "The first source says: " + quote);
      ObjectNode claim = root.putArray("claims").addObject();
      claim.put("text", "The first source says: " + quote);
      ObjectNode cite = claim.putArray("citations").addObject();
      cite.put("source_id", first.id());
      cite.put("quote", quote);
      return root.toString();
    }

    @Override
    public String name() {
      return "instant";
    }
  }

  private static long[] samples(Map<Stage, long[]> stages, Stage stage) {
    return Objects.requireNonNull(stages.get(stage), () -> "no samples for " + stage);
  }
}
