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

  ChatResponse chat(ChatRequest request);

  /** A short name for traces and logs, e.g. {@code gemini:gemini-2.5-flash}. */
  String name();
}
