package dev.citerag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.testkit.wire.FakeRerankServer;
import dev.citerag.testkit.wire.WireCall;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code citerag eval --compare} on a small golden-format set and a SQuAD-style folder, and the
 * reranker options of {@code ask}, {@code search} and {@code eval} against the testkit's wire fake.
 */
class CompareAndRerankCliTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Two answerable questions about the sample corpus and one it does not answer. */
  private static Path goldenCases(Path dir) throws IOException {
    Path cases = dir.resolve("cases.jsonl");
    Files.writeString(
        cases,
        String.join(
                "\n",
                "{\"id\": \"deploy-window\", \"question\": \"When are production deploys allowed?\","
                    + " \"answerable\": true, \"doc_ids\": [\"deploys\"], \"evidence\": \"between"
                    + " 09:00 and 16:00 UTC\", \"must_contain\": \"09:00\", \"kind\": \"direct\"}",
                "{\"id\": \"rollback\", \"question\": \"How do I roll back a deploy?\","
                    + " \"answerable\": true, \"doc_ids\": [\"rollbacks\"], \"evidence\":"
                    + " \"deployctl rollback\", \"must_contain\": \"deployctl rollback\", \"kind\":"
                    + " \"direct\"}",
                "{\"id\": \"menu\", \"question\": \""
                    + MainTest.UNANSWERABLE
                    + "\", \"answerable\": false, \"doc_ids\": [], \"kind\": \"out_of_scope\"}")
            + "\n");
    return cases;
  }

  private static Map<String, JsonNode> byVariant(JsonNode j) {
    Map<String, JsonNode> out = new HashMap<>();
    j.get("variants").forEach(v -> out.put(v.get("variant").asText(), v));
    return out;
  }

  @Test
  void compare_prints_one_row_per_variant_in_the_order_given(@TempDir Path dir) throws IOException {
    Path cases = goldenCases(dir);
    Cli.Run md =
        Cli.run(
            Cli.offline(),
            "eval",
            "--compare",
            "dense,fulltext,hybrid,retries=0",
            "--model",
            "extractive",
            cases.toString());

    assertThat(md.status()).as(md.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(md.out())
        .contains("3 cases (2 answerable, 1 unanswerable)")
        .contains(
            "| variant | model | recall@1 | recall@5 | MRR | accuracy | abstained | false answers"
                + " | p50 ms | p95 ms |");
    int dense = md.out().indexOf("| dense | extractive |");
    int fulltext = md.out().indexOf("| fulltext | extractive |");
    int hybrid = md.out().indexOf("| hybrid | extractive |");
    int retries = md.out().indexOf("| retries=0 | extractive |");
    assertThat(dense).isPositive().isLessThan(fulltext);
    assertThat(fulltext).isLessThan(hybrid);
    assertThat(hybrid).isLessThan(retries);
  }

  @Test
  void compare_as_json_gives_every_figure_per_variant_and_retrieval_ignores_the_retries(
      @TempDir Path dir) throws IOException {
    Path cases = goldenCases(dir);
    Cli.Run run =
        Cli.run(
            Cli.offline(),
            "eval",
            "--json",
            "--compare",
            "default,retries=0",
            "--model",
            "extractive",
            cases.toString());
    assertThat(run.status()).as(run.toString()).isEqualTo(Main.EXIT_OK);
    JsonNode j = JSON.readTree(run.out());

    assertThat(j.get("cases").asInt()).isEqualTo(3);
    Map<String, JsonNode> v = byVariant(j);
    assertThat(v).containsOnlyKeys("dense", "fulltext", "hybrid", "retries=0");
    for (JsonNode row : v.values()) {
      for (String rate :
          new String[] {
            "recall_at_1", "recall_at_5", "mrr", "accuracy", "abstained", "false_answers"
          }) {
        assertThat(row.get(rate).asDouble()).as(rate).isBetween(0.0, 1.0);
      }
      assertThat(row.get("recall_at_5").asDouble())
          .isGreaterThanOrEqualTo(row.get("recall_at_1").asDouble());
      assertThat(row.get("p95_ms").asDouble()).isGreaterThanOrEqualTo(row.get("p50_ms").asDouble());
      // accuracy and abstained are shares of the same answerable cases
      assertThat(row.get("accuracy").asDouble() + row.get("abstained").asDouble())
          .isLessThanOrEqualTo(1.0 + 1e-9);
    }
    // the retries change what happens after the model, never what is retrieved
    for (String f : new String[] {"recall_at_1", "recall_at_5", "mrr"}) {
      assertThat(v.get("retries=0").get(f).asDouble()).isEqualTo(v.get("hybrid").get(f).asDouble());
    }
  }

  @Test
  void compare_runs_on_a_squad_style_folder(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(
        dir.resolve("corpus/rivers.md"),
        "# Rivers\n\n## Paragraph 1\n\n"
            + "The Rhine begins in the Swiss canton of Graub\u00fcnden and empties into the North"
            + " Sea.\n");
    Files.writeString(
        dir.resolve("cases.jsonl"),
        "{\"id\": \"q1\", \"question\": \"Where does the Rhine begin?\", \"answerable\": true,"
            + " \"doc\": \"rivers\", \"paragraph\": 1, \"answers\": [\"Graub\u00fcnden\"],"
            + " \"plausible_answers\": []}\n");
    Cli.Run run =
        Cli.run(
            Cli.offline(),
            "eval",
            "--json",
            "--compare",
            "dense,fulltext,hybrid",
            "--model",
            "extractive",
            dir.toString());
    assertThat(run.status()).as(run.toString()).isEqualTo(Main.EXIT_OK);
    Map<String, JsonNode> v = byVariant(JSON.readTree(run.out()));

    // one paragraph: every retriever that finds anything finds it first
    assertThat(v.get("dense").get("recall_at_1").asDouble()).isEqualTo(1.0);
    assertThat(v.get("fulltext").get("recall_at_1").asDouble()).isEqualTo(1.0);
    assertThat(v.get("hybrid").get("recall_at_1").asDouble()).isEqualTo(1.0);
    assertThat(v.get("hybrid").get("mrr").asDouble()).isEqualTo(1.0);
  }

  @Test
  void compare_rejects_unknown_repeated_or_unbacked_variants_naming_the_option(@TempDir Path dir)
      throws IOException {
    String cases = goldenCases(dir).toString();
    Cli.Run unknown = Cli.run(Cli.offline(), "eval", "--compare", "dense,bm25", cases);
    assertThat(unknown.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(unknown.err())
        .contains("option --compare: unknown variant \"bm25\"")
        .contains("usage: citerag eval");

    Cli.Run twice = Cli.run(Cli.offline(), "eval", "--compare", "dense,hybrid,dense", cases);
    assertThat(twice.err()).contains("variant dense given twice");

    Cli.Run rerank = Cli.run(Cli.offline(), "eval", "--compare", "hybrid,rerank", cases);
    assertThat(rerank.err()).contains("variant rerank needs a reranker: add --rerank URL");

    Cli.Run retries = Cli.run(Cli.offline(), "eval", "--compare", "hybrid,retries=9", cases);
    assertThat(retries.err()).contains("retries must be a whole number from 0 to 5");

    Cli.Run model = Cli.run(Cli.offline(), "eval", "--compare", "hybrid,model=gpt", cases);
    assertThat(model.err()).contains("option --compare: model must be one of extractive");

    Cli.Run one = Cli.run(Cli.offline(), "eval", "--compare", "hybrid", cases);
    assertThat(one.err()).contains("at least two variants");
  }

  @Test
  void compare_with_a_reranker_adds_its_row_and_calls_the_service(@TempDir Path dir)
      throws IOException {
    Path cases = goldenCases(dir);
    try (FakeRerankServer rerank = new FakeRerankServer()) {
      Cli.Run run =
          Cli.run(
              Cli.offline(),
              "eval",
              "--json",
              "--compare",
              "hybrid,rerank",
              "--rerank",
              rerank.apiBaseUrl(),
              "--rerank-model",
              "bge-reranker",
              "--model",
              "extractive",
              cases.toString());
      assertThat(run.status()).as(run.toString()).isEqualTo(Main.EXIT_OK);
      assertThat(byVariant(JSON.readTree(run.out()))).containsOnlyKeys("hybrid", "rerank");
      // the rerank variant alone asks the service: once per question
      assertThat(rerank.calls()).hasSize(3);
      assertThat(rerank.calls()).extracting(WireCall::path).containsOnly("/v1/rerank");
    }
  }

  @Test
  void search_with_rerank_orders_hits_by_the_services_scores() throws IOException {
    try (FakeRerankServer rerank = new FakeRerankServer()) {
      Cli.Run run =
          Cli.run(
              Cli.offline(),
              "search",
              "--json",
              "--k",
              "3",
              "--rerank",
              rerank.apiBaseUrl(),
              "rollback command");
      assertThat(run.status()).as(run.toString()).isEqualTo(Main.EXIT_OK);
      JsonNode hits = JSON.readTree(run.out()).get("retrieved");

      assertThat(hits).hasSize(3);
      double previous = Double.POSITIVE_INFINITY;
      for (JsonNode h : hits) {
        double score = h.get("rerank_score").asDouble();
        assertThat(score).isBetween(0.0, 1.0).isLessThanOrEqualTo(previous);
        previous = score;
      }
      assertThat(rerank.calls()).hasSize(1);
    }
  }

  @Test
  void ask_with_a_rerank_gate_above_every_score_abstains_for_that_reason() throws IOException {
    try (FakeRerankServer rerank = new FakeRerankServer()) {
      Cli.Run run =
          Cli.run(
              Cli.offline(),
              "ask",
              "--json",
              "--rerank",
              rerank.baseUrl(),
              "--rerank-format",
              "tei",
              "--min-rerank-score",
              "1.5",
              MainTest.ANSWERABLE);
      assertThat(run.status()).as(run.toString()).isEqualTo(Main.EXIT_ABSTAINED);
      JsonNode j = JSON.readTree(run.out());
      assertThat(j.get("reason").asText()).isEqualTo("low_rerank_score");
      assertThat(rerank.calls()).extracting(WireCall::path).containsExactly("/rerank");

      Cli.Run passes =
          Cli.run(
              Cli.offline(),
              "ask",
              "--rerank",
              rerank.apiBaseUrl(),
              "--min-rerank-score",
              "0.1",
              "--budget",
              "2000",
              MainTest.ANSWERABLE);
      assertThat(passes.status()).as(passes.toString()).isEqualTo(Main.EXIT_OK);
      assertThat(passes.out()).contains("09:00");
    }
  }

  @Test
  void rerank_options_are_checked_by_name() {
    Cli.Run noUrl = Cli.run(Cli.offline(), "ask", "--min-rerank-score", "0.3", MainTest.ANSWERABLE);
    assertThat(noUrl.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(noUrl.err()).contains("option --min-rerank-score needs --rerank URL");

    Cli.Run format =
        Cli.run(
            Cli.offline(),
            "search",
            "--rerank",
            "http://127.0.0.1:1",
            "--rerank-format",
            "jina",
            "q");
    assertThat(format.err()).contains("option --rerank-format must be one of cohere|tei");

    Cli.Run url = Cli.run(Cli.offline(), "search", "--rerank", "ftp://x", "rollback");
    assertThat(url.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(url.err()).contains("option --rerank");

    Cli.Run budget = Cli.run(Cli.offline(), "ask", "--budget", "10", MainTest.ANSWERABLE);
    assertThat(budget.err())
        .contains("option --budget must be an integer between 256 and 2000000, was \"10\"");

    Cli.Run evalRerank =
        Cli.run(Cli.offline(), "eval", "--rerank", "http://127.0.0.1:1", "/no/such.jsonl");
    assertThat(evalRerank.err()).contains("add --compare hybrid,rerank");
  }
}
