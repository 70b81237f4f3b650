package dev.citerag.chat;

/**
 * A language model that answers one structured request. Implementations are thread-safe.
 *
 * <p>Contract: transport and provider failures throw {@link dev.citerag.ProviderException} (after
 * the implementation's own retries); a reply that the provider blocked or truncated is returned as
 * a {@link ChatResponse} with {@link FinishReason#BLOCKED} or {@link FinishReason#LENGTH}. The
 * reply text is returned verbatim: parsing and validating it is the pipeline's job.
 */
public interface ChatModel {

  /**
   * Sends one request and waits for the whole reply (no streaming). When the request has a {@link
   * ChatRequest#timeout()}, the call, retries included, ends within it.
   *
   * @param request the prompt, the response schema and the limits
   * @return the reply, also when the provider blocked or truncated it (see {@link
   *     ChatResponse#finishReason()})
   * @throws dev.citerag.ProviderException when the call fails after the implementation's retries,
   *     or the timeout runs out (kind {@code TIMEOUT})
   */
  ChatResponse chat(ChatRequest request);

  /** {@return a short name for traces and logs, e.g. {@code gemini:gemini-2.5-flash}} */
  String name();
}
