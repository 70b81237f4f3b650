package dev.citerag.store;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link SearchIndex} that can be written: what an {@link dev.citerag.ingest.Ingestor} needs to
 * keep a collection in step with its source. It records the collection's identity (what its vectors
 * were made with) and replaces, lists and deletes documents' chunks. Implementations are
 * thread-safe: searches may run concurrently with writes, and a reader sees each document either
 * wholly before or wholly after a write.
 *
 * <p>Bad arguments throw {@link IllegalArgumentException}; database failures throw {@link
 * dev.citerag.StoreException}.
 */
public interface VectorStore extends SearchIndex {

  /**
   * Records the collection's identity on first use; afterwards verifies it.
   *
   * @param identity the embedder and chunker that make this collection's chunks
   * @throws IllegalArgumentException when the identity's dimensions differ from the store's
   * @throws dev.citerag.IdentityMismatchException when a different identity is already recorded
   */
  void ensureIdentity(CollectionIdentity identity);

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
   * DocumentChunks#documentHash()} is skipped without writing.
   *
   * @param documents the new state of each document, ids unique
   * @return what changed
   * @throws IllegalArgumentException when a vector has other dimensions than the store
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
}
