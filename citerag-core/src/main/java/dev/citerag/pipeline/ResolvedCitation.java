package dev.citerag.pipeline;

import dev.citerag.store.Chunk;

/**
 * A validated citation resolved to the chunk it names.
 *
 * @param claimIndex 0-based index of the claim it supports
 * @param sourceId the id the model cited
 * @param quote the cited text exactly as the chunk writes it (located by the quote the model gave,
 *     under the quotation normalisation), never the model's own rendering
 * @param chunk the cited chunk
 */
public record ResolvedCitation(int claimIndex, String sourceId, String quote, Chunk chunk) {}
