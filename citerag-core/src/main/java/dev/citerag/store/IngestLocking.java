package dev.citerag.store;

import java.time.Duration;

/**
 * A store capability: one ingest of a collection at a time. Ingests that also remove what is gone
 * from their source ({@link dev.citerag.ingest.Ingestor#sync}) must not run side by side on one
 * collection, or each removes what the other just wrote. {@link dev.citerag.ingest.Ingestor} takes
 * this lock around every {@code ingest} and {@code sync} when its store offers it, so ingests from
 * the CLI, a web endpoint or library code are serialised alike: the in-memory store with a lock in
 * its process, the PostgreSQL store with an advisory lock that also holds across processes.
 *
 * <pre>{@code
 * try (IngestLock lock = store.lockIngest(Duration.ofMinutes(10))) {
 *   // write and delete documents of the collection
 * }
 * }</pre>
 */
public interface IngestLocking {
  /**
   * Makes the caller the collection's only ingest until the returned lock is closed; a second
   * caller waits for the first.
   *
   * @param wait how long to wait while another ingest holds the lock; zero to fail at once
   * @return the lock; close it when the ingest is done
   * @throws IllegalArgumentException when {@code wait} is null or negative
   * @throws dev.citerag.StoreException when another ingest holds the lock for longer than {@code
   *     wait} (the message says so), or the store fails
   */
  IngestLock lockIngest(Duration wait);
}
