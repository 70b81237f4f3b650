/**
 * {@link dev.citerag.analysis.SnowballAnalyzer}: a {@link dev.citerag.text.TextAnalyzer} for each
 * language Lucene has a Snowball stemmer for. Nullness is declared once here: everything is
 * non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.analysis;

import org.jspecify.annotations.NullMarked;
