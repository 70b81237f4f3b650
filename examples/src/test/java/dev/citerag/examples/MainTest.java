package dev.citerag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.examples.internal.Engine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line in-process, offline: sample corpus, local embedder, extractive generator. */
class MainTest {

  static final String ANSWERABLE = "When are production deploys allowed?";
  static final String UNANSWERABLE = "What is on the cafeteria menu on Fridays?";
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void ask_answers_from_the_sample_corpus_with_markers_and_a_reference_list() {
    Cli.Run r = Cli.run(Cli.offline(), "ask", ANSWERABLE);
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(r.out())
        .startsWith(
            "Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC. [1]")
        .contains(
            "References:\n  [1] golden/corpus/deploys.md \u00a7 Deploying services with deployctl > Deploy windows\n"
                + "      \"Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.\"");
    assertThat(r.err()).as("stderr is quiet by default").isEmpty();
    Cli.Run verbose = Cli.run(Cli.offline(), "ask", "--verbose", ANSWERABLE);
    assertThat(verbose.err())
        .contains("citerag: model extractive (no GEMINI_API_KEY and no Ollama server at");
  }

  @Test
  void a_how_do_i_question_is_answered_with_the_command_of_its_section() {
    Cli.Run r = Cli.run(Cli.offline(), "ask", "How do I roll back a deploy?");
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(r.out())
        .startsWith("deployctl rollback --service <name> --to <sha> [1]")
        .contains("[1] golden/corpus/rollbacks.md \u00a7 Rolling back a release > Rolling back");
  }

