/** Timing, statistics, machine facts and Markdown output for the benchmark harness. */
@NullMarked
package dev.citerag.bench.harness;

import org.jspecify.annotations.NullMarked;
