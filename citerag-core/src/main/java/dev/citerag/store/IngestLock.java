package dev.citerag.store;

/**
 * A held ingest lock of one collection ({@link IngestLocking#lockIngest}); closing it releases it.
 */
@FunctionalInterface
public interface IngestLock extends AutoCloseable {
  /** Releases the lock; idempotent. */
  @Override
  void close();
}
