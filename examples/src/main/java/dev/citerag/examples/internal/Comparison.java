package dev.citerag.examples.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.extractive.ExtractiveGenerator;
import dev.citerag.pipeline.AskRequest;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.RetrievalMode;
import dev.citerag.rerank.Reranker;
import dev.citerag.store.Filter;
import dev.citerag.testkit.eval.EvaluationReport;
import dev.citerag.testkit.eval.EvaluationRunner;
import dev.citerag.testkit.eval.SquadDataset;
import dev.citerag.testkit.eval.SquadEvaluation;
import dev.citerag.testkit.eval.SquadReport;
import dev.citerag.testkit.golden.GoldenCase;
import dev.citerag.testkit.golden.GoldenCases;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * {@code citerag eval --compare LIST}: the same cases through several variants of one engine's
 * pipeline, one row each of retrieval quality, answer quality and latency.
 *
 * <p>The variants, comma-separated: {@code dense} (dense search alone), {@code fulltext} (full-text
 * search alone), {@code hybrid} (both, fused: the default pipeline), {@code rerank} (hybrid,
 * reordered by the {@code --rerank} service), {@code retries=N} (hybrid with at most N retries
 * after a failed validation, 0 to 5), {@code model=NAME} (hybrid answered by another model); {@code
 * default} stands for {@code dense,fulltext,hybrid}, plus {@code rerank} when a reranker is given.
 * Every variant shares the engine's embedder, store, gates and {@code --k}.
 */
public final class Comparison {
  private Comparison() {}

  /** What {@code default} expands to (with {@code rerank} appended when a reranker is given). */
  public static final List<String> DEFAULT = List.of("dense", "fulltext", "hybrid");

  /** The variant grammar, for error messages and help. */
  public static final String GRAMMAR =
      "dense, fulltext, hybrid, rerank, retries=N (0 to 5), model=NAME, default";

  /**
   * One variant: a name for the table, how it retrieves and what it changes in the pipeline.
   *
   * @param name as given on the command line, e.g. {@code retries=0}
   * @param mode which searches retrieve
   * @param rerank whether the {@code --rerank} service reorders the candidates
   * @param retries the pipeline's retries, when this variant sets them
   * @param model the model, when this variant sets one
   */
  public record Variant(
      String name,
      RetrievalMode mode,
      boolean rerank,
      OptionalInt retries,
      Optional<String> model) {}

  /**
   * Parses {@code --compare}'s value.
   *
   * @param spec comma-separated variant names
   * @param haveReranker whether {@code --rerank URL} was given
   * @param models the model names {@code model=NAME} accepts
   * @return the variants in the order given, at least two
   * @throws IllegalArgumentException naming the option and the rule when a name is unknown,
   *     repeated, malformed, or {@code rerank} lacks a reranker
   */
  public static List<Variant> parse(String spec, boolean haveReranker, Set<String> models) {
    Set<String> names = new LinkedHashSet<>();
    for (String raw : spec.split(",", -1)) {
      String name = raw.strip().toLowerCase(Locale.ROOT);
      if (name.isEmpty()) {
        throw new IllegalArgumentException(
            "option --compare: empty variant name in \"" + spec + "\"; known: " + GRAMMAR);
      }
      List<String> expanded = new ArrayList<>();
      if (name.equals("default")) {
        expanded.addAll(DEFAULT);
        if (haveReranker) {
          expanded.add("rerank");
        }
      } else {
        expanded.add(name);
      }
      for (String n : expanded) {
        if (!names.add(n)) {
          throw new IllegalArgumentException("option --compare: variant " + n + " given twice");
        }
      }
    }
    List<Variant> out = new ArrayList<>();
    for (String n : names) {
      out.add(variant(n, haveReranker, models));
    }
    if (out.size() < 2) {
      throw new IllegalArgumentException(
          "option --compare: a comparison needs at least two variants, got " + out.size());
    }
    return List.copyOf(out);
  }

  private static Variant variant(String n, boolean haveReranker, Set<String> models) {
    OptionalInt none = OptionalInt.empty();
    if (n.equals("rerank") && !haveReranker) {
      throw new IllegalArgumentException(
          "option --compare: variant rerank needs a reranker: add --rerank URL");
    }
    Optional<RetrievalMode> mode =
        switch (n) {
          case "dense" -> Optional.of(RetrievalMode.DENSE);
          case "fulltext" -> Optional.of(RetrievalMode.LEXICAL);
          case "hybrid", "rerank" -> Optional.of(RetrievalMode.HYBRID);
          default -> Optional.empty();
        };
    if (mode.isPresent()) {
      return new Variant(n, mode.get(), n.equals("rerank"), none, Optional.empty());
    }
    if (n.startsWith("retries=")) {
      String v = n.substring("retries=".length());
      int retries;
      try {
        retries = Integer.parseInt(v);
      } catch (NumberFormatException e) {
        retries = -1;
      }
      if (retries < 0 || retries > 5) {
        throw new IllegalArgumentException(
            "option --compare: retries must be a whole number from 0 to 5, was \"" + v + "\"");
      }
      return new Variant(n, RetrievalMode.HYBRID, false, OptionalInt.of(retries), Optional.empty());
    }
    if (n.startsWith("model=")) {
      String m = n.substring("model=".length());
      if (!models.contains(m)) {
        throw new IllegalArgumentException(
            "option --compare: model must be one of "
                + String.join(", ", models)
                + ", was \""
                + m
                + "\"");
      }
      return new Variant(n, RetrievalMode.HYBRID, false, OptionalInt.empty(), Optional.of(m));
    }
    throw new IllegalArgumentException(
        "option --compare: unknown variant \"" + n + "\"; known: " + GRAMMAR);
  }

