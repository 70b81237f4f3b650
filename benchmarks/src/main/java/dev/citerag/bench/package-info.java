/** Benchmarks; never a dependency of anything. */
package dev.citerag.bench;
