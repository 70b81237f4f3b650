/**
 * Implementation of the Gemini adapter: HTTP transport, error mapping and the wire format. Not API:
 * anything here may change without notice. Wire DTOs are package-private records.
 */
@NullMarked
package dev.citerag.gemini.internal;

import org.jspecify.annotations.NullMarked;
