/**
 * Internal to citerag: what the provider adapters share on the wire (connection settings, an OkHttp
 * transport under core's retry policy, the mapping of transport failures, secret scrubbing). It has
 * no public API: its one package is exported only to the adapter modules.
 */
module dev.citerag.http {
  requires transitive dev.citerag.core;
  requires transitive okhttp3;
  requires org.slf4j;
  requires static transitive org.jspecify;

  exports dev.citerag.http.internal to
      dev.citerag.anthropic,
      dev.citerag.gemini,
      dev.citerag.ollama,
      dev.citerag.openai;
}
