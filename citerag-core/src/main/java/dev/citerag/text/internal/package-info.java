/**
 * Text-processing internals shared by core's lexical index, the extractive generator and the
 * citation checks; not API. Nullness is declared once here: everything is non-null unless marked
 * {@code @Nullable}.
 */
@NullMarked
package dev.citerag.text.internal;

import org.jspecify.annotations.NullMarked;
