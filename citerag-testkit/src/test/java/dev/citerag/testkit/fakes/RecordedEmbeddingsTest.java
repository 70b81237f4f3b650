package dev.citerag.testkit.fakes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.embed.DocumentText;
import dev.citerag.embed.EmbedderIdentity;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordedEmbeddingsTest {

  @Test
  void replays_exactly_the_vectors_recorded_from_a_real_embedder(@TempDir Path dir) {
    DeterministicEmbedder real =
        DeterministicEmbedder.builder().dimensions(16).model("real-model").build();
    RecordingEmbedder rec = RecordedEmbeddings.recording(real);
    List<DocumentText> docs =
        List.of(
            new DocumentText("Chunk one about rollbacks.", "Rollbacks"),
            DocumentText.of("Chunk two about flags."));
    List<float[]> recordedDocs = rec.embedDocuments(docs);
    float[] recordedQuery = rec.embedQuery("How do I roll back?");
    Path file = dir.resolve("vectors.jsonl");
    rec.recorded().writeTo(file);

    ReplayEmbedder replay = RecordedEmbeddings.load(file).replayer();

    assertThat(replay.identity()).isEqualTo(real.identity());
    List<float[]> replayed = replay.embedDocuments(docs);
    assertThat(replayed.get(0)).containsExactly(recordedDocs.get(0));
    assertThat(replayed.get(1)).containsExactly(recordedDocs.get(1));
    assertThat(replay.embedQuery("How do I roll back?")).containsExactly(recordedQuery);
  }

  @Test
  void floats_survive_the_file_bit_for_bit() throws Exception {
    Random random = new Random(42);
    float[] v = new float[64];
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) random.nextGaussian() / 7f;
    }
    v[0] = Float.MIN_VALUE;
    v[1] = -0.1f;
    DeterministicEmbedder real = DeterministicEmbedder.builder().dimensions(64).build();
    real.map("exact text", v);
    RecordingEmbedder rec = RecordedEmbeddings.recording(real);
    float[] original = rec.embedQuery("exact text");
    StringWriter out = new StringWriter();
    rec.recorded().write(out);

    RecordedEmbeddings back = RecordedEmbeddings.read(new StringReader(out.toString()), "memory");

    assertThat(back.query("exact text"))
        .hasValueSatisfying(r -> assertThat(r).containsExactly(original));
    assertThat(back).isEqualTo(rec.recorded());
  }

  @Test
  void an_unrecorded_text_fails_loudly_naming_the_text_and_the_recording() {
    RecordingEmbedder rec = RecordedEmbeddings.recording(DeterministicEmbedder.create());
    rec.embedQuery("known question");
    ReplayEmbedder replay = rec.recorded().replayer();

    UnrecordedInputException e =
        assertThrows(UnrecordedInputException.class, () -> replay.embedQuery("new question"));

    assertThat(e.kind()).isEqualTo("query");
    assertThat(e.text()).isEqualTo("new question");
    assertThat(e.getMessage())
        .contains("\"new question\"")
        .contains("1 queries")
        .contains("RecordedEmbeddings.recording");
  }

  @Test
  void a_document_is_keyed_by_text_and_title() {
    RecordingEmbedder rec = RecordedEmbeddings.recording(DeterministicEmbedder.create());
    rec.embedDocuments(List.of(new DocumentText("same text", "Title A")));
    ReplayEmbedder replay = rec.recorded().replayer();

    UnrecordedInputException e =
        assertThrows(
            UnrecordedInputException.class,
            () -> replay.embedDocuments(List.of(new DocumentText("same text", "Title B"))));

    assertThat(e.getMessage()).contains("document \"same text\" (title \"Title B\")");
    assertThat(replay.embedDocuments(List.of(new DocumentText("same text", "Title A")))).hasSize(1);
  }

  @Test
  void malformed_files_are_reported_with_origin_line_and_field(@TempDir Path dir) throws Exception {
    String header = "{\"identity\":{\"provider\":\"ollama\",\"model\":\"m\",\"dimensions\":2}}\n";

    assertThat(error(""))
        .isEqualTo("f.jsonl: empty; the first line must hold {\"identity\":{...}}");
    assertThat(error("{\"kind\":\"query\"}\n"))
        .startsWith("f.jsonl:1: field \"identity\" is required on the first line");
    assertThat(error("{\"identity\":{\"provider\":\"x\",\"model\":\"m\",\"dimensions\":0}}\n"))
        .isEqualTo("f.jsonl:1: field \"identity\": dimensions must be > 0, was 0");
    assertThat(error(header + "{\"kind\":\"query\",\"text\":\"q\",\"vector\":[1.0]}\n"))
        .isEqualTo("f.jsonl:2: field \"vector\" must have 2 components, had 1");
    assertThat(error(header + "{\"kind\":\"answer\",\"text\":\"q\",\"vector\":[1.0,0]}\n"))
        .isEqualTo("f.jsonl:2: field \"kind\" must be \"query\" or \"document\", was \"answer\"");
    assertThat(
            error(
                header
                    + "\n{\"kind\":\"query\",\"text\":\"q\",\"vector\":[1,0]}\n{\"kind\":\"query\",\"text\":\"q\",\"vector\":[0,1]}\n"))
        .isEqualTo("f.jsonl:4: duplicate query \"q\"");
    assertThat(error(header + "{\"kind\":\"query\",\"txt\":\"q\",\"vector\":[1,0]}\n"))
        .startsWith("f.jsonl:2: is not a vector line: Unrecognized field \"txt\"");
    Path file = dir.resolve("ok.jsonl");
    Files.writeString(file, header + "{\"kind\":\"query\",\"text\":\"q\",\"vector\":[0.6,0.8]}\n");
    assertThat(RecordedEmbeddings.load(file).identity())
        .isEqualTo(new EmbedderIdentity("ollama", "m", null, 2, null));
  }

  @Test
  void a_missing_resource_is_named() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> RecordedEmbeddings.fromResource("no/such/file.jsonl"));

    assertThat(e.getMessage())
        .isEqualTo("resource \"no/such/file.jsonl\" not found on the class path");
  }

  private static String error(String content) {
    return assertThrows(
            IllegalArgumentException.class,
            () -> RecordedEmbeddings.read(new StringReader(content), "f.jsonl"))
        .getMessage();
  }
}
