/** Implementation of the loaders; not API. */
@NullMarked
package dev.citerag.loaders.internal;

import org.jspecify.annotations.NullMarked;
