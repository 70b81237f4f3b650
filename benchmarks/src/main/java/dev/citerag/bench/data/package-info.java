/**
 * Seeded synthetic corpora with neighbourhood structure, and each library's objects built from
 * them.
 */
@NullMarked
package dev.citerag.bench.data;

import org.jspecify.annotations.NullMarked;
