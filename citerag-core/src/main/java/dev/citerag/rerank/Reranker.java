package dev.citerag.rerank;

import java.util.List;

/**
 * Scores retrieved passages against the question with a model that reads both together (a
 * cross-encoder), to reorder the fused candidates before the context is built. Higher scores mean
 * more relevant; the scale is the model's own (often a probability in [0, 1], sometimes a logit),
 * so a {@code minRerankScore} gate must be chosen for the model in use.
 *
 * <p>A pipeline without a reranker keeps the fused order (the default). Adapters: {@code
 * dev.citerag.openai.RerankClient} for the {@code /rerank} APIs of vLLM, llama.cpp, Hugging Face
 * TEI, Jina and Cohere. Implementations are thread-safe and throw {@link
 * dev.citerag.ProviderException} on provider failures.
 *
 * <pre>{@code
 * RagPipeline rag = RagPipeline.builder()...reranker(reranker).minRerankScore(0.2).build();
 * }</pre>
 */
public interface Reranker {

  /** {@return the model's name, for the trace} */
  String name();

  /**
   * Scores each document for the query.
   *
   * @param query the user's question
   * @param documents the passages, at least one
   * @return one finite score per document, in the order of {@code documents}
   * @throws dev.citerag.ProviderException when the reranking service fails
   */
  List<Double> score(String query, List<String> documents);
}
