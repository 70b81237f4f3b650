package dev.citerag.pipeline;

import dev.citerag.chat.ChatModel;
import dev.citerag.chat.ChatResponse;
import dev.citerag.embed.Embedder;
import dev.citerag.pipeline.internal.ChatModelGenerator;

/**
 * Produces a reply in the answer contract's JSON: a chat model ({@link #of(ChatModel)}) or a
 * model-free generator such as {@code dev.citerag.extractive.ExtractiveGenerator} (module
 * citerag-extractive). Its reply goes through the same parser and validator either way.
 * Thread-safe.
 *
 * <pre>{@code
 * RagPipeline.builder().generator(AnswerGenerator.of(gemini))...        // a model answers
 * RagPipeline.builder().generator(new ExtractiveGenerator())...          // no model
 * }</pre>
 */
public interface AnswerGenerator {

  /** The output limit per model call of {@link #of(ChatModel)}. */
  int DEFAULT_MAX_OUTPUT_TOKENS = 1024;

  /**
   * Produces one reply for {@code request}; the pipeline parses and validates it.
   *
   * @param request the question, the context sent, the previous attempt's issues and the time left
   * @return the raw reply, also when blocked or truncated (see {@link ChatResponse#finishReason()})
   * @throws dev.citerag.ProviderException when the model call fails after its retries
   */
  ChatResponse generate(GenerationRequest request);

  /**
   * This generator for a pipeline that embeds with {@code embedder}: {@link RagPipeline} calls it
   * once when it is built and uses what it returns. A generator that compares texts itself (the
   * extractive one) may use the pipeline's embedder when it was given none; the default returns
   * this generator.
   *
   * @param embedder the pipeline's embedder
   * @return the generator the pipeline uses
   */
  default AnswerGenerator withPipelineEmbedder(Embedder embedder) {
    return this;
  }

  /**
   * {@return a short name for traces, e.g. {@code extractive} or {@code gemini:gemini-2.5-flash}}
   */
  String name();

  /**
   * {@return the version of the instructions this generator gives the model, recorded in every
   * {@link Trace}'s {@link VerificationIdentity}; {@code unversioned} unless overridden. {@link
   * #of(ChatModel)} returns a digest of citerag's prompt texts and answer schema,
   * citerag-extractive's {@code ExtractiveGenerator} its reader's version}
   */
  default String promptVersion() {
    return "unversioned";
  }

  /**
   * {@code model} asked for the answer contract's JSON (schema-constrained, temperature 0), at most
   * {@value #DEFAULT_MAX_OUTPUT_TOKENS} output tokens per call.
   *
   * @param model the chat model that answers
   * @return the generator, thread-safe as the model is
   * @throws IllegalArgumentException when {@code model} is null
   */
  static AnswerGenerator of(ChatModel model) {
    return new ChatModelGenerator(model, DEFAULT_MAX_OUTPUT_TOKENS);
  }

  /**
   * As {@link #of(ChatModel)}, with another output limit per call.
   *
   * @param model the chat model that answers
   * @param maxOutputTokens the output limit per call, in tokens
   * @return the generator
   * @throws IllegalArgumentException when {@code model} is null or {@code maxOutputTokens} is not
   *     in 1 to 65536
   */
  static AnswerGenerator of(ChatModel model, int maxOutputTokens) {
    return new ChatModelGenerator(model, maxOutputTokens);
  }
}
