package dev.citerag.testkit.eval;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.citerag.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link SquadEvaluation} measured. Shares of answerable cases: {@code correct}, {@code
 * wrong}, {@code abstained} (they sum to 1); {@code falseAnswerRate} is over unanswerable cases;
 * {@code precision} = correct / all answered (0 when nothing was answered).
 *
 * @param name what was evaluated
 * @param cases all cases
 * @param answerable answerable cases
 * @param unanswerable unanswerable cases
 * @param correct share of answerable cases answered with a gold answer in a cited quote
 * @param wrong share of answerable cases answered otherwise
 * @param abstained share of answerable cases not answered
 * @param falseAnswerRate share of unanswerable cases answered
 * @param precision correct answers over all answers
 * @param recallAt1 share of answerable cases whose gold paragraph was retrieved first
 * @param recallAt5 ... among the first five
 * @param latencyP50Millis median request time
 * @param latencyP95Millis 95th percentile request time
 * @param sweep gate-1 sweep: the figures if cases under each best-cosine threshold abstained
 * @param results every case in input order
 */
public record SquadReport(
    String name,
    int cases,
    int answerable,
    int unanswerable,
    double correct,
    double wrong,
    double abstained,
    double falseAnswerRate,
    double precision,
    double recallAt1,
    double recallAt5,
    double latencyP50Millis,
    double latencyP95Millis,
    List<SweepRow> sweep,
    @JsonIgnore List<Result> results) {

  /**
   * Checks the name and copies the lists.
   *
   * @param name what was evaluated
   * @param cases all cases
   * @param answerable answerable cases
   * @param unanswerable unanswerable cases
   * @param correct share of answerable cases answered with a gold answer in a cited quote
   * @param wrong share of answerable cases answered otherwise
   * @param abstained share of answerable cases not answered
   * @param falseAnswerRate share of unanswerable cases answered
   * @param precision correct answers over all answers
   * @param recallAt1 share of answerable cases whose gold paragraph was retrieved first
   * @param recallAt5 ... among the first five
   * @param latencyP50Millis median request time
   * @param latencyP95Millis 95th percentile request time
   * @param sweep gate-1 sweep: the figures if cases under each best-cosine threshold abstained
   * @param results every case in input order
   * @throws IllegalArgumentException when {@code name} is null
   */
  public SquadReport {
    Checks.notNull(name, "name");
    sweep = List.copyOf(sweep);
    results = List.copyOf(results);
  }

  /**
   * One case.
   *
   * @param id the case id
   * @param answerable whether it is answerable
   * @param status {@code "answered"}, {@code "not_in_sources"} or {@code "rejected"}
   * @param correct answered with a gold answer in a cited quote
   * @param paragraphRank 1-based rank of the first retrieved chunk of the gold paragraph, null when
   *     not retrieved
   * @param bestCosine the best absolute cosine of the retrieval, null when nothing was retrieved
   * @param latencyMillis the request's total time
   * @param answer the served answer, null unless answered
   */
  public record Result(
      String id,
      boolean answerable,
      String status,
      boolean correct,
      @Nullable Integer paragraphRank,
      @Nullable Double bestCosine,
      double latencyMillis,
      @Nullable String answer) {

    /** {@return whether the pipeline served an answer} */
    public boolean answered() {
      return status.equals("answered");
    }
  }

  /**
   * The figures with gate 1 at {@code threshold}: cases whose best cosine is below it abstain.
   *
   * @param threshold the minimum best cosine
   * @param correct share of answerable cases still answered correctly
   * @param wrong share of answerable cases still answered wrongly
   * @param falseAnswerRate share of unanswerable cases still answered
   * @param precision correct over all still answered
   */
  public record SweepRow(
      double threshold, double correct, double wrong, double falseAnswerRate, double precision) {}

  static SquadReport of(String name, List<Result> results) {
    List<Result> ans = results.stream().filter(Result::answerable).toList();
    List<Result> unans = results.stream().filter(r -> !r.answerable()).toList();
    double[] lat = results.stream().mapToDouble(Result::latencyMillis).toArray();
    List<SweepRow> sweep = new ArrayList<>();
    for (int i = 0; i <= 18; i++) {
      double th = i * 0.05;
      sweep.add(row(th, ans, unans));
    }
    SweepRow all = row(-2, ans, unans);
    return new SquadReport(
        name,
        results.size(),
        ans.size(),
        unans.size(),
        all.correct(),
        all.wrong(),
        share(ans, r -> !r.answered()),
        all.falseAnswerRate(),
        all.precision(),
        share(ans, r -> r.paragraphRank() != null && r.paragraphRank() <= 1),
        share(ans, r -> r.paragraphRank() != null && r.paragraphRank() <= 5),
        SquadEvaluation.p(lat, 50),
        SquadEvaluation.p(lat, 95),
        sweep,
        results);
  }

  private static SweepRow row(double th, List<Result> ans, List<Result> unans) {
    java.util.function.Predicate<Result> through =
        r -> r.answered() && (th < -1 || (r.bestCosine() != null && r.bestCosine() >= th));
    long correct = ans.stream().filter(through).filter(Result::correct).count();
    long wrong = ans.stream().filter(through).filter(r -> !r.correct()).count();
    long falseAns = unans.stream().filter(through).count();
    long answered = correct + wrong + falseAns;
    return new SweepRow(
        Math.round(th * 100) / 100.0,
        ans.isEmpty() ? 0 : (double) correct / ans.size(),
        ans.isEmpty() ? 0 : (double) wrong / ans.size(),
        unans.isEmpty() ? 0 : (double) falseAns / unans.size(),
        answered == 0 ? 0 : (double) correct / answered);
  }

  private static double share(List<Result> items, java.util.function.Predicate<Result> p) {
    return items.isEmpty() ? 0 : (double) items.stream().filter(p).count() / items.size();
  }

  /** {@return the figures as JSON (snake_case; per-case results left out)} */
  public String toJson() {
    return SquadEvaluation.json(this);
  }

  /** {@return the table and the gate-1 sweep as Markdown} */
  public String toMarkdown() {
    StringBuilder b = new StringBuilder();
    b.append("## SQuAD-style evaluation: ").append(name).append("\n\n");
    b.append(
        String.format(
            Locale.ROOT,
            "%d cases: %d answerable, %d unanswerable%n%n",
            cases,
            answerable,
            unanswerable));
    b.append("| metric | value |\n|---|---|\n");
    row(b, "answerable: correct (a gold answer inside a cited quote)", correct);
    row(b, "answerable: wrong", wrong);
    row(b, "answerable: abstained", abstained);
    row(b, "**unanswerable answered (false-answer rate)**", falseAnswerRate);
    row(b, "precision (correct / all answered)", precision);
    row(b, "recall@1 of the gold paragraph", recallAt1);
    row(b, "recall@5 of the gold paragraph", recallAt5);
    b.append(
        String.format(
            Locale.ROOT,
            "| latency p50 / p95 | %.1f ms / %.1f ms |%n",
            latencyP50Millis,
            latencyP95Millis));
    b.append("\n### Gate-1 sweep (cases whose best cosine is below the threshold abstain)\n\n");
    b.append(
        "| min cosine | correct | wrong | false-answer rate | precision |\n|---|---|---|---|---|\n");
    for (SweepRow r : sweep) {
      b.append(
          String.format(
              Locale.ROOT,
              "| %.2f | %.3f | %.3f | %.3f | %.3f |%n",
              r.threshold(),
              r.correct(),
              r.wrong(),
              r.falseAnswerRate(),
              r.precision()));
    }
    return b.toString();
  }

  private static void row(StringBuilder b, String label, double v) {
    b.append(String.format(Locale.ROOT, "| %s | %.3f |%n", label, v));
  }
}
