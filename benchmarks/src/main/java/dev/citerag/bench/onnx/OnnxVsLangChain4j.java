package dev.citerag.bench.onnx;

import dev.citerag.bench.harness.Machine;
import dev.citerag.embed.DocumentText;
import dev.citerag.onnx.OnnxEmbedder;
import dev.citerag.onnx.OnnxModel;
import dev.citerag.testkit.eval.SquadDataset;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * citerag-onnx's {@link OnnxEmbedder} against LangChain4j's {@code
 * BgeSmallEnV15QuantizedEmbeddingModel} (the same model file), in one JVM:
 *
 * <ol>
 *   <li>model load time (each once, cold);
 *   <li>correctness: cosine between the two vectors of 200 varied texts (SQuAD questions,
 *       paragraphs and pieces of paragraphs, 3 to ~400 tokens), and of 50 queries (citerag's {@code
 *       embedQuery} vs LangChain4j embedding the instruction + query);
 *   <li>throughput: documents/s over 2,000 chunks of about 400 characters, rounds interleaved A, B,
 *       A, B (so machine load falls on both alike) after a warm-up of 100 texts each, median per
 *       embedder; the load average before and after;
 *   <li>query latency: 200 questions, one at a time, alternating, p50 and p95.
 * </ol>
 *
 * <p>Usage: {@code java -cp benchmarks/target/citerag-benchmarks.jar
 * dev.citerag.bench.onnx.OnnxVsLangChain4j [DATASET_DIR] [ROUNDS]}
 */
