package dev.citerag.reliability;

import dev.citerag.embed.Embedder;
import dev.citerag.pgvector.PgVectorStore;
import dev.citerag.reliability.support.Stack;
import dev.citerag.testkit.postgres.PostgresTest;
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
    try (PgVectorStore store = PgVectorStore.builder().dataSource(db).collection("concurrency")
        .dimensions(embedder.identity().dimensions()).build()) {
      ConcurrencyTest.run("pgvector", embedder, store, "41-concurrency-pgvector");
    }
  }

  @Test
  void pgvector_store_keeps_out_of_filter_chunks_out_of_the_prompt(DataSource db) {
    Embedder embedder = Stack.embedder();
    try (PgVectorStore store = PgVectorStore.builder().dataSource(db).collection("access")
        .dimensions(embedder.identity().dimensions()).build()) {
      AccessControlTest.run("pgvector", embedder, store, "51-access-control-pgvector");
    }
  }
}
