/**
 * {@link dev.citerag.chat.ChatModel} and {@link dev.citerag.embed.Embedder} over the REST API of a
 * local <a href="https://ollama.com">Ollama</a> server: keyless, and nothing leaves the host.
 *
 * <p>Entry points: {@link dev.citerag.ollama.OllamaChatModel#builder()} and {@link
 * dev.citerag.ollama.OllamaEmbedder#builder()}. Everything else lives in {@code
 * dev.citerag.ollama.internal} and is not API.
 *
 * <p>Left out on purpose: streaming to the caller (the pipeline validates a whole reply, so the
 * adapter always asks for {@code "stream": false}), tool calls, images, and the legacy {@code
 * /api/embeddings} endpoint (its vectors are not normalised and it takes one text per request).
 */
@NullMarked
package dev.citerag.ollama;

import org.jspecify.annotations.NullMarked;
