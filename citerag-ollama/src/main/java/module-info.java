/** Ollama as a {@link dev.citerag.chat.ChatModel} and an {@link dev.citerag.embed.Embedder}. */
module dev.citerag.ollama {
  requires transitive dev.citerag.core;
  requires dev.citerag.http;
  // ClientBuilder.httpClient(OkHttpClient) lets a caller share its client
  requires transitive okhttp3;
  requires com.fasterxml.jackson.databind;
  requires org.slf4j;
  requires static transitive org.jspecify;

  exports dev.citerag.ollama;

  // Jackson binds the package-private wire records
  opens dev.citerag.ollama.internal to
      com.fasterxml.jackson.databind;
}
