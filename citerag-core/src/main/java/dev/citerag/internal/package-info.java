/** Implementation helpers shared by citerag modules; not an API, may change without notice. */
@NullMarked
package dev.citerag.internal;

import org.jspecify.annotations.NullMarked;
