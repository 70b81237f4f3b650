package dev.citerag.examples.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.citerag.embed.Embedder;
import dev.citerag.examples.cli.CiteragCli;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.SearchHit;
import dev.citerag.testkit.eval.EvaluationReport;
import dev.citerag.testkit.eval.EvaluationRunner;
import dev.citerag.testkit.eval.SquadCase;
import dev.citerag.testkit.eval.SquadDataset;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Reruns the gate-1 sweeps behind {@link Engine#ONNX_MIN_SIMILARITY} (the default embedder: the
 * testkit's golden cases and SQuAD 2.0 dev) and {@link Engine#LOCAL_MIN_SIMILARITY} (the golden
 * cases) with the command line's offline setup, so the defaults move with the embedder, chunker or
 * corpus instead of going stale.
 *
 * <p>SQuAD 2.0 dev is read from {@code CITERAG_SQUAD_DIR}, else from the repository's own copy,
 * {@code datasets/squad2-dev} in the nearest ancestor directory that has it.
 */
class GateThresholdTest {

  @Test
  void the_onnx_default_blocks_no_answerable_golden_case_and_at_most_one_percent_of_squad()
      throws IOException {
    EvaluationReport golden = sweep("onnx", 0.01, 1.0);
    assertThat(golden.recallAt(5)).as("golden recall@5 with the onnx embedder").isEqualTo(1.0);
    double goldenRule = highestBlockingNoAnswerable(golden);

    List<double[]> squad = squadBestCosines(Providers.onnx());
    double squadRule = 0;
    long answerable = squad.stream().filter(r -> r[0] == 1).count();
    for (int i = 0; i <= 100; i++) {
      double t = i / 100.0;
      long blocked = squad.stream().filter(r -> r[0] == 1 && r[1] < t).count();
      if (blocked <= answerable / 100) {
        squadRule = t;
      }
    }
    assertThat(Engine.ONNX_MIN_SIMILARITY)
        .as("golden rule %.2f, SQuAD rule %.2f", goldenRule, squadRule)
        .isCloseTo(Math.min(goldenRule, squadRule), within(1e-9));
    // the gate earns its place on the golden cases: it stops some unanswerable questions
    EvaluationReport.SweepRow at =
        golden.sweep().stream()
            .filter(r -> Math.abs(r.threshold() - Engine.ONNX_MIN_SIMILARITY) < 1e-9)
            .findFirst()
            .orElseThrow();
    assertThat(at.answerableBlocked()).isZero();
    assertThat(at.unanswerableLetThrough()).isLessThan(golden.unanswerable());
  }

  @Test
  void the_local_default_is_the_highest_swept_threshold_that_blocks_no_answerable_golden_case() {
    EvaluationReport report = sweep("local", 0.05, 0.60);
    assertThat(Engine.LOCAL_MIN_SIMILARITY)
        .as("sweep: %s", report.sweep())
        .isCloseTo(highestBlockingNoAnswerable(report), within(1e-9));
    EvaluationReport.SweepRow at =
        report.sweep().stream()
            .filter(r -> Math.abs(r.threshold() - Engine.LOCAL_MIN_SIMILARITY) < 1e-9)
            .findFirst()
            .orElseThrow();
    assertThat(at.unanswerableLetThrough()).isLessThan(report.unanswerable());
  }

  private static EvaluationReport sweep(String embedder, double step, double to) {
    EngineOptions o =
        CiteragCli.engineOptions(
            "ask", "--model", "extractive", "--embedder", embedder, "--min-similarity", "0", "q");
    try (Engine engine =
        Engine.open(
            o,
            Map.of(),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            Engine.Mode.ANSWER)) {
      return EvaluationRunner.builder()
          .pipeline(engine.pipeline())
          .sweep(0.0, to, step)
          .build()
          .run();
    }
  }

  private static double highestBlockingNoAnswerable(EvaluationReport report) {
    return report.sweep().stream()
        .filter(row -> row.answerableBlocked() == 0)
        .mapToDouble(EvaluationReport.SweepRow::threshold)
        .max()
        .orElseThrow();
  }

  /** Per SQuAD question: {answerable ? 1 : 0, best dense cosine}. */
  static List<double[]> squadBestCosines(Embedder embedder) throws IOException {
    Path dir = squadDir();
    List<Document> docs = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir.resolve("corpus"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
        docs.add(
            Document.markdown(
                f.getFileName().toString(), Files.readString(f, StandardCharsets.UTF_8)));
      }
    }
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Ingestor.builder().embedder(embedder).store(store).build().ingest(docs);
    List<double[]> out = new ArrayList<>();
    for (SquadCase c : SquadDataset.load(dir).cases()) {
      List<SearchHit> hits = store.denseSearch(embedder.embedQuery(c.question()), 1, Filter.ALL);
      out.add(new double[] {c.answerable() ? 1 : 0, hits.get(0).cosine()});
    }
    assertThat(out).hasSize(3326);
    return out;
  }

  static Path squadDir() {
    String env = System.getenv("CITERAG_SQUAD_DIR");
    if (env != null && !env.isBlank()) {
      return Path.of(env);
    }
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path candidate = p.resolve("datasets/squad2-dev");
      if (Files.isRegularFile(candidate.resolve("cases.jsonl"))) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "SQuAD 2.0 dev not found: set CITERAG_SQUAD_DIR, or run from inside the repository"
            + " (it carries datasets/squad2-dev)");
  }
}
