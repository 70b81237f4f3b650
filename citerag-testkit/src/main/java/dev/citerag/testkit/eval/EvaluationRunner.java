package dev.citerag.testkit.eval;

import dev.citerag.answer.AnswerStatus;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.answer.internal.AnswerParser;
import dev.citerag.internal.Checks;
import dev.citerag.pipeline.Attempt;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.pipeline.Stage;
import dev.citerag.pipeline.Trace;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.testkit.eval.EvaluationReport.Answers;
import dev.citerag.testkit.eval.EvaluationReport.KindSummary;
import dev.citerag.testkit.eval.EvaluationReport.Operations;
import dev.citerag.testkit.eval.EvaluationReport.Retrieval;
import dev.citerag.testkit.eval.EvaluationReport.SweepRow;
import dev.citerag.testkit.eval.internal.Stats;
import dev.citerag.testkit.golden.GoldenCase;
import dev.citerag.testkit.golden.GoldenCases;
import dev.citerag.text.internal.Whitespace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/**
 * Runs a pipeline over golden cases, one at a time, and measures it from the results and their
 * traces alone — the model is called exactly as the pipeline calls it, and the gate-1 sweep reuses
 * the recorded cosines instead of calling it again.
 *
 * <pre>{@code
 * RagPipeline rag = RagPipeline.builder().embedder(embedder).store(store)
 *     .generator(new ExtractiveGenerator()).build();   // minSimilarity 0, so the sweep sees every case
 * EvaluationReport report = EvaluationRunner.builder().name("extractive, hashing").pipeline(rag).build().run();
 * System.out.println(report.toMarkdown());
 * }</pre>
 *
 * <p>Run the pipeline with gate 1 off ({@code minSimilarity(0)}) when choosing its threshold: the
 * sweep is computed from the best cosine of each case's retrieval, which is recorded either way,
 * but the answer metrics then show what the model does with every case.
 */
public final class EvaluationRunner {

  private final String name;
  private final BiFunction<String, Filter, RagResult> answerer;
  private final List<GoldenCase> cases;
  private final List<Integer> ks;
  private final double sweepFrom;
  private final double sweepTo;
  private final double sweepStep;

  private EvaluationRunner(Builder b) {
    this.name = b.name;
    this.answerer = Checks.notNull(b.answerer, "pipeline");
    this.cases = b.cases != null ? b.cases : GoldenCases.load();
    this.ks = b.ks;
    this.sweepFrom = b.sweepFrom;
    this.sweepTo = b.sweepTo;
    this.sweepStep = b.sweepStep;
  }

  /** {@return a builder; a pipeline or answerer is required} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Asks every case, in order, and measures. Exceptions from the pipeline propagate.
   *
   * @return the report
   */
  public EvaluationReport run() {
    List<CaseResult> results = new ArrayList<>(cases.size());
    Set<String> generators = new LinkedHashSet<>();
    int citations = 0;
    int phantoms = 0;
    int answeredReplies = 0;
    int answeredRepliesPassed = 0;
    for (GoldenCase c : cases) {
      RagResult r = answerer.apply(c.question(), c.toFilter());
      Trace t = r.trace();
      generators.add(t.generator());
      for (Attempt a : t.attempts()) {
        ModelAnswer answer = AnswerParser.parse(a.rawReply()).answer();
        if (answer == null) {
          continue;
        }
        citations += answer.allCitations().size();
        phantoms +=
            (int) a.issues().stream().filter(i -> i.type() == IssueType.PHANTOM_SOURCE).count();
        if (answer.status() == AnswerStatus.ANSWERED) {
          answeredReplies++;
          if (a.issues().stream().noneMatch(ValidationIssue::critical)) {
            answeredRepliesPassed++;
          }
        }
      }
      results.add(evaluate(c, r));
    }
    return report(
        results,
        String.join(", ", generators),
        citations,
        phantoms,
        answeredReplies,
        answeredRepliesPassed);
  }

