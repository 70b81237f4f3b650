package dev.citerag.bench;

import static dev.citerag.bench.harness.Report.f;

import dev.citerag.bench.data.Dataset;
import dev.citerag.bench.harness.Heap;
import dev.citerag.bench.harness.Machine;
import dev.citerag.bench.harness.Report;
import dev.citerag.bench.memory.InMemoryComparison;
import dev.citerag.bench.pipeline.PipelineOverhead;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Runs every side-by-side measurement in one JVM and writes a Markdown report.
 *
 * <pre>
 * java -Xms6g -Xmx6g -XX:+UseG1GC -XX:+AlwaysPreTouch -cp benchmarks/target/citerag-benchmarks.jar \
 *     dev.citerag.bench.BenchMain [--sections memory,pg,validation,pipeline,ingest] [--n 100000]
 *     [--passes 3] [--load-runs 1] [--jdbc jdbc:postgresql://...] [--out benchmarks/results/latest.md]
 * </pre>
 *
 * <p>{@code scripts/bench.sh} builds the jar, provides a database and runs this.
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    Set<String> sections =
        new LinkedHashSet<>(List.of("memory", "pg", "validation", "pipeline", "ingest"));
    int ingestFiles = 1_000;
    int n = 100_000;
    int dims = 384;
    int passes = 3;
    int loadRuns = 1;
    int pipelineChunks = 10_000;
    String jdbc = System.getenv("CITERAG_BENCH_JDBC_URL");
    Path out = Path.of("benchmarks/results/latest.md");
    String command =
        System.getProperty(
                "bench.command", "java ... dev.citerag.bench.BenchMain " + String.join(" ", args))
            .strip();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--sections" -> sections = new LinkedHashSet<>(List.of(args[++i].split(",")));
        case "--n" -> n = Integer.parseInt(args[++i]);
        case "--dims" -> dims = Integer.parseInt(args[++i]);
        case "--passes" -> passes = Integer.parseInt(args[++i]);
        case "--load-runs" -> loadRuns = Integer.parseInt(args[++i]);
        case "--pipeline-chunks" -> pipelineChunks = Integer.parseInt(args[++i]);
        case "--jdbc" -> jdbc = args[++i];
        case "--ingest-files" -> ingestFiles = Integer.parseInt(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    Report report = new Report();
    Instant start = Instant.now();
    report.line("## citerag performance, side by side");
    report.blank();
    report.line("- **Command:** `" + command + "`");
    report.line("- **Date:** " + start.truncatedTo(ChronoUnit.SECONDS));
    report.line(
        f(
            "- **Machine:** %s, %d CPUs (`nproc`), %d GiB; %s",
            Machine.cpuModel(), Machine.cpus(), Machine.memoryGib(), Machine.os()));
    report.line(
        "- **JVM:** "
            + Machine.java()
            + "; flags `"
            + String.join(
                " ",
                Machine.jvmFlags().stream().filter(a -> !a.startsWith("-Dbench.command")).toList())
            + "`");
    report.line("- **Load average at start (1/5/15 min):** " + Machine.loadAverage());
    report.line(
        f(
            "- **Data:** seeded Gaussian mixture, %,d centres, noise norm %.2f, unit vectors of %d dims; ~400-char"
                + " texts; filters `team = platform` (~25 %%) and `shard = s07` (~1 %%); 50 warm-up queries, then %d passes"
                + " over 200 queries; median and p95 by nearest rank; recall@5 against an exact double-precision scan."
                + " Paired rounds: every variant runs on the same query back to back, in rotating order.",
            Dataset.CENTRES, Dataset.NOISE_NORM, dims, passes));
    report.summaryHere();

    List<String> failures = new ArrayList<>();
    Dataset big = null;
    int[][][] exact = null;
    if (sections.contains("memory") || sections.contains("pg")) {
      long t0 = System.nanoTime();
      big = Dataset.generate(n, dims);
      exact = big.exactTopK(40); // top-40 for hybrid ground truth; top-5 is its prefix
      System.out.printf(
          "[data] %,d vectors and exact top-40 in %.1f s%n", n, (System.nanoTime() - t0) / 1e9);
    }
    if (sections.contains("memory")) {
      try {
        // both are set above whenever the memory or pg section runs
        Dataset data = Objects.requireNonNull(big);
        InMemoryComparison.run(data, Objects.requireNonNull(exact), passes, report);
        InMemoryComparison.heap(data, 3, report);
      } catch (Exception | AssertionError e) {
        failures.add(fail(report, "memory", e));
      }
      Heap.usedAfterGc();
    }
    if (sections.contains("pgload")) {
      // the load rows alone, at --n rows only (no 20,000-row runs, no searches, no exact top-k)
      try {
        dev.citerag.bench.pg.PgSections.runLoad(Dataset.generate(n, dims), jdbc, loadRuns, report);
      } catch (Exception | AssertionError e) {
        failures.add(fail(report, "pgload", e));
      }
      Heap.usedAfterGc();
    }
    if (sections.contains("pg")) {
      try {
        dev.citerag.bench.pg.PgSections.run(
            Objects.requireNonNull(big), Objects.requireNonNull(exact), jdbc, passes, report);
      } catch (Exception | AssertionError e) {
        failures.add(fail(report, "pg", e));
      }
    }
    big = null;
    exact = null;
    if (sections.contains("validation")) {
      try {
        ValidationRun.run(Machine.jvmFlags(), report);
      } catch (Exception | AssertionError e) {
        failures.add(fail(report, "validation", e));
      }
    }
    if (sections.contains("pipeline")) {
      try {
        PipelineOverhead.run(Dataset.generate(pipelineChunks, dims), passes, report);
      } catch (Exception | AssertionError e) {
        failures.add(fail(report, "pipeline", e));
      }
    }
    if (sections.contains("ingest")) {
      try {
        dev.citerag.bench.ingest.IngestFolderBenchmark.run(jdbc, ingestFiles, passes, report);
      } catch (Exception | AssertionError e) {
        failures.add(fail(report, "ingest", e));
      }
    }
    report.blank();
    report.line(
        f(
            "Load average at the end: %s; whole run %.1f min.",
            Machine.loadAverage(),
            (Instant.now().toEpochMilli() - start.toEpochMilli()) / 60000.0));
    report.writeTo(out);
    System.out.println("[bench] wrote " + out.toAbsolutePath());
    if (!failures.isEmpty()) {
      System.err.println("[bench] failed sections: " + failures);
      System.exit(1);
    }
  }

  private static String fail(Report report, String section, Throwable e) {
    e.printStackTrace();
    report.blank();
    report.line("**Section " + section + " failed:** " + e);
    return section;
  }
}
