/**
 * The rule families (one class each), the text analysis they share, and the WordNet access behind
 * {@link dev.citerag.verify.Lexicon}.
 */
@NullMarked
package dev.citerag.verify.internal;

import org.jspecify.annotations.NullMarked;
