package dev.citerag.examples.internal;

import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.VectorStore;
import dev.citerag.store.WriteResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A {@link VectorStore} that passes every call to another one and keeps a copy of what was written,
 * so that {@link DocsIndex} can save the chunks and vectors of a fresh in-memory store. Used only
 * while a store is being filled, by one thread.
 */
final class RecordingStore implements VectorStore {
  private final VectorStore delegate;
  private final List<DocumentChunks> written = new ArrayList<>();

  RecordingStore(VectorStore delegate) {
    this.delegate = delegate;
  }

  /** Every document written so far, in order (a later write of a document replaces it). */
  List<DocumentChunks> written() {
    return List.copyOf(written);
  }

  @Override
  public int dimensions() {
    return delegate.dimensions();
  }

  @Override
  public Optional<CollectionIdentity> identity() {
    return delegate.identity();
  }

  @Override
  public List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter) {
    return delegate.denseSearch(queryVector, k, filter);
  }

  @Override
  public dev.citerag.store.ServedHits denseSearchServed(float[] queryVector, int k, Filter filter) {
    return delegate.denseSearchServed(queryVector, k, filter);
  }

  @Override
  public List<SearchHit> lexicalSearch(String queryText, int k, Filter filter) {
    return delegate.lexicalSearch(queryText, k, filter);
  }

  @Override
  public List<SearchHit> hybridSearch(float[] queryVector, String queryText, int k, Filter filter) {
    return delegate.hybridSearch(queryVector, queryText, k, filter);
  }

  @Override
  public dev.citerag.store.ServedHits hybridSearchServed(
      float[] queryVector, String queryText, int k, Filter filter) {
    return delegate.hybridSearchServed(queryVector, queryText, k, filter);
  }

  @Override
  public void ensureIdentity(CollectionIdentity identity) {
    delegate.ensureIdentity(identity);
  }

  @Override
  public Map<String, String> documentHashes(Collection<String> docIds) {
    return delegate.documentHashes(docIds);
  }

  @Override
  public WriteResult write(List<DocumentChunks> documents) {
    WriteResult r = delegate.write(documents);
    for (DocumentChunks d : documents) {
      written.removeIf(w -> w.docId().equals(d.docId()));
      written.add(d);
    }
    return r;
  }

  @Override
  public boolean deleteDocument(String docId) {
    written.removeIf(w -> w.docId().equals(docId));
    return delegate.deleteDocument(docId);
  }

  @Override
  public Set<String> documentIds() {
    return delegate.documentIds();
  }

  @Override
  public long chunkCount() {
    return delegate.chunkCount();
  }
}
