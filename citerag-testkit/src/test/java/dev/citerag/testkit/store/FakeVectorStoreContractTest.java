package dev.citerag.testkit.store;

import dev.citerag.store.VectorStore;
import dev.citerag.testkit.fakes.FakeVectorStore;

/** The testkit's fake store meets the contract it asks of real stores. */
class FakeVectorStoreContractTest extends VectorStoreContract {

  @Override
  protected VectorStore newStore(int dimensions) {
    return new FakeVectorStore(dimensions);
  }
}
