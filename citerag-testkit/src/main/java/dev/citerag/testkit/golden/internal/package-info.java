/**
 * Implementation of the golden loaders; not an API, may change without notice.
 *
 * <p>Nullness is declared once here: everything is non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.testkit.golden.internal;

import org.jspecify.annotations.NullMarked;
