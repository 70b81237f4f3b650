package dev.citerag.examples.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.TermEquivalence;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.IngestListener;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.testkit.fakes.DeterministicEmbedder;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.fakes.ScriptedChatModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvalRecordTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String DEPLOYS =
      "# Deploys\n\nProduction deploys are allowed between 09:00 and 16:00 UTC on weekdays.\n";
  private static final String ROLLBACK =
      "# Rollback\n\nRoll back a failed deploy with the command deployctl rollback --to previous.\n";
  private static final String WINDOW = "Production deploys are allowed between 09:00 and 16:00 UTC";

  /**
   * A pipeline over two documents with a scripted model: one answer after a retry, one abstention.
   */
  private static RagPipeline pipeline(ScriptedChatModel model) {
    DeterministicEmbedder embedder = DeterministicEmbedder.create();
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Ingestor.builder()
        .embedder(embedder)
        .store(store)
        .build()
        .ingest(
            List.of(Document.markdown("deploys", DEPLOYS), Document.markdown("rollback", ROLLBACK)),
            IngestListener.NONE);
    return RagPipeline.builder()
        .embedder(embedder)
        .store(store)
        .chatModel(model)
        .validator(new DefaultCitationValidator())
        .build();
  }

  /** Records three cases: answered on the second attempt, abstained by the model, answered. */
  private static Path record(Path dir) {
    ScriptedChatModel model =
        new ScriptedChatModel()
            .onQuestion(
                "allowed",
                Reply.phantomCitation("Deploys run in office hours.", WINDOW),
                Reply.quoting(WINDOW))
            .onQuestion("lunch", Reply.notInSources())
            .onQuestion("roll back", Reply.quoting("deployctl rollback --to previous"));
    RagPipeline rag = pipeline(model);
    Path file = dir.resolve("run.jsonl");
    List<RagResult> results = new ArrayList<>();
    try (EvalRecorder recorder = EvalRecorder.create(file)) {
      BiFunction<String, Filter, RagResult> ask =
          recorder.recording(List.of("window", "menu", "rollback"), rag::ask);
      results.add(ask.apply("When are production deploys allowed?", Filter.ALL));
      results.add(ask.apply("What is for lunch in the deploy canteen?", Filter.ALL));
      results.add(ask.apply("How do I roll back a failed deploy?", Filter.ALL));
    }
    assertThat(results)
        .extracting(RagResult::status)
        .containsExactly("answered", "not_in_sources", "answered");
    assertThat(results.get(0).trace().attempts()).hasSize(2);
    return file;
  }

  @Test
  void a_record_line_holds_the_case_the_raw_replies_the_sent_sources_and_the_result(
      @TempDir Path dir) throws IOException {
    List<String> lines = Files.readAllLines(record(dir));

    assertThat(lines).hasSize(3);
    JsonNode first = JSON.readTree(lines.get(0));
    assertThat(first.get("record").asText()).isEqualTo(EvalRecord.FORMAT);
    assertThat(first.get("case").asText()).isEqualTo("window");
    assertThat(first.get("result").get("status").asText()).isEqualTo("answered");
    JsonNode trace = first.get("trace");
    assertThat(trace.get("attempts")).hasSize(2);
    // the first reply cited a source that was never sent, exactly as the model wrote it
    assertThat(trace.get("attempts").get(0).get("raw_reply").asText()).contains("\"source_id\"");
    assertThat(trace.get("attempts").get(0).get("issues").get(0).get("type").asText())
        .isEqualTo("phantom_source");
    assertThat(trace.get("sent").get(0).get("chunk").get("text").asText()).isNotBlank();
    assertThat(trace.get("verification").get("validator_rules").asText())
        .isEqualTo(new DefaultCitationValidator().rulesVersion());
    assertThat(trace.get("trace_id").asText()).hasSize(32);
    assertThat(EvalRecord.parse(lines.get(0)).replies()).hasSize(2);
  }

  @Test
  void replaying_with_the_same_validator_changes_nothing(@TempDir Path dir) {
    Path file = record(dir);

    EvalReplay.Report report =
        new EvalReplay(new DefaultCitationValidator(), TermEquivalence.STEMS).replay(file);

    assertThat(report.cases()).hasSize(3).allMatch(EvalReplay.CaseDiff::replayed);
    assertThat(report.changed()).isEmpty();
    assertThat(report.cases().get(0).now().get("answer").asText())
        .isEqualTo(report.cases().get(0).recorded().get("answer").asText());
    assertThat(report.text()).contains("replayed 3 of 3 cases").contains("0 changed, 3 unchanged");
  }

  @Test
  void replaying_with_a_stricter_validator_names_what_changed_per_case(@TempDir Path dir) {
    Path file = record(dir);

    // quotes of at least 12 words: both recorded answers quote fewer
    EvalReplay.Report report =
        new EvalReplay(new DefaultCitationValidator(12, 3), TermEquivalence.STEMS).replay(file);

    assertThat(report.changed())
        .extracting(EvalReplay.CaseDiff::caseId)
        .containsExactly("window", "rollback");
    EvalReplay.CaseDiff window = report.changed().get(0);
    assertThat(window.changes())
        .contains("outcome: answered -> rejected (invalid_citations)")
        .anyMatch(c -> c.startsWith("issues added: ") && c.contains("quote_too_short (critical)"))
        .anyMatch(c -> c.startsWith("grounding: ") && c.endsWith(" -> none"));
    assertThat(report.text())
        .contains("case window:\n  outcome: answered -> rejected (invalid_citations)\n")
        .contains("2 changed, 1 unchanged");
  }

  @Test
  void a_corrupt_line_is_reported_with_its_file_and_line_number(@TempDir Path dir)
      throws IOException {
    Path file = record(dir);
    List<String> lines = new ArrayList<>(Files.readAllLines(file));
    lines.set(1, lines.get(1).substring(0, lines.get(1).length() / 2));
    Files.write(file, lines);
    EvalReplay replay = new EvalReplay(new DefaultCitationValidator(), TermEquivalence.STEMS);

    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> replay.replay(file));

    assertThat(e.getMessage()).startsWith("record " + file + " line 2: not JSON");
    Files.write(file, List.of(lines.get(0), "{\"record\": \"citerag-eval-record/1\"}"));
    IllegalArgumentException missing =
        assertThrows(IllegalArgumentException.class, () -> replay.replay(file));
    assertThat(missing.getMessage())
        .isEqualTo("record " + file + " line 2: field result must be an object");
  }
}
