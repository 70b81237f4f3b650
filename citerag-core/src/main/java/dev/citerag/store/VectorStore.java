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

  /** {@return the vector length this store holds; fixed for the store's lifetime} */
  int dimensions();

  /**
   * Records the collection's identity on first use; afterwards verifies it. Writers call it before
   * writing (the {@link dev.citerag.ingest.Ingestor} does).
   *
   * @param identity the embedder and chunker that make this collection's chunks
   * @throws dev.citerag.IdentityMismatchException when a different identity is already recorded
   */
  void ensureIdentity(CollectionIdentity identity);

  /** {@return the recorded identity, or empty before the first {@link #ensureIdentity}} */
  Optional<CollectionIdentity> identity();

  /**
   * Looks up stored document hashes, so that unchanged documents can be skipped.
   *
   * @param docIds the documents to look up
   * @return document id to stored {@link DocumentChunks#documentHash()}, for those of {@code
   *     docIds} the store holds; absent ids are left out
   */
  Map<String, String> documentHashes(Collection<String> docIds);

  /**
   * Replaces each document's chunks with the given ones. Per document this is atomic: readers see
   * the old chunk set or the new one, never a mix. A document whose stored hash equals {@link
   * DocumentChunks#documentHash()} is skipped without writing. A document with no chunks is stored
   * empty.
   *
   * @param documents the new state of each document, ids unique
   * @return what changed
   * @throws IllegalArgumentException when a vector has the wrong length, or a chunk id belongs to
   *     another document
   */
  WriteResult write(List<DocumentChunks> documents);

  /**
   * Removes a document and all its chunks, atomically.
   *
   * @param docId the document's id
   * @return whether the store held it
   */
  boolean deleteDocument(String docId);

  /**
   * The id of every document stored, in no particular order: what a sync compares with its source
   * to find the documents that are gone from it (see {@code Ingestor.sync}).
   *
   * @return a new set of the stored document ids
   */
  Set<String> documentIds();

  /** {@return the number of chunks stored} */
  long chunkCount();

  /**
   * Top {@code k} chunks by cosine similarity. Every hit carries its cosine and dense rank.
   *
   * @param queryVector the query's embedding, of {@link #dimensions()} finite components
   * @param k the most hits to return, &gt; 0
   * @param filter only chunks that pass it are considered ({@link Filter#ALL} for all)
   * @return up to {@code k} hits, best first; fewer when fewer chunks pass the filter
   */
  List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter);

  /**
   * Top {@code k} chunks by lexical relevance to {@code queryText}. Only chunks matching at least
   * one query term are returned; every hit carries its lexical rank and score.
   *
   * @param queryText the question as typed
   * @param k the most hits to return, &gt; 0
   * @param filter only chunks that pass it are considered
   * @return up to {@code k} hits, best first; empty when no term matches
   */
  List<SearchHit> lexicalSearch(String queryText, int k, Filter filter);

  /**
   * Dense and lexical candidates fused by reciprocal rank fusion, top {@code k}. Every hit carries
   * its cosine, including hits found only lexically. The default runs the two searches and fuses
   * them; stores that can do it in one round trip override it.
   *
   * @param queryVector the query's embedding, of {@link #dimensions()} finite components
   * @param queryText the question as typed
   * @param k the most hits to return, &gt; 0
   * @param filter only chunks that pass it are considered
   * @return up to {@code k} hits, best fused score first
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
   *
   * @param queryVector the query's embedding
   * @param hits hits of this store, e.g. from {@link #lexicalSearch}
   * @return the same hits in the same order, with their cosine filled in where the store can
   */
  default List<SearchHit> withCosines(float[] queryVector, List<SearchHit> hits) {
    return hits;
  }
}
