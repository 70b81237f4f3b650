package dev.citerag.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.embed.DocumentText;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.store.Chunk;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.SearchHit;
import dev.citerag.testkit.fakes.RecordedEmbeddings;
import dev.citerag.testkit.fakes.RecordingEmbedder;
import dev.citerag.testkit.fakes.ReplayEmbedder;
import dev.citerag.testkit.golden.GoldenCorpus;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OnnxIngestAndReplayTest {

  private static OnnxEmbedder bge;

  @BeforeAll
  static void load() {
    bge = OnnxEmbedder.builder().threads(2).build();
  }

  @AfterAll
  static void close() {
    bge.close();
  }

  @Test
  void chunks_that_the_estimate_lets_through_are_split_to_the_models_real_limit() {
    // ~1,200 characters of digits and punctuation: about 300 estimated tokens, ~700 real ones
    StringBuilder b = new StringBuilder("# Readings\n\n");
    for (int i = 0; b.length() < 1200; i++) {
      b.append(i * 37 % 1000).append(',');
    }
    Document doc = Document.markdown("readings.md", b.toString());
    InMemoryVectorStore store = new InMemoryVectorStore(384);
    Ingestor ingestor = Ingestor.builder().embedder(bge).store(store).build();
    ingestor.ingest(List.of(doc));
    List<Chunk> chunks = ingestor.chunker().chunk(doc);
    assertThat(chunks.size()).isGreaterThan(1);
    assertThat(chunks)
        .allSatisfy(c -> assertThat(bge.countTokens(c.text())).isLessThanOrEqualTo(512));
    assertThat(store.chunkCount()).isEqualTo(chunks.size());
  }

  @Test
  void finds_the_golden_corpus_passage_for_a_paraphrased_question() {
    InMemoryVectorStore store = new InMemoryVectorStore(384);
    Ingestor.builder().embedder(bge).store(store).build().ingest(GoldenCorpus.load());
    List<SearchHit> hits =
        store.denseSearch(
            bge.embedQuery("Which days of the week may I ship to production?"), 3, Filter.ALL);
    assertThat(hits.get(0).chunk().text()).contains("Monday to Thursday");
  }

  @Test
  void its_embeddings_can_be_recorded_and_replayed_offline(@TempDir Path dir) throws Exception {
    RecordingEmbedder rec = RecordedEmbeddings.recording(bge);
    float[] q = rec.embedQuery("How do I roll back a deploy?");
    List<float[]> d =
        rec.embedDocuments(List.of(DocumentText.of("Roll back with deployctl rollback.")));
    Path file = dir.resolve("onnx.jsonl");
    rec.recorded().writeTo(file);
    ReplayEmbedder replay = RecordedEmbeddings.load(file).replayer();
    assertThat(replay.identity()).isEqualTo(bge.identity());
    assertThat(replay.embedQuery("How do I roll back a deploy?")).containsExactly(q);
    assertThat(
            replay
                .embedDocuments(List.of(DocumentText.of("Roll back with deployctl rollback.")))
                .get(0))
        .containsExactly(d.get(0));
  }
}
