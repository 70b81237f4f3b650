/**
 * Implementation of the wire fakes: the providers' JSON shapes; not an API, may change without
 * notice.
 *
 * <p>Nullness is declared once here: everything is non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.testkit.wire.internal;

import org.jspecify.annotations.NullMarked;
