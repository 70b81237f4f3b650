package dev.citerag.embed;

import java.util.List;

/**
 * Turns text into vectors. Documents and queries are embedded through separate methods because many
 * models want a different instruction or task for each (e5's {@code query:}/{@code passage:},
 * Gemini's {@code RETRIEVAL_QUERY}/{@code RETRIEVAL_DOCUMENT}). Implementations are thread-safe and
 * return L2-normalised vectors of {@link EmbedderIdentity#dimensions()} components; failures throw
 * {@link dev.citerag.ProviderException}.
 */
public interface Embedder {

  /**
   * Embeds passages for storage. Implementations batch and retry as their provider needs; an empty
   * list gives an empty list without a call.
   *
   * @param documents the passages, none null; some providers also reject blank text
   * @return one vector per input, in input order, each of {@code identity().dimensions()}
   *     components; the caller owns the arrays
   * @throws IllegalArgumentException when the list or an element is null (or, for a provider that
   *     cannot embed it, a text is blank)
   * @throws dev.citerag.ProviderException when the provider fails after the implementation's
   *     retries, or returns a vector of the wrong length or with non-finite components
   */
  List<float[]> embedDocuments(List<DocumentText> documents);

  /**
   * Embeds a question, applying the query instruction ({@link EmbedderIdentity#queryInstruction()})
   * if the model has one.
   *
   * @param query the user's question
   * @return a vector of {@code identity().dimensions()} components, owned by the caller
   * @throws IllegalArgumentException when {@code query} is null (or blank, for providers that
   *     reject it)
   * @throws dev.citerag.ProviderException when the provider fails after retries
   */
  float[] embedQuery(String query);

  /**
   * {@return which model makes the vectors; constant for the embedder's lifetime, and what a store
   * compares before it accepts or searches vectors}
   */
  EmbedderIdentity identity();
}
