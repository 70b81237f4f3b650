package dev.citerag.pgvector;

import dev.citerag.store.VectorStore;
import dev.citerag.testkit.postgres.PostgresTest;
import dev.citerag.testkit.store.VectorStoreContract;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;

/**
 * PgVectorStore storing {@code halfvec} against the shared contract, one fresh collection per test.
 */
@PostgresTest
class PgVectorStoreHalfvecContractTest extends VectorStoreContract {
  private static final AtomicInteger COLLECTIONS = new AtomicInteger();
  private static DataSource dataSource;
  private final List<PgVectorStore> stores = new ArrayList<>();

  @BeforeAll
  static void database(DataSource ds) {
    dataSource = ds;
  }

  @Override
  protected VectorStore newStore(int dimensions) {
    PgVectorStore store =
        PgVectorStore.builder()
            .dataSource(dataSource)
            .collection("contract_half_" + COLLECTIONS.incrementAndGet())
            .dimensions(dimensions)
            .halfvec(true)
            .build();
    stores.add(store);
    return store;
  }

  @AfterEach
  void close() {
    stores.forEach(PgVectorStore::close);
  }
}
