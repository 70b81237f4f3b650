/**
 * The connection settings, transport and secret handling that the provider adapters share; exported
 * only to them. Nullness is declared once here: everything is non-null unless marked
 * {@code @Nullable}.
 */
@NullMarked
package dev.citerag.http.internal;

import org.jspecify.annotations.NullMarked;
