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

  /** Embeds passages for storage, one vector per input, in input order. */
  List<float[]> embedDocuments(List<DocumentText> documents);

  /** Embeds a question, applying the query instruction if the model has one. */
  float[] embedQuery(String query);

  EmbedderIdentity identity();
}
