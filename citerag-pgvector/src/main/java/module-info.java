/** A {@link dev.citerag.store.VectorStore} on PostgreSQL with pgvector. */
// the PostgreSQL driver has no module-info, only an Automatic-Module-Name (org.postgresql.jdbc)
@SuppressWarnings("requires-automatic")
module dev.citerag.pgvector {
  requires transitive dev.citerag.core;
  requires transitive java.sql;
  requires com.fasterxml.jackson.databind;
  requires com.zaxxer.hikari;
  requires pgvector; // pgvector-java: no module-info nor Automatic-Module-Name, named after its jar
  requires org.postgresql.jdbc;
  requires org.slf4j;
  requires static transitive org.jspecify;

  exports dev.citerag.pgvector;
}
