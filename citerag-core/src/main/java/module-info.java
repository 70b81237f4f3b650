/**
 * citerag's core: the pipeline, the answer contract and its validator, ingestion, the ports ({@link
 * dev.citerag.chat.ChatModel}, {@link dev.citerag.embed.Embedder}, {@link
 * dev.citerag.store.VectorStore}) and an in-memory store.
 *
 * <p>Only the API packages are exported. The {@code .internal} packages are exported to citerag's
 * own sibling modules and to nobody else; they may change without notice.
 */
module dev.citerag.core {
  // No Jackson type is part of the API (a ChatRequest carries a ResponseSchema value); only the
  // answer records' binding annotations are, hence the annotations module is transitive.
  requires transitive com.fasterxml.jackson.annotation;
  requires com.fasterxml.jackson.databind;
  requires org.slf4j;
  requires static transitive org.jspecify;

  exports dev.citerag;
  exports dev.citerag.answer;
  exports dev.citerag.chat;
  exports dev.citerag.context;
  exports dev.citerag.embed;
  exports dev.citerag.ingest;
  exports dev.citerag.pipeline;
  exports dev.citerag.provider;
  exports dev.citerag.rerank;
  exports dev.citerag.render;
  exports dev.citerag.store;
  exports dev.citerag.text;
  exports dev.citerag.internal to
      dev.citerag.anthropic,
      dev.citerag.testkit,
      dev.citerag.extractive,
      dev.citerag.pgvector,
      dev.citerag.http,
      dev.citerag.gemini,
      dev.citerag.ollama,
      dev.citerag.openai,
      dev.citerag.onnx,
      dev.citerag.loaders,
      dev.citerag.verify;
  exports dev.citerag.text.internal to
      dev.citerag.analysis,
      dev.citerag.testkit,
      dev.citerag.pgvector,
      dev.citerag.loaders,
      dev.citerag.extractive,
      dev.citerag.verify;
  exports dev.citerag.provider.internal to
      dev.citerag.anthropic,
      dev.citerag.http,
      dev.citerag.gemini,
      dev.citerag.ollama,
      dev.citerag.openai;
  exports dev.citerag.store.internal to
      dev.citerag.testkit,
      dev.citerag.pgvector;
  exports dev.citerag.embed.internal to
      dev.citerag.testkit,
      dev.citerag.extractive,
      dev.citerag.gemini,
      dev.citerag.ollama;
  // the answer schema, its parser and the prompt texts: the testkit's fakes and the provider
  // modules' wire tests check requests against them
  exports dev.citerag.answer.internal to
      dev.citerag.anthropic,
      dev.citerag.testkit,
      dev.citerag.extractive,
      dev.citerag.gemini,
      dev.citerag.openai,
      dev.citerag.verify;
  exports dev.citerag.context.internal to
      dev.citerag.anthropic,
      dev.citerag.testkit,
      dev.citerag.gemini,
      dev.citerag.openai;

  // Jackson binds the model's reply to ModelAnswer, Claim and Citation
  opens dev.citerag.answer to
      com.fasterxml.jackson.databind;
}