  /**
   * One row of the table. Shares are over answerable cases except {@code falseAnswers} (over
   * unanswerable ones).
   *
   * @param variant the variant's name
   * @param model the label of the model that answered
   * @param recallAt1 the gold evidence (golden cases) or paragraph (SQuAD) retrieved first
   * @param recallAt5 ... among the first five
   * @param mrr mean reciprocal rank of the first relevant chunk (0 when none was retrieved)
   * @param accuracy answered correctly
   * @param abstained not answered (abstained or rejected)
   * @param falseAnswers unanswerable cases that were answered
   * @param p50Millis median request time
   * @param p95Millis 95th percentile request time (nearest rank)
   */
  public record Row(
      String variant,
      String model,
      double recallAt1,
      double recallAt5,
      double mrr,
      double accuracy,
      double abstained,
      double falseAnswers,
      double p50Millis,
      double p95Millis) {}

  /**
   * The table of one comparison.
   *
   * @param name what was compared on (engine and cases)
   * @param cases number of cases
   * @param answerable answerable cases
   * @param unanswerable unanswerable cases
   * @param rows one per variant, in the order given
   */
  public record Table(String name, int cases, int answerable, int unanswerable, List<Row> rows) {
    /**
     * Copies the rows.
     *
     * @param name what was compared on (engine and cases)
     * @param cases number of cases
     * @param answerable answerable cases
     * @param unanswerable unanswerable cases
     * @param rows one per variant, in the order given
     */
    public Table {
      rows = List.copyOf(rows);
    }

