package dev.citerag.pgvector.internal;

/**
 * Where a search runs: one transaction on some server that holds the collection. The plain form is
 * the primary's {@link Jdbc#inTransaction}; {@link ReadRouter} sends searches to replicas.
 */
@FunctionalInterface
interface Reads {
  /** Runs {@code work} in a read transaction; SQL failures become {@code StoreException}s. */
  <T> T inTransaction(String what, Jdbc.Work<T> work);
}
