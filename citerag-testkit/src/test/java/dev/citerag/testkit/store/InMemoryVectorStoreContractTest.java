package dev.citerag.testkit.store;

import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.VectorStore;

/** The in-memory store meets the same contract as the PostgreSQL one. */
class InMemoryVectorStoreContractTest extends VectorStoreContract {

  @Override
  protected VectorStore newStore(int dimensions) {
    return new InMemoryVectorStore(dimensions);
  }
}