  static CaseResult evaluate(GoldenCase c, RagResult r) {
    Trace t = r.trace();
    Integer relevant = null;
    Integer docRank = null;
    if (c.answerable()) {
      // a golden case that is answerable always carries its evidence (GoldenCase checks it)
      String evidence = Whitespace.collapse(Objects.requireNonNull(c.evidence()));
      List<SearchHit> hits = t.retrieved();
      for (int i = 0; i < hits.size(); i++) {
        SearchHit h = hits.get(i);
        if (!c.docIds().contains(h.chunk().docId())) {
          continue;
        }
        if (docRank == null) {
          docRank = i + 1;
        }
        if (Whitespace.collapse(h.chunk().text()).contains(evidence)) {
          relevant = i + 1;
          break;
        }
      }
    }
    OptionalDouble best = t.bestCosine();
    String reason = null;
    String answer = null;
    String detail = null;
    Double grounding = null;
    List<String> cited = new ArrayList<>();
    boolean correct;
    if (r instanceof RagResult.Answered a) {
      answer = a.answer();
      grounding = a.groundingScore();
      for (ResolvedCitation rc : a.citations()) {
        if (!cited.contains(rc.chunk().docId())) {
          cited.add(rc.chunk().docId());
        }
      }
      correct =
          c.answerable()
              && fold(a.answer()).contains(fold(c.mustContain()))
              && cited.stream().anyMatch(c.docIds()::contains);
    } else if (r instanceof RagResult.Abstained ab) {
      reason = ab.reason().wire();
      detail = ab.detail();
      correct = !c.answerable();
    } else {
      RagResult.Rejected rej = (RagResult.Rejected) r;
      reason = rej.reason().wire();
      detail = rej.detail();
      correct = false;
    }
    List<String> issues = new ArrayList<>();
    for (Attempt a : t.attempts()) {
      for (ValidationIssue i : a.issues()) {
        issues.add(i.type().wire());
      }
    }
    Duration total = t.latency().getOrDefault(Stage.TOTAL, Duration.ZERO);
    return new CaseResult(
        c.id(),
        c.kind(),
        c.answerable(),
        r.status(),
        reason,
        correct,
        relevant,
        docRank,
        best.isPresent() ? best.getAsDouble() : null,
        answer,
        cited,
        grounding,
        issues,
        t.attempts().size(),
        t.modelCalled() ? t.contextTokens() : 0,
        t.usage().totalTokens(),
        total.toNanos() / 1e6,
        detail);
  }

  private EvaluationReport report(
      List<CaseResult> results,
      String generator,
      int citations,
      int phantoms,
      int answeredReplies,
      int answeredRepliesPassed) {
    List<CaseResult> ans = results.stream().filter(CaseResult::answerable).toList();
    List<CaseResult> unans = results.stream().filter(r -> !r.answerable()).toList();

    Map<Integer, Double> recall = new TreeMap<>();
    for (int k : ks) {
      recall.put(k, Stats.share(ans, r -> r.retrievedAt(k)));
    }
    double hit1 = Stats.share(ans, r -> r.firstDocRank() != null && r.firstDocRank() == 1);
    double mrr =
        ans.isEmpty()
            ? 0
            : ans.stream()
                    .mapToDouble(
                        r -> r.firstRelevantRank() == null ? 0 : 1.0 / r.firstRelevantRank())
                    .sum()
                / ans.size();

    List<CaseResult> answered =
        results.stream().filter(r -> r.status().equals("answered")).toList();
    Answers answers =
        new Answers(
            Stats.share(ans, CaseResult::correct),
            Stats.share(ans, r -> r.status().equals("answered")),
            Stats.share(unans, r -> r.status().equals("not_in_sources")),
            Stats.share(unans, r -> r.status().equals("answered")),
            Stats.share(results, r -> r.status().equals("rejected")),
            citations == 0 ? 0 : (double) phantoms / citations,
            answeredReplies == 0 ? 0 : (double) answeredRepliesPassed / answeredReplies,
            answered.isEmpty()
                ? 0
                : answered.stream()
                    .mapToDouble(r -> r.groundingScore() == null ? 0 : r.groundingScore())
                    .average()
                    .orElse(0),
            citations,
            answeredReplies);

    double[] latencies = results.stream().mapToDouble(CaseResult::latencyMillis).toArray();
    List<CaseResult> called = results.stream().filter(r -> r.attempts() > 0).toList();
    Operations ops =
        new Operations(
            Stats.percentile(latencies, 50),
            Stats.percentile(latencies, 95),
            called.stream().mapToInt(CaseResult::contextTokens).average().orElse(0),
            results.stream().mapToInt(CaseResult::attempts).sum(),
            called.size(),
            results.stream().mapToLong(CaseResult::totalTokens).sum());

    List<SweepRow> sweep = new ArrayList<>();
    long steps = Math.round((sweepTo - sweepFrom) / sweepStep);
    for (long i = 0; i <= steps; i++) {
      double th = Math.round((sweepFrom + i * sweepStep) * 1e6) / 1e6;
      int blocked =
          (int) ans.stream().filter(r -> r.bestCosine() == null || r.bestCosine() < th).count();
      int through =
          (int) unans.stream().filter(r -> r.bestCosine() != null && r.bestCosine() >= th).count();
      sweep.add(new SweepRow(th, blocked, through));
    }

    Map<String, KindSummary> byKind = new TreeMap<>();
    for (CaseResult r : results) {
      KindSummary k = byKind.getOrDefault(r.kind(), new KindSummary(0, 0));
      byKind.put(r.kind(), new KindSummary(k.cases() + 1, k.correct() + (r.correct() ? 1 : 0)));
    }
    return new EvaluationReport(
        name,
        generator,
        results.size(),
        ans.size(),
        unans.size(),
        new Retrieval(recall, hit1, mrr),
        answers,
        ops,
        sweep,
        byKind,
        results);
  }

