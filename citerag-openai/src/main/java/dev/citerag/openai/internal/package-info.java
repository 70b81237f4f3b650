/**
 * Implementation of the OpenAI-compatible adapter: HTTP transport, error mapping, retry hints and
 * the wire format. Not API: anything here may change without notice. Wire DTOs are package-private
 * records.
 */
@NullMarked
package dev.citerag.openai.internal;

import org.jspecify.annotations.NullMarked;