  @Test
  void eval_reads_a_squad_style_directory_and_takes_a_strictness(@TempDir Path dir)
      throws IOException {
    Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(
        dir.resolve("corpus/rivers.md"),
        "# Rivers\n\n## Paragraph 1\n\n"
            + "The Rhine begins in the Swiss canton of Graub\u00fcnden and empties into the North Sea.\n");
    Files.writeString(
        dir.resolve("cases.jsonl"),
        "{\"id\": \"q1\", \"question\": \"Where does the Rhine begin?\", \"answerable\": true, \"doc\": \"rivers\","
            + " \"paragraph\": 1, \"answers\": [\"Graub\u00fcnden\"], \"plausible_answers\": []}\n"
            + "{\"id\": \"q2\", \"question\": \"Where does the Rhine not begin?\", \"answerable\": false, \"doc\": \"rivers\","
            + " \"paragraph\": 1, \"answers\": [], \"plausible_answers\": []}\n");
    Cli.Run md =
        Cli.run(
            Cli.offline(),
            "eval",
            "--model",
            "extractive",
            "--strictness",
            "strictest",
            dir.toString());
    assertThat(md.status()).as(md.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(md.out())
        .contains("2 cases: 1 answerable, 1 unanswerable")
        .contains("| answerable: correct (a gold answer inside a cited quote) | 1.000 |")
        .contains("false-answer rate)** | 0.000 |")
        .contains("Gate-1 sweep");
    Cli.Run bad = Cli.run(Cli.offline(), "eval", "--strictness", "loose", dir.toString());
    assertThat(bad.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(bad.err()).contains("--strictness");
  }

  @Test
  void ask_abstains_plainly_on_a_question_the_sample_corpus_does_not_answer() {
    Cli.Run r = Cli.run(Cli.offline(), "ask", UNANSWERABLE);
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_ABSTAINED);
    assertThat(r.out())
        .startsWith("Not answered: the documents do not say.\n  reason: ")
        .doesNotContain("References")
        .doesNotContain("[1]");
  }

  /** Issue 14: the extractive path reported "model called" although no model exists there. */
  @Test
  void the_extractive_path_does_not_claim_a_model_was_called() {
    Cli.Run r =
        Cli.run(
            Cli.offline(),
            "ask",
            "--min-similarity",
            "0",
            "--require-lexical",
            "false",
            UNANSWERABLE);
    assertThat(r.out()).doesNotContain("model called").contains("no model (extractive generator");
  }

  @Test
  void ask_json_prints_one_object_with_status_citations_and_every_retrieved_chunk()
      throws IOException {
    Cli.Run r = Cli.run(Cli.offline(), "ask", "--json", ANSWERABLE);
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    JsonNode j = JSON.readTree(r.out());
    assertThat(j.get("status").asText()).isEqualTo("answered");
    assertThat(j.get("reason").isNull()).isTrue();
    assertThat(j.get("answer").asText()).contains("09:00 and 16:00 UTC");
    JsonNode c = j.get("citations").get(0);
    assertThat(c.get("source").asText()).isEqualTo("golden/corpus/deploys.md");
    assertThat(c.get("section").asText())
        .isEqualTo("Deploying services with deployctl > Deploy windows");
    assertThat(c.get("quote").asText())
        .isEqualTo(
            "Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.");
    String citedId = c.get("source_id").asText();
    List<String> sentIds = new ArrayList<>();
    for (JsonNode h : j.get("retrieved")) {
      assertThat(h.get("sent").asBoolean()).isEqualTo(!h.get("source_id").isNull());
      assertThat(h.get("fused_score").asDouble()).isPositive();
      if (h.get("sent").asBoolean()) {
        sentIds.add(h.get("source_id").asText());
      }
    }
    assertThat(sentIds).contains(citedId);
    assertThat(j.get("retrieved")).hasSize(8);
    assertThat(j.get("latency_ms").fieldNames())
        .toIterable()
        .contains("embed", "retrieve", "context", "generate", "validate", "total");
    assertThat(j.get("model").asText()).isEqualTo("extractive");
    assertThat(j.get("usage").get("total_tokens").asInt()).isZero();
    assertThat(j.get("trace_id").asText()).matches("[0-9a-f]{32}");
    assertThat(j.get("top_k").asInt()).isEqualTo(8);
    JsonNode by = j.get("produced_by");
    assertThat(by.get("embedder").get("dimensions").asInt()).isPositive();
    assertThat(by.get("validator_rules").asText()).startsWith("citerag-rules/2 minQuoteWords=");
    assertThat(by.get("prompt").asText()).isEqualTo("extractive/1");
  }

  @Test
  void ask_json_of_an_abstention_names_the_reason() throws IOException {
    Cli.Run r = Cli.run(Cli.offline(), "ask", "--json", UNANSWERABLE);
    assertThat(r.status()).isEqualTo(Main.EXIT_ABSTAINED);
    JsonNode j = JSON.readTree(r.out());
    assertThat(j.get("status").asText()).isEqualTo("not_in_sources");
    assertThat(j.get("reason").asText())
        .isIn("not_in_sources", "low_similarity", "no_lexical_match");
    assertThat(j.get("answer").isNull()).isTrue();
    assertThat(j.get("citations")).isEmpty();
  }

  @Test
  void the_cosine_gate_abstains_without_the_model_and_zero_turns_it_off() throws IOException {
    Cli.Run high = Cli.run(Cli.offline(), "ask", "--json", "--min-similarity", "0.99", ANSWERABLE);
    assertThat(high.status()).isEqualTo(Main.EXIT_ABSTAINED);
    JsonNode j = JSON.readTree(high.out());
    assertThat(j.get("reason").asText()).isEqualTo("low_similarity");
    assertThat(j.get("attempts").asInt()).isZero();

    Cli.Run off = Cli.run(Cli.offline(), "ask", "--json", "--min-similarity", "0", ANSWERABLE);
    assertThat(off.status()).isEqualTo(Main.EXIT_OK);
  }

  @Test
  void the_lexical_gate_can_be_turned_off() throws IOException {
    String noTermMatches = "Zxqv wprt klmn?";
    JsonNode on =
        JSON.readTree(
            Cli.run(Cli.offline(), "ask", "--json", "--min-similarity", "0", noTermMatches).out());
    assertThat(on.get("reason").asText()).isEqualTo("no_lexical_match");
    assertThat(on.get("attempts").asInt()).isZero();
    JsonNode off =
        JSON.readTree(
            Cli.run(
                    Cli.offline(),
                    "ask",
                    "--json",
                    "--min-similarity",
                    "0",
                    "--require-lexical",
                    "false",
                    noTermMatches)
                .out());
    assertThat(off.get("attempts").asInt()).isEqualTo(1);
  }

  @Test
  void the_local_embedder_gate_defaults_to_the_measured_threshold() throws IOException {
    JsonNode j =
        JSON.readTree(Cli.run(Cli.offline(), "ask", "--json", "--k", "3", ANSWERABLE).out());
    assertThat(j.get("retrieved")).hasSize(3);
    assertThat(Engine.defaultMinSimilarity("local")).isEqualTo(Engine.LOCAL_MIN_SIMILARITY);
    assertThat(Engine.defaultMinSimilarity("gemini")).isZero();
  }

  @Test
  void ask_reads_a_docs_directory_and_filters_on_front_matter(@TempDir Path dir)
      throws IOException {
    Files.writeString(
        dir.resolve("billing.md"),
        "---\nteam: billing\n---\n# Invoices\n\n"
            + "Invoices are sent on the first working day of each month.\n");
    Files.createDirectories(dir.resolve("ops"));
    Files.writeString(
        dir.resolve("ops/invoices.html"),
        "<html><head><title>Ops invoices</title></head><body>"
            + "<h1>Ops invoices</h1><p>Ops invoices are sent every Friday by the finance robot.</p></body></html>");

    // both files are read; the two documents give different answers, which the default (ONNX)
    // stack's extractive generator may rightly decline to choose between
    Cli.Run all =
        Cli.run(
            Cli.offline(),
            "ask",
            "--json",
            "--docs",
            dir.toString(),
            "--min-similarity",
            "0",
            "When are invoices sent?");
    assertThat(all.status()).as(all.toString()).isIn(Main.EXIT_OK, Main.EXIT_ABSTAINED);
    List<String> sources = new java.util.ArrayList<>();
    JSON.readTree(all.out()).get("retrieved").forEach(h -> sources.add(h.get("source").asText()));
    assertThat(sources).contains("billing.md", "ops/invoices.html");

    Cli.Run billing =
        Cli.run(
            Cli.offline(),
            "ask",
            "--json",
            "--docs",
            dir.toString(),
            "--filter",
            "team=billing",
            "--min-similarity",
            "0",
            "When are invoices sent?");
    assertThat(billing.status()).as(billing.toString()).isEqualTo(Main.EXIT_OK);
    JsonNode j = JSON.readTree(billing.out());
    assertThat(j.get("answer").asText())
        .isEqualTo("Invoices are sent on the first working day of each month.");
    for (JsonNode h : j.get("retrieved")) {
      assertThat(h.get("source").asText()).isEqualTo("billing.md");
    }

    Cli.Run none =
        Cli.run(
            Cli.offline(),
            "ask",
            "--json",
            "--docs",
            dir.toString(),
            "--filter",
            "team=sales",
            "When are invoices sent?");
    assertThat(none.status()).isEqualTo(Main.EXIT_ABSTAINED);
    assertThat(JSON.readTree(none.out()).get("reason").asText()).isEqualTo("no_results");
  }

  @Test
  void search_prints_every_hit_with_its_scores() throws IOException {
    Cli.Run r = Cli.run(Cli.offline(), "search", "--k", "4", "rollback command");
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(r.out())
        .startsWith("4 hits for \"rollback command\"")
        .contains(" 1. golden/corpus/rollbacks.md")
        .contains("fused ")
        .contains("dense ")
        .contains("lexical ");
    assertThat(r.err()).doesNotContain("model");

    JsonNode j =
        JSON.readTree(Cli.run(Cli.offline(), "search", "--json", "rollback command").out());
    assertThat(j.get("question").asText()).isEqualTo("rollback command");
    assertThat(j.get("retrieved")).hasSize(8);
    assertThat(j.get("retrieved").get(0).get("dense_score").asDouble()).isPositive();
  }

  @Test
  void eval_prints_the_testkit_report_for_a_cases_file(@TempDir Path dir) throws IOException {
    Path cases = dir.resolve("cases.jsonl");
    Files.writeString(
        cases,
        String.join(
                "\n",
                "{\"id\": \"deploy-window\", \"question\": \"When are production deploys allowed?\", \"answerable\": true,"
                    + " \"doc_ids\": [\"deploys\"], \"evidence\": \"between 09:00 and 16:00 UTC\", \"must_contain\": \"09:00\", \"kind\": \"direct\"}",
                "{\"id\": \"menu\", \"question\": \""
                    + UNANSWERABLE
                    + "\", \"answerable\": false, \"doc_ids\": [],"
                    + " \"kind\": \"out_of_scope\"}")
            + "\n");
    Cli.Run md = Cli.run(Cli.offline(), "eval", "--model", "extractive", cases.toString());
    assertThat(md.status()).as(md.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(md.out())
        .contains("2 cases (1 answerable, 1 unanswerable)")
        .contains("answer accuracy (answerable) | 1.000")
        .contains("Gate 1 sweep");

    Cli.Run json =
        Cli.run(Cli.offline(), "eval", "--json", "--model", "extractive", cases.toString());
    JsonNode j = JSON.readTree(json.out());
    assertThat(j.get("cases").asInt()).isEqualTo(2);
    assertThat(j.get("results")).hasSize(2);
  }

  @Test
  void bad_arguments_print_a_message_naming_the_option_and_the_usage() {
    Cli.Run r = Cli.run(Cli.offline(), "ask", "--k", "0", ANSWERABLE);
    assertThat(r.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(r.err())
        .startsWith("citerag: option --k must be an integer between 1 and 100, was \"0\"\n")
        .contains("usage: citerag ask");
    assertThat(r.out()).isEmpty();

    Cli.Run unknown = Cli.run(Cli.offline(), "ask", "--colour", "red", ANSWERABLE);
    assertThat(unknown.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(unknown.err())
        .contains("unknown option --colour for ask")
        .contains("usage: citerag ask");

    Cli.Run noQuestion = Cli.run(Cli.offline(), "ask");
    assertThat(noQuestion.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(noQuestion.err()).contains("missing the question");

    Cli.Run noCases = Cli.run(Cli.offline(), "eval", "/no/such/cases.jsonl");
    assertThat(noCases.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(noCases.err())
        .contains("cases file /no/such/cases.jsonl does not exist")
        .contains("usage: citerag eval");

    Cli.Run ingest = Cli.run(Cli.offline(), "ingest", "docs/");
    assertThat(ingest.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(ingest.err()).contains("ingest needs --store").contains("usage: citerag ingest");
  }

  @Test
  void commands_and_help() {
    Cli.Run none = Cli.run(Cli.offline());
    assertThat(none.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(none.err())
        .contains("missing the command")
        .contains("usage: citerag [-hV] <command>");

    Cli.Run bogus = Cli.run(Cli.offline(), "answer", "x");
    assertThat(bogus.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(bogus.err()).contains("unknown command \"answer\"");

    Cli.Run help = Cli.run(Cli.offline(), "--help");
    assertThat(help.status()).isEqualTo(Main.EXIT_OK);
    assertThat(help.out())
        .contains("usage: citerag [-hV] <command>")
        .contains("ask [\"question\"...]");
    assertThat(help.err()).isEmpty();

    Cli.Run askHelp = Cli.run(Cli.offline(), "ask", "--help");
    assertThat(askHelp.status()).isEqualTo(Main.EXIT_OK);
    assertThat(askHelp.out())
        .contains("usage: citerag ask")
        .contains("--min-similarity")
        .contains("--filter");
  }

  @Test
  void verbose_is_accepted_by_every_command() {
    Cli.Run r = Cli.run(Cli.offline(), "search", "--verbose", "--k", "1", "rollback");
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(r.out()).startsWith("1 hits for \"rollback\"");
  }

  @Test
  void an_unusable_docs_directory_is_an_error_not_an_empty_answer(@TempDir Path dir)
      throws IOException {
    Files.writeString(dir.resolve("notes.pdf"), "%PDF");
    Cli.Run r = Cli.run(Cli.offline(), "ask", "--docs", dir.toString(), ANSWERABLE);
    assertThat(r.status()).isEqualTo(Main.EXIT_ERROR);
    // the unreadable PDF is named first, then the folder is an error
    assertThat(r.err())
        .startsWith("citerag: skipped " + dir.resolve("notes.pdf") + ": not a readable PDF")
        .contains("citerag: error: option --docs: ")
        .contains("holds no .md");
  }
}
