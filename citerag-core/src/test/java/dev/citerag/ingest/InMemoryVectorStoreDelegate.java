package dev.citerag.ingest;

import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.SearchHit;
import dev.citerag.store.VectorStore;
import dev.citerag.store.WriteResult;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Forwards every call to an in-memory store; tests override what they observe. */
class InMemoryVectorStoreDelegate implements VectorStore {
  private final InMemoryVectorStore d;

  InMemoryVectorStoreDelegate(InMemoryVectorStore d) {
    this.d = d;
  }

  @Override
  public int dimensions() {
    return d.dimensions();
  }

  @Override
  public void ensureIdentity(CollectionIdentity identity) {
    d.ensureIdentity(identity);
  }

  @Override
  public Optional<CollectionIdentity> identity() {
    return d.identity();
  }

  @Override
  public Map<String, String> documentHashes(Collection<String> docIds) {
    return d.documentHashes(docIds);
  }

  @Override
  public WriteResult write(List<DocumentChunks> documents) {
    return d.write(documents);
  }

  @Override
  public boolean deleteDocument(String docId) {
    return d.deleteDocument(docId);
  }

  @Override
  public java.util.Set<String> documentIds() {
    return d.documentIds();
  }

  @Override
  public long chunkCount() {
    return d.chunkCount();
  }

  @Override
  public List<SearchHit> denseSearch(float[] q, int k, Filter f) {
    return d.denseSearch(q, k, f);
  }

  @Override
  public List<SearchHit> lexicalSearch(String q, int k, Filter f) {
    return d.lexicalSearch(q, k, f);
  }
}
