/**
 * Implementation of the evaluation runner; not an API, may change without notice.
 *
 * <p>Nullness is declared once here: everything is non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.testkit.eval.internal;

import org.jspecify.annotations.NullMarked;
