/** End-to-end ingestion of a folder of mixed files: parse, chunk, embed, write. */
@NullMarked
package dev.citerag.bench.ingest;

import org.jspecify.annotations.NullMarked;
