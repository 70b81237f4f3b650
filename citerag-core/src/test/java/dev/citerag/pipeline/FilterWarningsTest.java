package dev.citerag.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.pipeline.PipelineFixtures.ConstantEmbedder;
import dev.citerag.store.Chunk;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.MetadataValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FilterWarningsTest {

  @Test
  void a_filter_key_no_chunk_has_is_named_with_the_closest_known_keys_first() {
    InMemoryVectorStore store = new InMemoryVectorStore(4);
    Chunk c =
        new Chunk(
            "d#0",
            "d",
            "d",
            null,
            List.of(),
            null,
            "Rollbacks take five minutes.",
            6,
            "h",
            MetadataValue.strings(Map.of("team", "platform", "audience", "ops")));
    store.write(
        List.of(
            new DocumentChunks("d", "h", List.of(new EmbeddedChunk(c, new float[] {1, 0, 0, 0})))));
    RagPipeline rag =
        RagPipeline.builder()
            .embedder(new ConstantEmbedder(4))
            .store(store)
            .generator(AnswerGenerator.of(RerankAndRequestTest.never()))
            .build();

    assertThat(rag.filterWarnings(Filter.and(Filter.eq("teem", "platform"), Filter.exists("team"))))
        .containsExactly("no document has the key 'teem'; known keys: team, audience");
    assertThat(rag.filterWarnings(Filter.eq("team", "x"))).isEmpty();
    assertThat(rag.filterWarnings(Filter.ALL)).isEmpty();
    RagResult r = rag.ask("How long do rollbacks take?", Filter.eq("teem", "platform"));
    assertThat(r.trace().warnings())
        .containsExactly("no document has the key 'teem'; known keys: team, audience");
  }
}
