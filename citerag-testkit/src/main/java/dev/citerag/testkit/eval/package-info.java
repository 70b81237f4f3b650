/**
 * The evaluation runner: runs a pipeline over golden cases and reports retrieval quality, answer
 * integrity, operations and a gate-1 threshold sweep, as JSON and as Markdown.
 *
 * <p>Nullness is declared once here: everything is non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.testkit.eval;

import org.jspecify.annotations.NullMarked;
