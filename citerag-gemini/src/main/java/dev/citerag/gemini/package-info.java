/**
 * {@link dev.citerag.chat.ChatModel} and {@link dev.citerag.embed.Embedder} over the Gemini
 * Developer API (REST, {@code v1beta}), with no vendor SDK: {@link GeminiChatModel} calls {@code
 * models/{model}:generateContent} with a JSON-schema structured output, {@link GeminiEmbedder}
 * calls {@code models/{model}:batchEmbedContents}. The API key travels only in the {@code
 * x-goog-api-key} header and never appears in a URL, a log line, an exception message or a {@code
 * toString()}.
 *
 * <p>Nullness is declared once here: everything is non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.gemini;

import org.jspecify.annotations.NullMarked;
