package dev.citerag.bench.onnx;

import dev.citerag.bench.harness.Machine;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.extractive.ExtractiveGenerator;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.onnx.OnnxEmbedder;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.SearchHit;
import dev.citerag.testkit.eval.SquadDataset;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Retrieval quality on a SQuAD-style dataset (e.g. {@code datasets/squad2-dev}) for the hashing and
 * the ONNX embedder, through citerag's own hybrid retrieval (dense + BM25, RRF, k = 8) over the
 * in-memory store with the default chunker: recall@1/@5 of the gold paragraph over answerable
 * questions, and the gate-1 sweep (best dense cosine per question: how many answerable questions a
 * threshold blocks, how many unanswerable ones it stops) with the ROC AUC of the best cosine as a
 * separation figure (0.5 = no separation).
 *
 * <p>Usage: {@code java -cp benchmarks/target/citerag-benchmarks.jar
 * dev.citerag.bench.onnx.SquadRetrieval DATASET_DIR [local,onnx]}
 */
public final class SquadRetrieval {
  private SquadRetrieval() {}

  record Case(String question, boolean answerable, String doc, int paragraph) {}

  record Outcome(boolean answerable, int goldRank, double bestCosine) {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : "datasets/squad2-dev");
    List<String> kinds = List.of((args.length > 1 ? args[1] : "local,onnx").split(","));
    List<Document> docs = corpus(dir.resolve("corpus"));
    List<Case> cases = cases(dir);
    System.out.printf(
        Locale.ROOT,
        "# SQuAD retrieval: %d documents, %d questions (%d answerable); %s; load %s%n",
        docs.size(),
        cases.size(),
        cases.stream().filter(Case::answerable).count(),
        dir,
        Machine.loadAverage());
    for (String kind : kinds) {
      if ("onnx".equals(kind)) {
        try (OnnxEmbedder onnx = OnnxEmbedder.builder().build()) {
          run(kind, onnx, docs, cases);
        }
      } else {
        run(kind, new LocalHashingEmbedder(), docs, cases);
      }
    }
  }

  static void run(String kind, Embedder embedder, List<Document> docs, List<Case> cases) {
    long t0 = System.nanoTime();
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Ingestor.builder().embedder(embedder).store(store).build().ingest(docs);
    double ingestS = (System.nanoTime() - t0) / 1e9;
    RagPipeline p =
        RagPipeline.builder()
            .embedder(embedder)
            .store(store)
            .generator(new ExtractiveGenerator())
            .build();
    List<Outcome> out = new ArrayList<>();
    long t1 = System.nanoTime();
    for (Case c : cases) {
      List<SearchHit> hits = p.retrieve(c.question(), Filter.ALL);
      int rank = 0;
      double best = 0;
      for (int i = 0; i < hits.size(); i++) {
        SearchHit h = hits.get(i);
        if (h.cosine() != null) {
          best = Math.max(best, h.cosine());
        }
        if (rank == 0
            && c.answerable()
            && h.chunk().docId().equals(c.doc())
            && h.chunk().section() != null
            && h.chunk().section().endsWith("Paragraph " + c.paragraph())) {
          rank = i + 1;
        }
      }
      out.add(new Outcome(c.answerable(), rank, best));
    }
    double askS = (System.nanoTime() - t1) / 1e9;
    long answerable = out.stream().filter(Outcome::answerable).count();
    long at1 = out.stream().filter(o -> o.answerable() && o.goldRank() == 1).count();
    long at5 =
        out.stream().filter(o -> o.answerable() && o.goldRank() >= 1 && o.goldRank() <= 5).count();
    double[] a =
        out.stream()
            .filter(Outcome::answerable)
            .mapToDouble(Outcome::bestCosine)
            .sorted()
            .toArray();
    double[] u =
        out.stream()
            .filter(o -> !o.answerable())
            .mapToDouble(Outcome::bestCosine)
            .sorted()
            .toArray();
    System.out.printf(Locale.ROOT, "%n## %s (%s)%n%n", kind, embedder.identity().model());
    System.out.printf(
        Locale.ROOT,
        "ingest %.1f s (%d chunks), %d retrievals %.1f s; load %s%n",
        ingestS,
        store.chunkCount(),
        cases.size(),
        askS,
        Machine.loadAverage());
    System.out.printf(
        Locale.ROOT,
        "recall@1 %.3f, recall@5 %.3f (of %d answerable)%n",
        (double) at1 / answerable,
        (double) at5 / answerable,
        answerable);
    System.out.printf(
        Locale.ROOT,
        "best cosine median: answerable %.3f, unanswerable %.3f; ROC AUC %.3f%n",
        median(a),
        median(u),
        auc(a, u));
    System.out.println("| threshold | answerable blocked | unanswerable stopped |");
    System.out.println("|---:|---:|---:|");
    for (int i = 0; i <= 100; i++) {
      double t = i / 100.0;
      long blocked = Arrays.stream(a).filter(x -> x < t).count();
      long stopped = Arrays.stream(u).filter(x -> x < t).count();
      if (blocked == a.length && stopped == u.length) {
        break;
      }
      System.out.printf(
          Locale.ROOT,
          "| %.2f | %d (%.3f) | %d (%.3f) |%n",
          t,
          blocked,
          (double) blocked / a.length,
          stopped,
          (double) stopped / u.length);
    }
  }

  static double median(double[] sorted) {
    return sorted.length == 0 ? Double.NaN : sorted[sorted.length / 2];
  }

  /** Probability that an answerable question's best cosine exceeds an unanswerable one's. */
  static double auc(double[] a, double[] u) {
    double wins = 0;
    int j = 0;
    int k = 0;
    for (double x : a) {
      while (j < u.length && u[j] < x) {
        j++;
      }
      k = j;
      while (k < u.length && u[k] == x) {
        k++;
      }
      wins += j + 0.5 * (k - j);
    }
    return wins / ((double) a.length * u.length);
  }

  static List<Document> corpus(Path dir) throws IOException {
    List<Document> docs = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
        String slug = f.getFileName().toString().replaceFirst("\\.md$", "");
        docs.add(Document.markdown(slug, Files.readString(f, StandardCharsets.UTF_8)));
      }
    }
    return docs;
  }

  /** The cases of the set in {@code dir}, read by the testkit's {@link SquadDataset}. */
  static List<Case> cases(Path dir) {
    return SquadDataset.load(dir).cases().stream()
        .map(c -> new Case(c.question(), c.answerable(), c.doc(), c.paragraph()))
        .toList();
  }
}
