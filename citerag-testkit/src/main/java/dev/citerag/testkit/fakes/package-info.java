/**
 * In-process fakes for every citerag port: a scripted chat model that records what it was shown and
 * can misbehave on purpose, an embedder whose similarities a test controls, and an embedder that
 * replays recorded vectors.
 *
 * <p>Nullness is declared once here: everything is non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.testkit.fakes;

import org.jspecify.annotations.NullMarked;
