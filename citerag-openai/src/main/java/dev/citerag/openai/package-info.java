/**
 * {@link dev.citerag.chat.ChatModel} and {@link dev.citerag.embed.Embedder} over the
 * OpenAI-compatible HTTP API that most model servers speak (OpenAI, vLLM, llama.cpp's server, LM
 * Studio, Ollama's {@code /v1}, OpenRouter, Groq, Together), with no vendor SDK: {@link
 * OpenAiChatModel} calls {@code POST {base}/chat/completions} with a strict JSON-schema structured
 * output, {@link OpenAiEmbedder} calls {@code POST {base}/embeddings}. The API key travels only in
 * the {@code Authorization: Bearer} header and never appears in a URL, a log line, an exception
 * message, a trace or a {@code toString()}.
 *
 * <p>Nullness is declared once here: everything is non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.openai;

import org.jspecify.annotations.NullMarked;
