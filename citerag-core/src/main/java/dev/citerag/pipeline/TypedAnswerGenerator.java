package dev.citerag.pipeline;

import dev.citerag.chat.ChatResponse;

/**
 * An {@link AnswerGenerator} whose reply is not the answer contract's JSON but something it maps to
 * an answer itself, such as a provider's native citations (Claude's {@code char_location}
 * citations): it hands the pipeline the typed answer, which is then validated exactly like a parsed
 * one (sent ids, quotes, support, coverage), together with the problems only the generator can see
 * (a provider's offsets that do not hold its quote). Thread-safe.
 *
 * <pre>{@code
 * RagPipeline.builder().generator(claude.answerGenerator())...   // Claude's own citations, re-verified
 * }</pre>
 */
public interface TypedAnswerGenerator extends AnswerGenerator {

  /**
   * Produces one reply for {@code request} and the answer it maps to.
   *
   * @param request the question, the context sent, the previous attempt's issues and the time left
   * @return the raw reply (also when blocked or truncated) with its answer and the generator's
   *     issues
   * @throws dev.citerag.ProviderException when the model call fails after its retries
   */
  GeneratedAnswer generateAnswer(GenerationRequest request);

  /**
   * {@return the reply of {@link #generateAnswer}: what the pipeline traces}
   *
   * @param request the question, the context sent, the previous attempt's issues and the time left
   * @throws dev.citerag.ProviderException when the model call fails after its retries
   */
  @Override
  default ChatResponse generate(GenerationRequest request) {
    return generateAnswer(request).reply();
  }
}
