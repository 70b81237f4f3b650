/**
 * In-memory vector search benchmarks: {@code InMemoryVectorStore} against bare float-array scans.
 */
package dev.citerag.bench.memory;
