/**
 * The extractive reader: candidate sentences, question cues, the answerability features. See the
 * module README; everything is non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.extractive.internal;

import org.jspecify.annotations.NullMarked;
