/**
 * In-process semantic embeddings: an {@link dev.citerag.embed.Embedder} over ONNX Runtime and the
 * HuggingFace tokenizer. Exports its API package only.
 */
module dev.citerag.onnx {
  requires transitive dev.citerag.core;
  requires com.microsoft.onnxruntime;
  requires ai.djl.tokenizers;
  requires org.slf4j;
  requires static transitive org.jspecify;

  exports dev.citerag.onnx;
}
