package dev.citerag.testkit.fakes;

import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.internal.Checks;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One call a {@link ScriptedChatModel} received, with what it answered.
 *
 * @param request the request exactly as received
 * @param sources the sources read back from the request's user content
 * @param reply the scripted reply that was used, or null when nothing was scripted
 * @param response what {@code chat} returned, or null when it threw
 * @param failure what {@code chat} threw (a scripted provider failure, or the script's own error),
 *     or null
 */
public record RecordedChat(
    ChatRequest request,
    SentSources sources,
    @Nullable Reply reply,
    @Nullable ChatResponse response,
    @Nullable RuntimeException failure) {

  /**
   * Checks the fields.
   *
   * @param request the request exactly as received
   * @param sources the sources read back from the request
   * @param reply the scripted reply, or {@code null}
   * @param response what {@code chat} returned, or {@code null}
   * @param failure what {@code chat} threw, or {@code null}
   * @throws IllegalArgumentException when request or sources is null, or not exactly one of
   *     response and failure is present
   */
  public RecordedChat {
    Checks.notNull(request, "request");
    Checks.notNull(sources, "sources");
    if ((response == null) == (failure == null)) {
      throw new IllegalArgumentException("exactly one of response and failure must be present");
    }
  }

  /** {@return the question found in the user content} */
  public Optional<String> question() {
    return sources.question();
  }

  /** {@return what {@code chat} returned, or empty when it threw} */
  public Optional<ChatResponse> responseOption() {
    return Optional.ofNullable(response);
  }

  /** {@return what {@code chat} threw, or empty when it returned} */
  public Optional<RuntimeException> failureOption() {
    return Optional.ofNullable(failure);
  }
}
