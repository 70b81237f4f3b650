/**
 * Text analysis for full-text search: {@link dev.citerag.text.TextAnalyzer}, the port that turns
 * text into search terms for a language. Nullness is declared once here: everything is non-null
 * unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.text;

import org.jspecify.annotations.NullMarked;
