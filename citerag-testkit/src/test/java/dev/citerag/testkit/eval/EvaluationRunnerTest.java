package dev.citerag.testkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.answer.Citation;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.pipeline.AbstainReason;
import dev.citerag.pipeline.Attempt;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.RejectReason;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.pipeline.Stage;
import dev.citerag.pipeline.Trace;
import dev.citerag.store.Chunk;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.testkit.golden.GoldenCase;
import dev.citerag.text.internal.Hashing;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The runner's arithmetic, checked on six hand-built results whose metrics are worked out below.
 */
class EvaluationRunnerTest {

  private static final String VALID =
      "{\"status\":\"answered\",\"answer\":\"x\",\"claims\":[{\"text\":\"x\","
          + "\"citations\":[{\"source_id\":\"s1\",\"quote\":\"a b c d\"}]}]}";
  private static final String ABSTAIN =
      "{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]}";

  private static Chunk chunk(String doc, String text) {
    return new Chunk(
        Hashing.sha256Hex(doc, text),
        doc,
        doc,
        null,
        List.of(),
        null,
        text,
        5,
        Hashing.sha256Hex(text),
        Map.of());
  }

  private static SearchHit hit(String doc, String text, double cosine) {
    return new SearchHit(chunk(doc, text), cosine, 1, null, 0, 0.01);
  }

  private static Attempt attempt(String raw, IssueType... issues) {
    List<ValidationIssue> list = new ArrayList<>();
    for (IssueType t : issues) {
      list.add(ValidationIssue.of(t, "d"));
    }
    return new Attempt(
        1,
        raw,
        FinishReason.STOP,
        "stop",
        TokenUsage.of(10, 5, 0),
        "m",
        null,
        list,
        Duration.ofMillis(1));
  }

  private static Trace trace(
      String q, List<SearchHit> hits, int contextTokens, long millis, Attempt... attempts) {
    Map<Stage, Duration> lat = new HashMap<>();
    lat.put(Stage.TOTAL, Duration.ofMillis(millis));
    List<SentSource> sent =
        attempts.length == 0 ? List.of() : List.of(new SentSource("s1", hits.get(0)));
    TokenUsage usage = TokenUsage.ZERO;
    for (Attempt a : attempts) {
      usage = usage.plus(a.usage());
    }
    return new Trace(
        q,
        Filter.ALL,
        hits,
        sent,
        attempts.length == 0 ? 0 : contextTokens,
        usage,
        List.of(attempts),
        lat,
        "scripted:m",
        attempts.length == 0 ? null : "m");
  }

  private static RagResult answered(String answer, Chunk cited, double grounding, Trace t) {
    ModelAnswer a =
        ModelAnswer.answered(answer, List.of(new Citation("s1", "quote of four words")));
    return new RagResult.Answered(
        answer,
        a.claims(),
        List.of(new ResolvedCitation(0, "s1", cited.text(), cited)),
        grounding,
        List.of(),
        t);
  }

  private static GoldenCase answerable(String id, String doc, String evidence, String must) {
    return new GoldenCase(id, id + "?", true, List.of(doc), evidence, must, Map.of(), "direct");
  }

  private static GoldenCase unanswerable(String id) {
    return new GoldenCase(id, id + "?", false, List.of(), null, null, Map.of(), "near_miss");
  }

  private final List<GoldenCase> cases =
      List.of(
          answerable("a1", "d1", "alpha fact", "42"),
          answerable("a2", "d2", "beta fact", "seven"),
          answerable("a3", "d3", "gamma", "g"),
          answerable("a4", "d4", "delta", "d"),
          unanswerable("u1"),
          unanswerable("u2"));

  private final Map<String, RagResult> results = results();

  private static Map<String, RagResult> results() {
    Map<String, RagResult> m = new HashMap<>();
    SearchHit a1 = hit("d1", "The alpha  fact is 42.", 0.8);
    m.put(
        "a1?",
        answered("It is 42.", a1.chunk(), 0.9, trace("a1?", List.of(a1), 100, 10, attempt(VALID))));
    SearchHit d3 = hit("d3", "unrelated", 0.5);
    SearchHit d2a = hit("d2", "beta without it", 0.45);
    SearchHit d2b = hit("d2", "the beta\nfact", 0.4);
    m.put(
        "a2?",
        answered(
            "Something else.",
            d2b.chunk(),
            0.5,
            trace("a2?", List.of(d3, d2a, d2b), 200, 20, attempt(VALID))));
    m.put(
        "a3?",
        new RagResult.Abstained(
            AbstainReason.LOW_SIMILARITY,
            "low",
            trace("a3?", List.of(hit("d9", "nothing", 0.1)), 0, 30)));
    SearchHit a4 = hit("d4", "delta here", 0.7);
    m.put(
        "a4?",
        new RagResult.Rejected(
            RejectReason.INVALID_CITATIONS,
            List.of(ValidationIssue.of(IssueType.PHANTOM_SOURCE, "p")),
            "phantom",
            trace("a4?", List.of(a4), 300, 40, attempt(VALID, IssueType.PHANTOM_SOURCE))));
    m.put(
        "u1?",
        new RagResult.Abstained(
            AbstainReason.NOT_IN_SOURCES,
            "none",
            trace("u1?", List.of(hit("d1", "x", 0.3)), 400, 50, attempt(ABSTAIN))));
    SearchHit u2 = hit("d1", "The alpha fact is 42.", 0.55);
    m.put(
        "u2?",
        answered(
            "Wrongly answered.",
            u2.chunk(),
            0.7,
            trace("u2?", List.of(u2), 500, 60, attempt(VALID))));
    return m;
  }