public final class OnnxVsLangChain4j {
  private OnnxVsLangChain4j() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : "datasets/squad2-dev");
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    System.out.printf(
        Locale.ROOT,
        "# citerag-onnx vs LangChain4j (bge-small-en-v1.5-q)%n%n%s, %d cpus, %s, load %s%n",
        Machine.cpuModel(),
        Machine.cpus(),
        System.getProperty("java.version"),
        Machine.loadAverage());

    long t0 = System.nanoTime();
    OnnxEmbedder ours = OnnxEmbedder.builder().build();
    double oursLoad = (System.nanoTime() - t0) / 1e6;
    long t1 = System.nanoTime();
    EmbeddingModel lc4j = new BgeSmallEnV15QuantizedEmbeddingModel();
    lc4j.embed("warm up the static model");
    double lc4jLoad = (System.nanoTime() - t1) / 1e6;
    System.out.printf(
        Locale.ROOT,
        "%nmodel load: citerag %.0f ms (read + SHA-256 + session + tokenizer), LangChain4j %.0f ms%n",
        oursLoad,
        lc4jLoad);

    SquadDataset squad = SquadDataset.load(dir);
    List<SquadRetrieval.Case> cases = SquadRetrieval.cases(dir);
    List<String> paragraphs = new ArrayList<>();
    for (var d : squad.documents()) {
      for (String t : squad.paragraphs(d.id()).values()) {
        if (ours.countTokens(t) <= 500) {
          paragraphs.add(t);
        }
      }
    }

    // correctness: 200 varied texts
    List<String> varied = new ArrayList<>();
    for (int i = 0; varied.size() < 60; i += 53) {
      varied.add(cases.get(i % cases.size()).question());
    }
    for (int i = 0; varied.size() < 130; i += 7) {
      varied.add(paragraphs.get(i % paragraphs.size()));
    }
    for (int i = 3; varied.size() < 200; i += 11) {
      String p = paragraphs.get(i % paragraphs.size());
      varied.add(p.substring(0, Math.min(p.length(), 40 + (i * 37) % 900)));
    }
    double[] cos = new double[varied.size()];
    for (int i = 0; i < varied.size(); i++) {
      float[] a = ours.embedDocuments(List.of(DocumentText.of(varied.get(i)))).get(0);
      float[] b = lc4j.embed(varied.get(i)).content().vector();
      cos[i] = cosine(a, b);
    }
    double[] qcos = new double[50];
    for (int i = 0; i < qcos.length; i++) {
      String q = cases.get((i * 67) % cases.size()).question();
      qcos[i] =
          cosine(
              ours.embedQuery(q),
              lc4j.embed(OnnxModel.BGE_QUERY_INSTRUCTION + q).content().vector());
    }
    Arrays.sort(cos);
    Arrays.sort(qcos);
    System.out.printf(
        Locale.ROOT,
        "%ncorrectness: %d texts (%d-%d tokens): cosine min %.6f, median %.6f; %d queries: min %.6f%n",
        varied.size(),
        varied.stream().mapToInt(ours::countTokens).min().orElse(0),
        varied.stream().mapToInt(ours::countTokens).max().orElse(0),
        cos[0],
        cos[cos.length / 2],
        qcos.length,
        qcos[0]);

    // throughput: 2,000 chunks of ~400 characters
    List<String> chunks = new ArrayList<>();
    outer:
    while (true) {
      for (String p : paragraphs) {
        for (int from = 0; from + 200 < p.length(); ) {
          int to = Math.min(p.length(), from + 400);
          int space = p.lastIndexOf(' ', to);
          if (to < p.length() && space > from + 300) {
            to = space;
          }
          chunks.add(
              p.substring(from, to).strip()
                  + (chunks.size() >= 311 * 4 ? " (" + chunks.size() + ")" : ""));
          if (chunks.size() == 2000) {
            break outer;
          }
          from = to;
        }
      }
    }
    double avgChars = chunks.stream().mapToInt(String::length).average().orElse(0);
    List<DocumentText> docs = chunks.stream().map(DocumentText::of).toList();
    List<TextSegment> segments = chunks.stream().map(TextSegment::from).toList();
    ours.embedDocuments(docs.subList(0, 100));
    lc4j.embedAll(segments.subList(0, 100));
    String loadBefore = Machine.loadAverage();
    double[] a = new double[rounds];
    double[] b = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      long s = System.nanoTime();
      ours.embedDocuments(docs);
      a[r] = chunks.size() / ((System.nanoTime() - s) / 1e9);
      s = System.nanoTime();
      lc4j.embedAll(segments);
      b[r] = chunks.size() / ((System.nanoTime() - s) / 1e9);
      System.out.printf(
          Locale.ROOT,
          "  round %d: citerag %.1f docs/s, LangChain4j %.1f docs/s (load %s)%n",
          r + 1,
          a[r],
          b[r],
          Machine.loadAverage());
    }
    double ma = median(a);
    double mb = median(b);
    System.out.printf(
        Locale.ROOT,
        "%nthroughput: %d chunks of %.0f characters on average, %d rounds A,B,...: citerag %.1f docs/s,"
            + " LangChain4j %.1f docs/s, ratio %.2fx; load %s -> %s%n",
        chunks.size(),
        avgChars,
        rounds,
        ma,
        mb,
        ma / mb,
        loadBefore,
        Machine.loadAverage());

    // query latency
    double[] qa = new double[200];
    double[] qb = new double[200];
    for (int i = 0; i < 200; i++) {
      String q = cases.get((i * 31 + 5) % cases.size()).question();
      long s = System.nanoTime();
      ours.embedQuery(q);
      qa[i] = (System.nanoTime() - s) / 1e6;
      s = System.nanoTime();
      lc4j.embed(OnnxModel.BGE_QUERY_INSTRUCTION + q);
      qb[i] = (System.nanoTime() - s) / 1e6;
    }
    Arrays.sort(qa);
    Arrays.sort(qb);
    System.out.printf(
        Locale.ROOT,
        "query embedding (200 questions, alternating): citerag p50 %.1f ms, p95 %.1f ms;"
            + " LangChain4j p50 %.1f ms, p95 %.1f ms; load %s%n",
        qa[100],
        qa[190],
        qb[100],
        qb[190],
        Machine.loadAverage());
    ours.close();
  }

  static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  static double cosine(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += (double) a[i] * b[i];
      na += (double) a[i] * a[i];
      nb += (double) b[i] * b[i];
    }
    return dot / Math.sqrt(na * nb);
  }
}
