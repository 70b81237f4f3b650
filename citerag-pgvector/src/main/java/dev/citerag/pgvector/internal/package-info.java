/** Implementation of {@link dev.citerag.pgvector.PgVectorStore}; not an API. */
@NullMarked
package dev.citerag.pgvector.internal;

import org.jspecify.annotations.NullMarked;
