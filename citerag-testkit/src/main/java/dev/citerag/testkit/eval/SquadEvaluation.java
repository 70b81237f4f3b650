package dev.citerag.testkit.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.citerag.internal.Checks;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.pipeline.Stage;
import dev.citerag.pipeline.Trace;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.testkit.eval.internal.Stats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/**
 * Runs a pipeline over a SQuAD 2.0-style set ({@link SquadDataset}) and scores it the way a
 * citation system should be scored:
 *
 * <ul>
 *   <li>answerable: <b>correct</b> when answered and a gold answer (any of them, SQuAD
 *       normalisation) occurs on word boundaries in a cited quote; <b>wrong</b> when answered
 *       otherwise; else <b>abstained</b>;
 *   <li>unanswerable: the <b>false-answer rate</b> is the share answered;
 *   <li><b>precision</b> = correct / all answered (answerable and unanswerable together);
 *   <li>retrieval: <b>recall@k</b> of the gold paragraph (a retrieved chunk of the case's document
 *       whose section ends with {@code Paragraph N}) over the answerable cases;
 *   <li>latency p50 / p95 of whole requests, and a gate-1 sweep: what the figures would be if every
 *       case whose best cosine is under a threshold abstained.
 * </ul>
 *
 * <pre>{@code
 * SquadDataset squad = SquadDataset.load(Path.of("datasets/squad2-dev"));
 * Ingestor.builder().embedder(embedder).store(store).build().ingest(squad.documents());
 * SquadReport report = SquadEvaluation.builder().pipeline(rag).cases(squad.cases()).build().run();
 * System.out.print(report.toMarkdown());
 * }</pre>
 *
 * A chunk's document id matches a case's {@code doc} with or without a {@code .md} ending and any
 * leading directories, so a corpus loaded from files works as well as {@link
 * SquadDataset#documents()}.
 */
public final class SquadEvaluation {

  private final String name;
  private final BiFunction<String, Filter, RagResult> answerer;
  private final List<SquadCase> cases;

  private SquadEvaluation(Builder b) {
    this.name = b.name;
    this.answerer = Checks.notNull(b.answerer, "pipeline");
    this.cases = Checks.notNull(b.cases, "cases");
  }

  /** {@return a builder; a pipeline (or answerer) and the cases are required} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Asks every case in order and scores. Exceptions from the pipeline propagate.
   *
   * @return the report
   */
  public SquadReport run() {
    List<SquadReport.Result> results = new ArrayList<>(cases.size());
    for (SquadCase c : cases) {
      results.add(evaluate(c, answerer.apply(c.question(), Filter.ALL)));
    }
    return SquadReport.of(name, results);
  }

  /**
   * Scores one case from its result.
   *
   * @param c the case
   * @param r the pipeline's result for its question
   * @return the scored result
   */
  public static SquadReport.Result evaluate(SquadCase c, RagResult r) {
    Trace t = r.trace();
    Integer rank = null;
    List<SearchHit> hits = t.retrieved();
    for (int i = 0; i < hits.size(); i++) {
      SearchHit h = hits.get(i);
      if (sameDoc(h.chunk().docId(), c.doc()) && isSection(h.chunk().section(), c.section())) {
        rank = i + 1;
        break;
      }
    }
    String answer = null;
    boolean correct = false;
    if (r instanceof RagResult.Answered a) {
      answer = a.answer();
      if (c.answerable()) {
        for (ResolvedCitation rc : a.citations()) {
          if (c.answeredBy(rc.quote())) {
            correct = true;
            break;
          }
        }
      }
    }
    OptionalDouble best = t.bestCosine();
    Duration total = t.latency().getOrDefault(Stage.TOTAL, Duration.ZERO);
    return new SquadReport.Result(
        c.id(),
        c.answerable(),
        r.status(),
        correct,
        rank,
        best.isPresent() ? best.getAsDouble() : null,
        total.toNanos() / 1e6,
        answer);
  }

  static boolean sameDoc(String docId, String doc) {
    String d = docId;
    int slash = d.lastIndexOf('/');
    if (slash >= 0) {
      d = d.substring(slash + 1);
    }
    if (d.toLowerCase(Locale.ROOT).endsWith(".md")) {
      d = d.substring(0, d.length() - 3);
    }
    return d.equals(doc);
  }

  private static boolean isSection(String section, String wanted) {
    return section.equals(wanted) || section.endsWith(" > " + wanted);
  }

  /** Builds a {@link SquadEvaluation}. */
  public static final class Builder {
    private String name = "citerag";
    private @Nullable BiFunction<String, Filter, RagResult> answerer;
    private @Nullable List<SquadCase> cases;

    private Builder() {}

    /**
     * A label for the report; default {@code citerag}.
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
     * Required (or {@link #answerer}): the pipeline; every case is asked without a filter.
     *
     * @param pipeline the pipeline
     * @return this builder
     */
    public Builder pipeline(RagPipeline pipeline) {
      Checks.notNull(pipeline, "pipeline");
      this.answerer = pipeline::ask;
      return this;
    }

    /**
     * Anything that answers like {@link RagPipeline#ask(String, Filter)}; replaces {@link
     * #pipeline}.
     *
     * @param answerer takes the question and filter, returns the result
     * @return this builder
     */
    public Builder answerer(BiFunction<String, Filter, RagResult> answerer) {
      this.answerer = Checks.notNull(answerer, "answerer");
      return this;
    }

    /**
     * The cases (required).
     *
     * @param cases the cases, in the order to ask them
     * @return this builder
     * @throws IllegalArgumentException when null, empty or holding nulls
     */
    public Builder cases(List<SquadCase> cases) {
      Checks.noNullElements(cases, "cases");
      if (cases.isEmpty()) {
        throw new IllegalArgumentException("cases must not be empty");
      }
      this.cases = List.copyOf(cases);
      return this;
    }

    /**
     * Builds the evaluation from this builder's settings.
     *
     * @return the evaluation
     * @throws IllegalArgumentException when the pipeline or the cases are missing
     */
    public SquadEvaluation build() {
      Checks.notNull(answerer, "pipeline");
      Checks.notNull(cases, "cases");
      return new SquadEvaluation(this);
    }
  }

  /** Shared JSON rendering (snake_case fields, indented). */
  static String json(Object value) {
    try {
      return JsonMapper.builder()
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .build()
          .writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render the report as JSON", e);
    }
  }

  static double p(double[] values, double q) {
    return values.length == 0 ? 0 : Stats.percentile(values, q);
  }
}
