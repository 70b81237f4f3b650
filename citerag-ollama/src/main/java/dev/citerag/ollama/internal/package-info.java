/**
 * Implementation of the Ollama adapter: host resolution, HTTP transport, error mapping and the
 * package-private wire records. Not API: anything here may change without notice.
 */
@NullMarked
package dev.citerag.ollama.internal;

import org.jspecify.annotations.NullMarked;
