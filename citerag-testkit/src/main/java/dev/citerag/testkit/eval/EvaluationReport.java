package dev.citerag.testkit.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.citerag.internal.Checks;
import dev.citerag.testkit.eval.internal.MarkdownReport;
import java.util.List;
import java.util.Map;

/**
 * The outcome of an {@link EvaluationRunner} run: retrieval quality, answer integrity, operations,
 * a gate-1 threshold sweep, a summary per case kind and every case. Rates are in [0, 1]; a rate
 * over an empty set is 0. Render with {@link #toJson()} or {@link #toMarkdown()}.
 *
 * @param name what was evaluated (free text)
 * @param generator the pipeline's generator name (from the traces)
 * @param cases number of cases
 * @param answerable number of answerable cases
 * @param unanswerable number of unanswerable cases
 * @param retrieval retrieval metrics over the answerable cases
 * @param answers answer-integrity metrics
 * @param operations latency, tokens and model calls
 * @param sweep gate-1 threshold sweep
 * @param byKind per case kind: cases and correct outcomes
 * @param results every case, in input order
 */
public record EvaluationReport(
    String name,
    String generator,
    int cases,
    int answerable,
    int unanswerable,
    Retrieval retrieval,
    Answers answers,
    Operations operations,
    List<SweepRow> sweep,
    Map<String, KindSummary> byKind,
    List<CaseResult> results) {

  /**
   * Checks the names and copies the collections.
   *
   * @param name what was evaluated (free text)
   * @param generator the pipeline's generator name (from the traces)
   * @param cases number of cases
   * @param answerable number of answerable cases
   * @param unanswerable number of unanswerable cases
   * @param retrieval retrieval metrics over the answerable cases
   * @param answers answer-integrity metrics
   * @param operations latency, tokens and model calls
   * @param sweep gate-1 threshold sweep
   * @param byKind per case kind: cases and correct outcomes
   * @param results every case, in input order
   * @throws IllegalArgumentException when name or generator is null
   */
  public EvaluationReport {
    Checks.notNull(name, "name");
    Checks.notNull(generator, "generator");
    sweep = List.copyOf(sweep);
    byKind = Map.copyOf(byKind);
    results = List.copyOf(results);
  }

  /**
   * Retrieval over answerable cases. A case is retrieved at k when one of the top k chunks comes
   * from one of its {@code doc_ids} and contains its evidence (whitespace collapsed).
   *
   * @param recallAt k → share of answerable cases retrieved at k
   * @param hitAt1 share of answerable cases whose top chunk comes from one of their documents
   *     (document level, evidence not required)
   * @param mrr mean reciprocal rank of the first relevant chunk (0 when none was retrieved)
   */
  public record Retrieval(Map<Integer, Double> recallAt, double hitAt1, double mrr) {
    /**
     * Copies the recall map.
     *
     * @param recallAt k → share of answerable cases retrieved at k
     * @param hitAt1 share of answerable cases whose top chunk comes from one of their documents
     *     (document level, evidence not required)
     * @param mrr mean reciprocal rank of the first relevant chunk (0 when none was retrieved)
     */
    public Retrieval {
      recallAt = Map.copyOf(recallAt);
    }
  }

  /**
   * Answer integrity.
   *
   * @param answerAccuracy share of answerable cases answered with {@code must_contain} in the
   *     answer and a cited chunk from one of the case's documents
   * @param answeredOnAnswerable share of answerable cases answered at all (right or wrong)
   * @param abstentionRecall share of unanswerable cases that abstained
   * @param falseAnswerRate share of unanswerable cases that were answered
   * @param rejectedRate share of all cases rejected (no verified answer)
   * @param phantomCitationRate over every model reply that parsed: citations naming a source not
   *     sent in that call, divided by all citations
   * @param citationRequiredPassRate over every model reply that parsed with status {@code
   *     answered}: the share with no critical validation issue (every citation sent, quoted
   *     verbatim, long enough)
   * @param meanGroundingScore mean grounding score of answered cases
   * @param citations citations counted for the phantom rate
   * @param answeredReplies replies counted for the citation-required pass rate
   */
  public record Answers(
      double answerAccuracy,
      double answeredOnAnswerable,
      double abstentionRecall,
      double falseAnswerRate,
      double rejectedRate,
      double phantomCitationRate,
      double citationRequiredPassRate,
      double meanGroundingScore,
      int citations,
      int answeredReplies) {}

  /**
   * Operations.
   *
   * @param p50LatencyMillis median total request time
   * @param p95LatencyMillis 95th percentile (nearest rank)
   * @param meanContextTokens mean estimated prompt tokens over cases where the model was called
   * @param modelCalls generation attempts over all cases (retries included)
   * @param casesWithModelCall cases where the model was called at all
   * @param totalTokens tokens reported by the provider over all calls
   */
  public record Operations(
      double p50LatencyMillis,
      double p95LatencyMillis,
      double meanContextTokens,
      int modelCalls,
      int casesWithModelCall,
      long totalTokens) {}

  /**
   * One row of the gate-1 sweep: what a minimum cosine of {@code threshold} would do, computed from
   * the best cosine each case retrieved, without calling the model again.
   *
   * @param threshold the candidate minimum cosine
   * @param answerableBlocked answerable cases whose best cosine is below it (they would abstain)
   * @param unanswerableLetThrough unanswerable cases whose best cosine reaches it (the model would
   *     be asked)
   */
  public record SweepRow(double threshold, int answerableBlocked, int unanswerableLetThrough) {}

  /**
   * How many cases of one kind there were, and how many of them had the right outcome.
   *
   * @param cases cases of this kind
   * @param correct cases with the right outcome ({@link CaseResult#correct()})
   */
  public record KindSummary(int cases, int correct) {}

  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
          .build();

  /** {@return the whole report as indented JSON with snake_case names} */
  public String toJson() {
    try {
      return JSON.writeValueAsString(this);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise the evaluation report", e);
    }
  }

  /**
   * {@return a Markdown summary: metric tables, the sweep, per-kind results and the failed cases}
   */
  public String toMarkdown() {
    return MarkdownReport.render(this);
  }

  /**
   * The recall at {@code k}, if k was measured.
   *
   * @param k a measured cut-off
   * @return the share of answerable cases retrieved at {@code k}
   * @throws IllegalArgumentException when {@code k} was not measured
   */
  public double recallAt(int k) {
    Double v = retrieval.recallAt().get(k);
    if (v == null) {
      throw new IllegalArgumentException(
          "recall@" + k + " was not measured; measured: " + retrieval.recallAt().keySet());
    }
    return v;
  }
}
