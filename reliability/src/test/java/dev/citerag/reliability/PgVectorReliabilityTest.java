package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.embed.Embedder;
import dev.citerag.pgvector.PgVectorStore;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.reliability.support.Stack;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.VectorStore;
import dev.citerag.testkit.golden.GoldenCorpus;
import dev.citerag.testkit.postgres.PostgresTest;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The store-level checks of {@link ConcurrencyTest} and {@link AccessControlTest} against {@link
 * PgVectorStore} on a real PostgreSQL + pgvector, each in a collection of its own.
 */
@PostgresTest
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class PgVectorReliabilityTest {

  @Test
  void pgvector_store_under_concurrent_asks_and_reingestion(DataSource db) throws Exception {
    Embedder embedder = Stack.embedder();
    try (PgVectorStore store =
        PgVectorStore.builder()
            .dataSource(db)
            .collection("concurrency")
            .dimensions(embedder.identity().dimensions())
            .build()) {
      ConcurrencyTest.run("pgvector", embedder, store, "41-concurrency-pgvector");
    }
  }

  @Test
  void questions_without_searchable_terms_abstain_on_pgvector_as_in_memory(DataSource db) {
    Embedder embedder = Stack.embedder();
    List<String> questions = List.of("What is the?", "???", "¿¡…", "Is it?", "- * -", "\u00A0?");
    try (PgVectorStore pg =
        PgVectorStore.builder()
            .dataSource(db)
            .collection("termless")
            .dimensions(embedder.identity().dimensions())
            .build()) {
      Stack.ingest(embedder, pg, GoldenCorpus.load());
      InMemoryVectorStore memory = Stack.goldenInMemory(embedder);
      for (VectorStore store : List.<VectorStore>of(memory, pg)) {
        for (boolean lexicalGate : new boolean[] {true, false}) {
          RagPipeline rag =
              Stack.pipeline(embedder, store, BadInputFuzzTest.ECHO)
                  .requireLexicalMatch(lexicalGate)
                  .build();
          for (String q : questions) {
            assertThat(rag.ask(q))
                .as("%s, lexical gate %s: \"%s\"", store, lexicalGate, q)
                .isInstanceOf(RagResult.Abstained.class);
          }
        }
      }
    }
  }

  @Test
  void pgvector_store_keeps_out_of_filter_chunks_out_of_the_prompt(DataSource db) {
    Embedder embedder = Stack.embedder();
    try (PgVectorStore store =
        PgVectorStore.builder()
            .dataSource(db)
            .collection("access")
            .dimensions(embedder.identity().dimensions())
            .build()) {
      AccessControlTest.run("pgvector", embedder, store, "51-access-control-pgvector");
    }
  }
}
