package dev.citerag.anthropic;

import dev.citerag.chat.ChatModel;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.ChatModelContract;
import dev.citerag.testkit.wire.FakeAnthropicServer;
import dev.citerag.testkit.wire.WireCall;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The provider contract, on FakeAnthropicServer. */
class AnthropicChatModelContractTest extends ChatModelContract {
  private @Nullable FakeAnthropicServer server;

  private FakeAnthropicServer server() {
    FakeAnthropicServer s = server;
    if (s == null) {
      throw new IllegalStateException("server not started");
    }
    return s;
  }

  @Override
  protected void startServer() {
    server = new FakeAnthropicServer();
  }

  @Override
  protected void stopServer() {
    server().close();
  }

  @Override
  protected ChatModel chatModel() {
    return AnthropicChatModel.builder()
        .apiKey(API_KEY)
        .environment(Map.of())
        .baseUrl(server().baseUrl())
        .model(configuredModel())
        .retryPolicy(
            RetryPolicy.DEFAULT
                .withMaxAttempts(3)
                .withBackoff(Duration.ofMillis(50), Duration.ofMillis(200))
                .withTotalTimeout(Duration.ofSeconds(30)))
        .build();
  }

  @Override
  protected String configuredModel() {
    return FakeAnthropicServer.DEFAULT_MODEL;
  }

  @Override
  protected void enqueue(Reply... replies) {
    server().enqueue(replies);
  }

  @Override
  protected void delayResponses(Duration delay) {
    server().delayResponses(delay);
  }

  @Override
  protected List<WireCall> chatCalls() {
    return server().messageCalls();
  }

  @Override
  protected double temperatureSent(WireCall call) {
    return call.json().orElseThrow().path("temperature").doubleValue();
  }

  @Override
  protected String modelSent(WireCall call) {
    return call.json().orElseThrow().path("model").asText();
  }

  @Override
  protected Refusal refusal() {
    return Refusal.BLOCKED;
  }
}
