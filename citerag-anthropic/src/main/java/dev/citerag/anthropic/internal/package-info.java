/**
 * Implementation of the Anthropic adapter: HTTP transport, error mapping, the wire format and the
 * mapping of native citations to the answer contract. Not API: anything here may change without
 * notice. Wire DTOs are package-private records.
 */
@NullMarked
package dev.citerag.anthropic.internal;

import org.jspecify.annotations.NullMarked;
