/**
 * The Anthropic Messages API as a {@link dev.citerag.chat.ChatModel} and, with Claude's native
 * citations, as a {@link dev.citerag.pipeline.TypedAnswerGenerator} whose citations citerag
 * re-verifies.
 */
module dev.citerag.anthropic {
  requires transitive dev.citerag.core;
  requires dev.citerag.http;
  // Builder.httpClient(OkHttpClient) lets a caller share its client
  requires transitive okhttp3;
  requires com.fasterxml.jackson.databind;
  requires org.slf4j;
  requires static transitive org.jspecify;

  exports dev.citerag.anthropic;

  // Jackson binds the package-private wire records
  opens dev.citerag.anthropic.internal to
      com.fasterxml.jackson.databind;
}
