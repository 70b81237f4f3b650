/**
 * The runnable main job: the {@code citerag} command line ({@link dev.citerag.examples.Main}) and a
 * small host service built on the pipeline ({@link dev.citerag.examples.HelpdeskService}). Nullness
 * is declared once here: everything is non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.examples;

import org.jspecify.annotations.NullMarked;
