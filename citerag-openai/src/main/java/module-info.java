/**
 * The OpenAI-compatible Chat Completions and Embeddings API (OpenAI, vLLM, llama.cpp, LM Studio,
 * Ollama {@code /v1}, OpenRouter) as a {@link dev.citerag.chat.ChatModel} and an {@link
 * dev.citerag.embed.Embedder}.
 */
module dev.citerag.openai {
  requires transitive dev.citerag.core;
  requires dev.citerag.http;
  // ClientBuilder.httpClient(OkHttpClient) lets a caller share its client
  requires transitive okhttp3;
  requires com.fasterxml.jackson.databind;
  requires org.slf4j;
  requires static transitive org.jspecify;

  exports dev.citerag.openai;

  // Jackson binds the package-private wire records
  opens dev.citerag.openai.internal to
      com.fasterxml.jackson.databind;
}
