/**
 * The production {@link dev.citerag.store.VectorStore} on PostgreSQL + pgvector over plain JDBC:
 * {@link dev.citerag.pgvector.PgVectorStore}.
 */
@NullMarked
package dev.citerag.pgvector;

import org.jspecify.annotations.NullMarked;
