/**
 * PgVectorStore against a bare COPY and exact search: {@link
 * dev.citerag.bench.pgvector.PgVectorBenchmark}.
 */
package dev.citerag.bench.pgvector;
