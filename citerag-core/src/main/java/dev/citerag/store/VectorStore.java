package dev.citerag.store;

import dev.citerag.store.internal.RankFusion;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Holds chunks with their vectors and finds them again, densely (cosine) and lexically (full-text),
 * always under a metadata {@link Filter}. Implementations are thread-safe: searches may run
 * concurrently with writes, and a reader sees each document either wholly before or wholly after a
 * write.
 *
 * <p>Search results are best first. {@code k} must be &gt; 0; a query vector must have the store's
 * dimensions and finite components; violations throw {@link IllegalArgumentException}. Database
 * failures throw {@link dev.citerag.StoreException}.
 */
public interface VectorStore {

  /** The vector length this store holds. */
  int dimensions();

  /**
   * Records the collection's identity on first use; afterwards verifies it.
   *
   * @throws dev.citerag.IdentityMismatchException when a different identity is already recorded
   */
  void ensureIdentity(CollectionIdentity identity);

  /** The recorded identity, if any. */
  Optional<CollectionIdentity> identity();

  /** The stored content hash of each of the given documents that the store holds. */
  Map<String, String> documentHashes(Collection<String> docIds);

  /**
   * Replaces each document's chunks with the given ones. Per document this is atomic: readers see
   * the old chunk set or the new one, never a mix. A document whose stored hash equals {@link
   * DocumentChunks#documentHash()} is skipped without writing.
   */
  WriteResult write(List<DocumentChunks> documents);

  /** Removes a document and all its chunks; returns whether it was present. */
  boolean deleteDocument(String docId);

  /**
   * The id of every document stored, in no particular order: what a sync compares with its source
   * to find the documents that are gone from it (see {@code Ingestor.sync}).
   */
  Set<String> documentIds();

  /** Number of chunks stored. */
  long chunkCount();

  /** Top {@code k} chunks by cosine similarity. Every hit carries its cosine and dense rank. */
  List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter);

  /**
   * Top {@code k} chunks by lexical relevance to {@code queryText}. Only chunks matching at least
   * one query term are returned; every hit carries its lexical rank and score.
   */
  List<SearchHit> lexicalSearch(String queryText, int k, Filter filter);

  /**
   * Dense and lexical candidates fused by {@link RankFusion}, top {@code k}. Every hit carries its
   * cosine, including hits found only lexically. The default runs the two searches and fuses them;
   * stores that can do it in one round trip override it.
   */
  default List<SearchHit> hybridSearch(
      float[] queryVector, String queryText, int k, Filter filter) {
    int n = RankFusion.candidatesFor(k);
    List<SearchHit> dense = denseSearch(queryVector, n, filter);
    List<SearchHit> lexical = lexicalSearch(queryText, n, filter);
    return RankFusion.fuse(dense, withCosines(queryVector, lexical), k);
  }

  /**
   * Fills in the cosine of lexical hits; used by the default {@link #hybridSearch}. Stores that can
   * compute it cheaply override this; the default leaves hits without one unchanged.
   */
  default List<SearchHit> withCosines(float[] queryVector, List<SearchHit> hits) {
    return hits;
  }
}
