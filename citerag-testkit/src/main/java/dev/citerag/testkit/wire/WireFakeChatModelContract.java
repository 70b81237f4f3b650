package dev.citerag.testkit.wire;

import dev.citerag.provider.RetryPolicy;
import dev.citerag.testkit.fakes.Reply;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * {@link ChatModelContract} wired to a {@link ChatWireFake}: the subclass says how to start its
 * fake ({@link #newServer()}) and how to build the adapter on it; scripting, delays, the record of
 * calls and stopping go through the fake.
 *
 * <pre>{@code
 * class OpenAiChatModelContractTest extends WireFakeChatModelContract<FakeOpenAiServer> {
 *   protected FakeOpenAiServer newServer() { return new FakeOpenAiServer(); }
 *   protected ChatModel chatModel() {
 *     return OpenAiChatModel.builder().baseUrl(server().apiBaseUrl()).apiKey(API_KEY)
 *         .model(configuredModel()).retryPolicy(CONTRACT_RETRIES).build();
 *   }
 *   ...
 * }
 * }</pre>
 *
 * @param <S> the fake's type
 */
public abstract class WireFakeChatModelContract<S extends ChatWireFake> extends ChatModelContract {

  /**
   * A retry policy that meets the contract's needs: 3 attempts, 50 to 200 ms backoff, 30 s in all.
   */
  protected static final RetryPolicy CONTRACT_RETRIES =
      RetryPolicy.DEFAULT
          .withMaxAttempts(3)
          .withBackoff(Duration.ofMillis(50), Duration.ofMillis(200))
          .withTotalTimeout(Duration.ofSeconds(30));

  private @Nullable S server;

  /** Subclasses are made by JUnit. */
  protected WireFakeChatModelContract() {}

  /**
   * Starts a new fake; called before each test.
   *
   * @return the started fake
   */
  protected abstract S newServer();

  /**
   * The fake of the running test.
   *
   * @return the fake
   * @throws IllegalStateException when no test is running
   */
  protected final S server() {
    S s = server;
    if (s == null) {
      throw new IllegalStateException("server not started");
    }
    return s;
  }

  @Override
  protected final void startServer() {
    server = newServer();
  }

  @Override
  protected final void stopServer() {
    server().close();
  }

  @Override
  protected final void enqueue(Reply... replies) {
    server().enqueue(replies);
  }

  @Override
  protected final void delayResponses(Duration delay) {
    server().delayResponses(delay);
  }

  @Override
  protected final List<WireCall> chatCalls() {
    return server().chatCalls();
  }
}
