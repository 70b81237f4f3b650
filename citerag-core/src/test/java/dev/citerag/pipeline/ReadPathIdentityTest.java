package dev.citerag.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.IdentityMismatchException;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.SearchIndex;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 14: the pipeline checked only that dimensions matched, so a store embedded by another model
 * of the same dimensions silently returned nonsense. Building a pipeline over a store with a
 * recorded identity now verifies it against the embedder.
 */
class ReadPathIdentityTest {

  /** Answers with the deploy sentence from the first source sent. */
  static final AnswerGenerator QUOTES_THE_DEPLOY_DAY =
      AnswerGenerator.of(
          new PipelineFixtures.FnChatModel(
              r ->
                  PipelineFixtures.reply(
                      PipelineFixtures.answerJson(
                          PipelineFixtures.sources(r).get(0)[0],
                          "Deploys happen on Mondays at 10:00 UTC."))));

  @Test
  void
      a_store_embedded_by_another_model_of_the_same_dimensions_is_refused_naming_every_difference() {
    LocalHashingEmbedder embedder = new LocalHashingEmbedder();
    int dims = embedder.identity().dimensions();
    InMemoryVectorStore store = new InMemoryVectorStore(dims);
    store.ensureIdentity(
        new CollectionIdentity(
            "ollama",
            "nomic-embed-text:latest",
            "sha256:0a1b",
            dims,
            "search_query: ",
            "markdown(300/40)"));

    IdentityMismatchException e =
        assertThrows(
            IdentityMismatchException.class,
            () ->
                RagPipeline.builder()
                    .embedder(embedder)
                    .store(store)
                    .generator(QUOTES_THE_DEPLOY_DAY)
                    .build());

    assertThat(e.getMessage())
        .contains("embeddingProvider: stored ollama")
        .contains("embeddingModel: stored nomic-embed-text:latest")
        .contains("queryInstruction: stored search_query: ")
        .doesNotContain("dimensions:")
        .doesNotContain("chunkerSettings");
  }

  @Test
  void a_store_ingested_with_the_same_embedder_is_accepted_and_an_unrecorded_one_too() {
    LocalHashingEmbedder embedder = new LocalHashingEmbedder();
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    RagPipeline.builder().embedder(embedder).store(store).generator(QUOTES_THE_DEPLOY_DAY).build();

    Ingestor.builder()
        .embedder(embedder)
        .store(store)
        .build()
        .ingest(
            List.of(Document.markdown("a.md", "# A\n\nDeploys happen on Mondays at 10:00 UTC.")));
    assertThat(store.identity()).isPresent();
    RagPipeline p =
        RagPipeline.builder()
            .embedder(embedder)
            .store(store)
            .generator(QUOTES_THE_DEPLOY_DAY)
            .build();
    assertThat(p.ask("When do deploys happen?")).isInstanceOf(RagResult.Answered.class);
  }

  @Test
  void a_store_first_ingested_by_another_model_after_the_pipeline_was_built_is_refused_at_search() {
    LocalHashingEmbedder embedder = new LocalHashingEmbedder();
    int dims = embedder.identity().dimensions();
    InMemoryVectorStore store = new InMemoryVectorStore(dims);
    RagPipeline p =
        RagPipeline.builder()
            .embedder(embedder)
            .store(store)
            .generator(QUOTES_THE_DEPLOY_DAY)
            .build();
    store.ensureIdentity(
        new CollectionIdentity("ollama", "nomic-embed-text:latest", null, dims, null, "md"));

    IdentityMismatchException asked =
        assertThrows(IdentityMismatchException.class, () -> p.ask("When do deploys happen?"));
    assertThat(asked.getMessage()).contains("embeddingModel: stored nomic-embed-text:latest");
    assertThrows(
        IdentityMismatchException.class, () -> p.retrieve("When do deploys happen?", Filter.ALL));
  }

  @Test
  void a_read_only_index_is_enough_and_its_dimensions_must_match_the_embedder() {
    LocalHashingEmbedder embedder = new LocalHashingEmbedder();
    SearchIndex index = new InMemoryVectorStore(embedder.identity().dimensions() + 1);

    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                RagPipeline.builder()
                    .embedder(embedder)
                    .store(index)
                    .generator(QUOTES_THE_DEPLOY_DAY)
                    .build());
    assertThat(e.getMessage())
        .isEqualTo(
            "embedder dimensions ("
                + embedder.identity().dimensions()
                + ") must equal store dimensions ("
                + (embedder.identity().dimensions() + 1)
                + ")");
  }
}
