package dev.citerag.bench;

import static dev.citerag.bench.harness.Report.f;
import static dev.citerag.bench.harness.Report.pass;

import dev.citerag.bench.harness.Machine;
import dev.citerag.bench.harness.Report;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Section 4: {@link ValidationBenchmark} run through JMH (one fork, sample time), its median and
 * p95.
 */
final class ValidationRun {
  private ValidationRun() {}

  static void run(List<String> jvmArgs, Report report) throws Exception {
    String loadBefore = Machine.loadAverage();
    Options opts =
        new OptionsBuilder()
            .include(ValidationBenchmark.class.getName() + "\\.")
            .forks(1)
            .jvmArgs(jvmArgs.toArray(new String[0]))
            .warmupIterations(3)
            .warmupTime(TimeValue.seconds(1))
            .measurementIterations(5)
            .measurementTime(TimeValue.seconds(1))
            .shouldFailOnError(true)
            .build();
    Collection<RunResult> results = new Runner(opts).run();
    String loadAfter = Machine.loadAverage();
    report.heading(
        f(
            "4. Citation validation: 5 citations over 5 chunks of ~2 KB (JMH `ValidationBenchmark`, load %s → %s)",
            loadBefore, loadAfter));
    report.header("benchmark", ">median µs", ">p95 µs", ">samples", "target: median < 50 µs");
    for (RunResult r : results) {
      var stats = r.getPrimaryResult().getStatistics();
      String name = r.getParams().getBenchmark();
      name = name.substring(name.lastIndexOf('.') + 1);
      double median = stats.getPercentile(50);
      boolean validateOnly = name.equals("validate5Citations");
      if (validateOnly) {
        report.target(
            "validation of 5 citations over 5 chunks of ~2 KB",
            "median < 50 µs",
            f("%.1f µs", median),
            median < 50);
      }
      String what =
          switch (name) {
            case "validate5Citations" -> "";
            case "validate5CitationsTypographicSources" ->
                " (chunks open with a typographic apostrophe and a no-break space: all normalised)";
            case "verbatimIndexOf5Quotes" ->
                " (baseline: verbatim indexOf only, the pre-#12 check)";
            default -> " (reply text → parsed → validated)";
          };
      report.row(
          "`" + name + "`" + what,
          f("%.1f", median),
          f("%.1f", stats.getPercentile(95)),
          f("%,d", stats.getN()),
          validateOnly ? pass(median < 50) : "");
    }
  }
}
