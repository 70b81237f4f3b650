package dev.citerag.testkit.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.extractive.ExtractiveGenerator;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.testkit.golden.GoldenFormatException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SquadEvaluationTest {

  @TempDir Path dir;

  private void write(String cases) throws IOException {
    Files.createDirectories(dir.resolve("corpus"));
    Files.writeString(
        dir.resolve("corpus/rivers.md"),
        """
        # Rivers

        ## Paragraph 1

        The Rhine begins in the Swiss canton of Graubünden and empties into the North Sea.

        ## Paragraph 2

        The Danube flows through ten countries, more than any other river in the world.
        """,
        StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("cases.jsonl"), cases, StandardCharsets.UTF_8);
  }

  private static final String CASES =
      """
      {"id": "q1", "question": "Where does the Rhine begin?", "answerable": true, "doc": "rivers", "paragraph": 1, "answers": ["Swiss canton of Graubünden", "Graubünden"], "plausible_answers": []}
      {"id": "q2", "question": "How many countries does the Danube flow through?", "answerable": true, "doc": "rivers", "paragraph": 2, "answers": ["ten"], "plausible_answers": []}
      {"id": "q3", "question": "Where does the Rhine not begin?", "answerable": false, "doc": "rivers", "paragraph": 1, "answers": [], "plausible_answers": ["Graubünden"]}
      """;

  @Test
  void normalises_answers_the_squad_way_and_matches_on_word_boundaries() {
    assertThat(SquadCase.normalize("The  Swiss-canton, of   Graubünden!"))
        .isEqualTo("swisscanton of graubünden");
    SquadCase c = new SquadCase("x", "q?", true, "d", 1, List.of("ten", "10 countries"), List.of());
    assertThat(c.answeredBy("It flows through ten countries.")).isTrue();
    assertThat(c.answeredBy("It flows through 10 Countries.")).isTrue();
    assertThat(c.answeredBy("It flows through tender land.")).isFalse();
  }

  @Test
  void reads_a_squad_directory_as_stored() throws IOException {
    write(CASES);
    SquadDataset squad = SquadDataset.load(dir);
    assertThat(squad.cases()).extracting(SquadCase::id).containsExactly("q1", "q2", "q3");
    assertThat(squad.documents())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.id()).isEqualTo("rivers");
              assertThat(d.title()).isEqualTo("Rivers");
            });
    assertThat(squad.paragraph("rivers", 2))
        .hasValueSatisfying(p -> assertThat(p).startsWith("The Danube"));
    assertThat(squad.cases().get(2).answerable()).isFalse();
    assertThat(squad.cases().get(2).plausibleAnswers()).containsExactly("Graubünden");
  }

  @Test
  void rejects_a_case_naming_a_missing_paragraph() throws IOException {
    write(CASES.replace("\"paragraph\": 2", "\"paragraph\": 9"));
    assertThatThrownBy(() -> SquadDataset.load(dir))
        .isInstanceOf(GoldenFormatException.class)
        .hasMessageContaining("paragraph")
        .hasMessageContaining("cases.jsonl:2:");
    assertThatThrownBy(() -> SquadDataset.load(dir.resolve("corpus")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cases.jsonl");
  }

  @Test
  void scores_correct_wrong_abstained_and_false_answers() throws IOException {
    write(CASES);
    SquadDataset squad = SquadDataset.load(dir);
    LocalHashingEmbedder embedder = new LocalHashingEmbedder();
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Ingestor.builder().embedder(embedder).store(store).build().ingest(squad.documents());
    RagPipeline rag =
        RagPipeline.builder()
            .embedder(embedder)
            .store(store)
            .generator(new ExtractiveGenerator())
            .build();
    SquadReport r =
        SquadEvaluation.builder().name("tiny").pipeline(rag).cases(squad.cases()).build().run();
    assertThat(r.answerable()).isEqualTo(2);
    assertThat(r.unanswerable()).isEqualTo(1);
    assertThat(r.correct() + r.wrong() + r.abstained())
        .isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(r.results().get(0).correct()).isTrue();
    assertThat(r.results().get(1).correct()).isTrue();
    // the negated question is a near miss
    assertThat(r.results().get(2).answered()).isFalse();
    assertThat(r.falseAnswerRate()).isZero();
    assertThat(r.precision()).isEqualTo(1.0);
    assertThat(r.recallAt1()).isEqualTo(1.0);
    assertThat(r.sweep()).first().satisfies(row -> assertThat(row.correct()).isEqualTo(1.0));
    assertThat(r.toMarkdown()).contains("false-answer rate").contains("| 0.00 |");
    assertThat(r.toJson()).contains("\"false_answer_rate\"").doesNotContain("\"results\"");
  }

  @Test
  void matches_documents_loaded_from_files_by_name() {
    assertThat(SquadEvaluation.sameDoc("rivers.md", "rivers")).isTrue();
    assertThat(SquadEvaluation.sameDoc("corpus/rivers.md", "rivers")).isTrue();
    assertThat(SquadEvaluation.sameDoc("rivers-2.md", "rivers")).isFalse();
  }
}
