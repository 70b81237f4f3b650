package dev.citerag.extractive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.store.InMemoryVectorStore;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExtractivePipelineTest {

  static RagPipeline pipeline(String... markdown) {
    LocalHashingEmbedder embedder = new LocalHashingEmbedder();
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    List<Document> docs = new java.util.ArrayList<>();
    for (int i = 0; i < markdown.length; i++) {
      docs.add(Document.markdown("doc" + i + ".md", markdown[i]));
    }
    Ingestor.builder().embedder(embedder).store(store).build().ingest(docs);
    return RagPipeline.builder()
        .embedder(embedder)
        .store(store)
        .generator(new ExtractiveGenerator())
        .build();
  }

  @Test
  void extractive_generator_goes_through_the_same_validator() {
    RagPipeline rag =
        pipeline(
            "# Rollbacks\n\nA rollback takes about 5 minutes from the deploy dashboard.\n",
            "# Freezes\n\nDeploys are frozen during the quarterly audit week.\n");
    RagResult r = rag.ask("How long does a rollback take?");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Answered.class,
            a -> {
              assertThat(a.answer()).contains("5 minutes");
              assertThat(a.citations().get(0).chunk().docId()).isEqualTo("doc0.md");
            });
    assertThat(r.trace().generator()).isEqualTo("extractive");
    assertThat(r.trace().verificationIdentity().prompt()).isEqualTo("extractive/1");
    assertThat(rag.ask("At what time is the rollback freeze lifted?"))
        .isInstanceOf(RagResult.Abstained.class);
  }
}
