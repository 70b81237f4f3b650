package dev.citerag.testkit.fakes;

import dev.citerag.ProviderException;
import dev.citerag.chat.FinishReason;
import dev.citerag.internal.Checks;

/**
 * What a scripted {@link Reply} turns into for one call: reply text with a finish reason, or a
 * provider failure. The in-process {@link ScriptedChatModel} returns the text in a {@link
 * dev.citerag.chat.ChatResponse} or throws the exception; the wire fakes render either in their
 * provider's JSON and status codes.
 */
public sealed interface ScriptedOutcome {

  /**
   * A reply.
   *
   * @param text the reply text, verbatim (may be empty, e.g. when blocked)
   * @param finishReason why the model stopped
   * @param providerFinishReason the provider's word: {@code stop}, {@code length}, {@code SAFETY},
   *     or {@code PROMPT_BLOCKED:<reason>} for a prompt the provider refused
   */
  record Text(String text, FinishReason finishReason, String providerFinishReason)
      implements ScriptedOutcome {
    /**
     * Checks the fields.
     *
     * @param text the reply text
     * @param finishReason why the model stopped
     * @param providerFinishReason the provider's word, not blank
     * @throws IllegalArgumentException when a field is null or the provider's word blank
     */
    public Text {
      Checks.notNull(text, "text");
      Checks.notNull(finishReason, "finishReason");
      Checks.notBlank(providerFinishReason, "providerFinishReason");
    }

    /** {@return whether the provider refused the prompt itself (no candidate at all)} */
    public boolean promptBlocked() {
      return providerFinishReason.startsWith(Reply.PROMPT_BLOCKED_PREFIX);
    }
  }

  /**
   * A provider failure.
   *
   * @param exception what the call throws (in process) or what the HTTP error represents (wire)
   */
  record Failure(ProviderException exception) implements ScriptedOutcome {
    /**
     * Checks the exception.
     *
     * @param exception the failure
     * @throws IllegalArgumentException when {@code exception} is null
     */
    public Failure {
      Checks.notNull(exception, "exception");
    }
  }
}