  private static String fold(@Nullable String s) {
    return s == null ? "" : Whitespace.collapse(s).toLowerCase(Locale.ROOT);
  }

  /** Builds an {@link EvaluationRunner}. */
  public static final class Builder {
    private String name = "citerag";
    private @Nullable BiFunction<String, Filter, RagResult> answerer;
    private @Nullable List<GoldenCase> cases;
    private List<Integer> ks = List.of(1, 3, 5);
    private double sweepFrom = 0.0;
    private double sweepTo = 0.60;
    private double sweepStep = 0.05;

    private Builder() {}

    /**
     * A label for the report, e.g. the configuration under test; default {@code citerag}.
     *
     * @param name the label
     * @return this builder
     * @throws IllegalArgumentException when blank
     */
    public Builder name(String name) {
      this.name = Checks.notBlank(name, "name");
      return this;
    }

    /**
     * Required (or {@link #answerer}): the pipeline to evaluate; each case is asked with its
     * filter.
     *
     * @param pipeline the pipeline
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder pipeline(RagPipeline pipeline) {
      Checks.notNull(pipeline, "pipeline");
      this.answerer = pipeline::ask;
      return this;
    }

    /**
     * Anything that answers like {@link RagPipeline#ask(String, Filter)}, e.g. a wrapper that
     * counts calls; replaces {@link #pipeline}.
     *
     * @param answerer takes the question and filter, returns the result
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder answerer(BiFunction<String, Filter, RagResult> answerer) {
      this.answerer = Checks.notNull(answerer, "answerer");
      return this;
    }

    /**
     * The cases to run; default {@link GoldenCases#load()}.
     *
     * @param cases the cases, in the order to ask them
     * @return this builder
     * @throws IllegalArgumentException when null, empty or holding nulls
     */
    public Builder cases(List<GoldenCase> cases) {
      Checks.noNullElements(cases, "cases");
      if (cases.isEmpty()) {
        throw new IllegalArgumentException("cases must not be empty");
      }
      this.cases = List.copyOf(cases);
      return this;
    }

    /**
     * The k of recall@k, each 1 to 100; default 1, 3, 5.
     *
     * @param ks the cut-offs
     * @return this builder
     * @throws IllegalArgumentException when empty or out of range
     */
    public Builder recallAt(int... ks) {
      if (ks.length == 0) {
        throw new IllegalArgumentException("recallAt needs at least one k");
      }
      List<Integer> list = new ArrayList<>();
      for (int k : ks) {
        list.add(Checks.inRange(k, 1, 100, "recallAt k"));
      }
      this.ks = List.copyOf(new LinkedHashSet<>(list));
      return this;
    }

    /**
     * The gate-1 thresholds to sweep: {@code from}, {@code from + step}, ... up to {@code to};
     * default 0.00 to 0.60 by 0.05.
     *
     * @param from the first threshold
     * @param to the last threshold (included when reached)
     * @param step the increment, &gt; 0
     * @return this builder
     * @throws IllegalArgumentException when not {@code -1 <= from <= to <= 1} and {@code 0 < step},
     *     or when that makes more than 1000 rows
     */
    public Builder sweep(double from, double to, double step) {
      Checks.inRange(from, -1.0, 1.0, "sweep from");
      Checks.inRange(to, from, 1.0, "sweep to");
      if (!(step > 0) || (to - from) / step > 1000) {
        throw new IllegalArgumentException(
            "sweep step must be > 0 and give at most 1000 rows, was " + step);
      }
      this.sweepFrom = from;
      this.sweepTo = to;
      this.sweepStep = step;
      return this;
    }

    /**
     * Builds the runner from this builder's settings.
     *
     * @return the runner
     * @throws IllegalArgumentException when no pipeline (or answerer) was set
     */
    public EvaluationRunner build() {
      return new EvaluationRunner(this);
    }
  }
}