  private EvaluationReport run() {
    return EvaluationRunner.builder()
        .name("synthetic")
        .cases(cases)
        .answerer((q, f) -> results.get(q))
        .build()
        .run();
  }

  @Test
  void computes_retrieval_metrics_from_the_retrieved_chunks() {
    EvaluationReport r = run();

    assertThat(r.recallAt(1)).isEqualTo(0.5);
    assertThat(r.recallAt(3)).isEqualTo(0.75);
    assertThat(r.recallAt(5)).isEqualTo(0.75);
    assertThat(r.retrieval().hitAt1()).isEqualTo(0.5);
    assertThat(r.retrieval().mrr()).isCloseTo((1 + 1.0 / 3 + 0 + 1) / 4, within(1e-12));
    CaseResult a2 = r.results().get(1);
    assertThat(a2.firstDocRank()).isEqualTo(2);
    assertThat(a2.firstRelevantRank()).isEqualTo(3);
  }

  @Test
  void computes_answer_integrity_from_results_and_attempts() {
    EvaluationReport.Answers a = run().answers();

    assertThat(a.answerAccuracy()).isEqualTo(0.25);
    assertThat(a.answeredOnAnswerable()).isEqualTo(0.5);
    assertThat(a.abstentionRecall()).isEqualTo(0.5);
    assertThat(a.falseAnswerRate()).isEqualTo(0.5);
    assertThat(a.rejectedRate()).isCloseTo(1.0 / 6, within(1e-12));
    assertThat(a.citations()).isEqualTo(4);
    assertThat(a.phantomCitationRate()).isEqualTo(0.25);
    assertThat(a.answeredReplies()).isEqualTo(4);
    assertThat(a.citationRequiredPassRate()).isEqualTo(0.75);
    assertThat(a.meanGroundingScore()).isCloseTo(0.7, within(1e-12));
  }

  @Test
  void computes_operations_and_the_gate_sweep_without_calling_the_model_again() {
    EvaluationReport r = run();

    assertThat(r.operations().p50LatencyMillis()).isEqualTo(30.0);
    assertThat(r.operations().p95LatencyMillis()).isEqualTo(60.0);
    assertThat(r.operations().meanContextTokens()).isEqualTo(300.0);
    assertThat(r.operations().modelCalls()).isEqualTo(5);
    assertThat(r.operations().casesWithModelCall()).isEqualTo(5);
    assertThat(r.operations().totalTokens()).isEqualTo(75);
    assertThat(r.sweep()).hasSize(13);
    assertThat(r.sweep().get(0)).isEqualTo(new EvaluationReport.SweepRow(0.0, 0, 2));
    assertThat(r.sweep().get(7)).isEqualTo(new EvaluationReport.SweepRow(0.35, 1, 1));
    assertThat(r.sweep().get(12)).isEqualTo(new EvaluationReport.SweepRow(0.6, 2, 0));
    assertThat(r.byKind())
        .containsEntry("direct", new EvaluationReport.KindSummary(4, 1))
        .containsEntry("near_miss", new EvaluationReport.KindSummary(2, 1));
  }

  @Test
  void renders_json_with_snake_case_names_and_markdown_tables() throws Exception {
    EvaluationReport r = run();

    JsonNode json = new ObjectMapper().readTree(r.toJson());
    String md = r.toMarkdown();

    assertThat(json.at("/retrieval/recall_at/5").asDouble()).isEqualTo(0.75);
    assertThat(json.at("/answers/false_answer_rate").asDouble()).isEqualTo(0.5);
    assertThat(json.at("/operations/p95_latency_millis").asDouble()).isEqualTo(60.0);
    assertThat(json.at("/results/1/first_relevant_rank").asInt()).isEqualTo(3);
    assertThat(json.at("/sweep/7/unanswerable_let_through").asInt()).isEqualTo(1);
    assertThat(md)
        .contains(
            "| recall@5 | 0.750 |",
            "| false-answer rate (unanswerable) | 0.500 |",
            "| 0.35 | 1 | 1 |",
            "| a2 | direct | answer | answered |",
            "| u2 | near_miss | abstain | answered |");
  }

  @Test
  void a_custom_sweep_and_recall_list_are_honoured_and_bad_ones_rejected() {
    EvaluationReport r =
        EvaluationRunner.builder()
            .cases(cases)
            .answerer((q, f) -> results.get(q))
            .recallAt(2)
            .sweep(0.5, 0.7, 0.1)
            .build()
            .run();

    assertThat(r.retrieval().recallAt()).containsOnlyKeys(2);
    assertThat(r.sweep())
        .extracting(EvaluationReport.SweepRow::threshold)
        .containsExactly(0.5, 0.6, 0.7);
    assertThat(assertThrows(IllegalArgumentException.class, () -> r.recallAt(5)).getMessage())
        .isEqualTo("recall@5 was not measured; measured: [2]");
    assertThat(
            assertThrows(
                    IllegalArgumentException.class,
                    () -> EvaluationRunner.builder().sweep(0.5, 0.4, 0.1))
                .getMessage())
        .startsWith("sweep to must be between 0.5");
    assertThat(
            assertThrows(IllegalArgumentException.class, () -> EvaluationRunner.builder().build())
                .getMessage())
        .isEqualTo("pipeline must not be null");
    assertThat(
            assertThrows(
                    IllegalArgumentException.class,
                    () -> EvaluationRunner.builder().cases(List.of()))
                .getMessage())
        .isEqualTo("cases must not be empty");
  }
}
