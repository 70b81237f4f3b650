/** Implementation details of the embedders in {@code dev.citerag.embed}; not an API. */
@NullMarked
package dev.citerag.embed.internal;

import org.jspecify.annotations.NullMarked;
