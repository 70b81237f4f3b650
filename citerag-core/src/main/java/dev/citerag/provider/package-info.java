/**
 * See the module README; nullness is declared once here: everything is non-null unless marked
 * {@code @Nullable}.
 */
@NullMarked
package dev.citerag.provider;

import org.jspecify.annotations.NullMarked;
