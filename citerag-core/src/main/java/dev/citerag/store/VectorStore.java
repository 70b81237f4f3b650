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
   * @throws IllegalArgumentException when the identity's dimensions differ from the store's
   * @throws dev.citerag.IdentityMismatchException when a different identity is already recorded
   */
  void ensureIdentity(CollectionIdentity identity);

  /** The stored content hash of each of the given documents that the store holds. */
  Map<String, String> documentHashes(Collection<String> docIds);

  /**
   * Replaces each document's chunks with the given ones. Per document this is atomic: readers see
   * the old chunk set or the new one, never a mix. A document whose stored hash equals {@link
   * DocumentChunks#documentHash()} is skipped without writing.
   *
   * @throws IllegalArgumentException when a vector has other dimensions than the store
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
}
