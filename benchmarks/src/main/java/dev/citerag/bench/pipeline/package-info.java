/** Pipeline overhead with zero-latency model and embedder fakes. */
@NullMarked
package dev.citerag.bench.pipeline;

import org.jspecify.annotations.NullMarked;
