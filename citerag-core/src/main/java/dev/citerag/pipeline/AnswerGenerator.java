package dev.citerag.pipeline;

import dev.citerag.chat.ChatResponse;

/**
 * Produces a reply in the answer contract's JSON. Either a {@link dev.citerag.chat.ChatModel}
 * (wrapped by the pipeline) or a model-free generator such as {@link ExtractiveGenerator}. Its
 * reply goes through the same parser and validator either way. Thread-safe.
 */
public interface AnswerGenerator {

  /**
   * Produces one reply for {@code request}.
   *
   * @return the raw reply; transport failures throw {@link dev.citerag.ProviderException}
   */
  ChatResponse generate(GenerationRequest request);

  /** For traces, e.g. {@code extractive} or {@code gemini:gemini-2.5-flash}. */
  String name();
}
