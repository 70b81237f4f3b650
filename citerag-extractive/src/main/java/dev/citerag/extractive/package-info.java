/**
 * {@link dev.citerag.extractive.ExtractiveGenerator}: answers with verbatim sentences of the sent
 * sources, or abstains, with no model call. Nullness is declared once here: everything is non-null
 * unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.extractive;

import org.jspecify.annotations.NullMarked;