    /** {@return the table as Markdown, a heading line and one row per variant} */
    public String toMarkdown() {
      StringBuilder sb = new StringBuilder();
      sb.append("# Variants compared: ").append(name).append("\n\n");
      sb.append(cases)
          .append(" cases (")
          .append(answerable)
          .append(" answerable, ")
          .append(unanswerable)
          .append(" unanswerable). Recall, MRR, accuracy and abstained over answerable cases;")
          .append(" false answers over unanswerable ones.\n\n");
      sb.append(
          "| variant | model | recall@1 | recall@5 | MRR | accuracy | abstained | false answers"
              + " | p50 ms | p95 ms |\n");
      sb.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
      for (Row r : rows) {
        sb.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.0f | %.0f |%n",
                r.variant(),
                r.model(),
                r.recallAt1(),
                r.recallAt5(),
                r.mrr(),
                r.accuracy(),
                r.abstained(),
                r.falseAnswers(),
                r.p50Millis(),
                r.p95Millis()));
      }
      return sb.toString();
    }

    /** {@return the table as pretty-printed JSON, rows as objects with snake_case names} */
    public String toJson() {
      ObjectNode root = ResultJson.mapper().createObjectNode();
      root.put("name", name)
          .put("cases", cases)
          .put("answerable", answerable)
          .put("unanswerable", unanswerable);
      ArrayNode arr = root.putArray("variants");
      for (Row r : rows) {
        arr.addObject()
            .put("variant", r.variant())
            .put("model", r.model())
            .put("recall_at_1", r.recallAt1())
            .put("recall_at_5", r.recallAt5())
            .put("mrr", r.mrr())
            .put("accuracy", r.accuracy())
            .put("abstained", r.abstained())
            .put("false_answers", r.falseAnswers())
            .put("p50_ms", r.p50Millis())
            .put("p95_ms", r.p95Millis());
      }
      try {
        return ResultJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(root);
      } catch (JsonProcessingException e) {
        throw new IllegalStateException("writing the comparison as JSON failed", e);
      }
    }
  }

  /** How the engine's pipeline becomes each variant's. */
  public interface Pipelines {
    /**
     * {@return the pipeline of a variant and the label of its model}
     *
     * @param v the variant
     */
    Built build(Variant v);
  }

  /**
   * A variant's pipeline, the label of its model and what it adds to each request.
   *
   * @param pipeline what the variant asks
   * @param model the model's label for the table
   * @param request applied to each case's request (e.g. the rerank gate's threshold)
   */
  public record Built(RagPipeline pipeline, String model, UnaryOperator<AskRequest> request) {}

  /**
   * Derives each variant's pipeline from the engine's: {@code rerank} adds {@code reranker}, {@code
   * retries=N} sets the retries, {@code model=NAME} swaps the generator (the extractive one with
   * {@code strictness}).
   *
   * @param engine the engine the comparison runs on
   * @param reranker the {@code --rerank} service, null when not given
   * @param rerankRequest what the {@code rerank} variant adds to each request ({@code
   *     --min-rerank-score})
   * @param strictness the extractive generator's strictness
   * @param env the environment that chooses and configures models
   * @return the derivation
   */
  public static Pipelines from(
      Engine engine,
      @Nullable Reranker reranker,
      UnaryOperator<AskRequest> rerankRequest,
      ExtractiveGenerator.Strictness strictness,
      Map<String, String> env) {
    return v -> {
      RagPipeline base = engine.pipeline();
      String label = engine.model().label();
      if (!v.rerank() && v.retries().isEmpty() && v.model().isEmpty()) {
        return new Built(base, label, UnaryOperator.identity());
      }
      RagPipeline.Builder b = base.toBuilder();
      if (v.rerank() && reranker != null) {
        b.reranker(reranker);
      }
      v.retries().ifPresent(b::maxRetries);
      if (v.model().isPresent()) {
        Providers.ModelChoice choice = Providers.chooseModel(v.model(), env);
        b.generator(
            choice.chatModel() != null
                ? choice.generator()
                : ExtractiveGenerator.builder().strictness(strictness).build());
        label = choice.label();
      }
      return new Built(b.build(), label, v.rerank() ? rerankRequest : UnaryOperator.identity());
    };
  }

  private static BiFunction<String, Filter, RagResult> answerer(Built b, Variant v) {
    return (q, f) ->
        b.pipeline()
            .ask(b.request().apply(AskRequest.of(q).withFilter(f).withRetrievalMode(v.mode())));
  }

  /**
   * Runs golden cases (JSON lines) through every variant.
   *
   * @param name what is compared on, for the heading
   * @param pipelines each variant's pipeline
   * @param variants the variants, in order
   * @param cases the cases file
   * @return the table
   * @throws dev.citerag.testkit.golden.GoldenFormatException when the cases file is malformed
   * @throws IllegalArgumentException when it holds no case
   */
  public static Table golden(String name, Pipelines pipelines, List<Variant> variants, Path cases) {
    List<GoldenCase> list = GoldenCases.load(cases);
    if (list.isEmpty()) {
      throw new IllegalArgumentException(cases + " holds no case");
    }
    List<Row> rows = new ArrayList<>();
    EvaluationReport last = null;
    for (Variant v : variants) {
      Built built = pipelines.build(v);
      EvaluationReport r =
          EvaluationRunner.builder()
              .name(name + ", " + v.name())
              .answerer(answerer(built, v))
              .cases(list)
              .recallAt(1, 5)
              .build()
              .run();
      rows.add(
          new Row(
              v.name(),
              built.model(),
              r.recallAt(1),
              r.recallAt(5),
              r.retrieval().mrr(),
              r.answers().answerAccuracy(),
              r.answerable() == 0 ? 0 : 1 - r.answers().answeredOnAnswerable(),
              r.answers().falseAnswerRate(),
              r.operations().p50LatencyMillis(),
              r.operations().p95LatencyMillis()));
      last = r;
    }
    if (last == null) {
      throw new IllegalArgumentException("option --compare: no variant to run");
    }
    return new Table(name, last.cases(), last.answerable(), last.unanswerable(), rows);
  }

  /**
   * Runs a SQuAD-style set through every variant.
   *
   * @param name what is compared on, for the heading
   * @param pipelines each variant's pipeline
   * @param variants the variants, in order
   * @param squad the set
   * @return the table
   */
  public static Table squad(
      String name, Pipelines pipelines, List<Variant> variants, SquadDataset squad) {
    List<Row> rows = new ArrayList<>();
    SquadReport last = null;
    for (Variant v : variants) {
      Built built = pipelines.build(v);
      SquadReport r =
          SquadEvaluation.builder()
              .name(name + ", " + v.name())
              .answerer(answerer(built, v))
              .cases(squad.cases())
              .build()
              .run();
      double mrr =
          r.results().stream()
              .filter(SquadReport.Result::answerable)
              .mapToDouble(c -> c.paragraphRank() == null ? 0 : 1.0 / c.paragraphRank())
              .sum();
      rows.add(
          new Row(
              v.name(),
              built.model(),
              r.recallAt1(),
              r.recallAt5(),
              r.answerable() == 0 ? 0 : mrr / r.answerable(),
              r.correct(),
              r.abstained(),
              r.falseAnswerRate(),
              r.latencyP50Millis(),
              r.latencyP95Millis()));
      last = r;
    }
    if (last == null) {
      throw new IllegalArgumentException("option --compare: no variant to run");
    }
    return new Table(name, last.cases(), last.answerable(), last.unanswerable(), rows);
  }
}
