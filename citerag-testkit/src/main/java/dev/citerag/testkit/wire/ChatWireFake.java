package dev.citerag.testkit.wire;

import dev.citerag.testkit.fakes.Reply;
import java.time.Duration;
import java.util.List;

/**
 * A provider's wire fake as a chat test drives it: told to reply (or fail) through scripted {@link
 * Reply replies}, slowed down to provoke timeouts, asked what chat requests it received, and
 * closed. {@link FakeOpenAiServer}, {@link FakeGeminiServer}, {@link FakeOllamaServer} and {@link
 * FakeAnthropicServer} are such fakes; {@link WireFakeChatModelContract} runs the chat contract on
 * any of them.
 */
public interface ChatWireFake extends AutoCloseable {

  /**
   * Queues replies for chat calls: answers, or failures such as {@link Reply#rateLimited}.
   *
   * @param replies the replies, used once each in order
   * @return this fake
   */
  ChatWireFake enqueue(Reply... replies);

  /**
   * Delays every response's headers by {@code delay}; default zero.
   *
   * @param delay how long each response waits before its headers are sent
   * @return this fake
   * @throws IllegalArgumentException when negative
   */
  ChatWireFake delayResponses(Duration delay);

  /** {@return the chat requests received, in arrival order (other endpoints left out)} */
  List<WireCall> chatCalls();

  /** Stops the fake. */
  @Override
  void close();
}
