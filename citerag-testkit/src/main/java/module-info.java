/**
 * Test fixtures for code that uses citerag: deterministic fakes of the ports, wire-level fake
 * provider servers, the golden corpus and its evaluation runner, a throwaway PostgreSQL
 * ({@code @PostgresTest}) and the {@code VectorStoreContract} every store meets.
 */
// the PostgreSQL driver has no module-info, only an Automatic-Module-Name (org.postgresql.jdbc)
@SuppressWarnings("requires-automatic")
module dev.citerag.testkit {
  requires transitive dev.citerag.core;
  requires transitive org.junit.jupiter.api;
  requires transitive java.sql;
  requires com.fasterxml.jackson.databind;
  requires mockwebserver3;
  requires okhttp3;
  requires com.zaxxer.hikari;
  requires org.postgresql.jdbc;
  requires org.slf4j;
  requires static transitive org.jspecify;

  // Testcontainers is optional and used reflectively (postgres.ContainerServer): no requires

  exports dev.citerag.testkit.eval;
  exports dev.citerag.testkit.fakes;
  exports dev.citerag.testkit.golden;
  exports dev.citerag.testkit.junit;
  exports dev.citerag.testkit.postgres;
  exports dev.citerag.testkit.store;
  exports dev.citerag.testkit.wire;

  // JUnit instantiates the extensions behind @CiteragFakes and @PostgresTest
  opens dev.citerag.testkit.junit.internal to
      org.junit.platform.commons;
  opens dev.citerag.testkit.postgres to
      org.junit.platform.commons;
  // Jackson reads and writes the recorded-embeddings lines and the evaluation report
  opens dev.citerag.testkit.fakes to
      com.fasterxml.jackson.databind;
  opens dev.citerag.testkit.eval to
      com.fasterxml.jackson.databind;
}
