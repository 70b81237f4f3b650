package dev.citerag.pgvector.internal;

/**
 * Where a search runs: one transaction on some server that holds the collection. The plain form is
 * the primary's {@link Jdbc#inTransaction}; {@link ReadRouter} sends searches to replicas.
 */
interface Reads {
  /**
   * A result and the server that produced it.
   *
   * @param value the work's result
   * @param server {@code primary} or a replica's name
   */
  record Served<T>(T value, String server) {}

  /**
   * Runs {@code work} in a read transaction and names the server that ran it; SQL failures become
   * {@code StoreException}s.
   */
  <T> Served<T> inTransactionServed(String what, Jdbc.Work<T> work);

  /** Runs {@code work} in a read transaction; SQL failures become {@code StoreException}s. */
  default <T> T inTransaction(String what, Jdbc.Work<T> work) {
    return inTransactionServed(what, work).value();
  }
}
