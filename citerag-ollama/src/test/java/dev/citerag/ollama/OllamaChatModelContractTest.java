package dev.citerag.ollama;

import dev.citerag.chat.ChatModel;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.ChatModelContract;
import dev.citerag.testkit.wire.FakeOllamaServer;
import dev.citerag.testkit.wire.WireCall;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The provider contract, on FakeOllamaServer. */
class OllamaChatModelContractTest extends ChatModelContract {
  private @Nullable FakeOllamaServer server;

  private FakeOllamaServer server() {
    FakeOllamaServer s = server;
    if (s == null) {
      throw new IllegalStateException("server not started");
    }
    return s;
  }

  @Override
  protected void startServer() {
    server = new FakeOllamaServer();
  }

  @Override
  protected void stopServer() {
    server().close();
  }

  @Override
  protected ChatModel chatModel() {
    return OllamaChatModel.builder()
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
    return FakeOllamaServer.DEFAULT_CHAT_MODEL;
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
    return server().chatCalls();
  }

  @Override
  protected double temperatureSent(WireCall call) {
    return call.json().orElseThrow().path("options").path("temperature").doubleValue();
  }

  @Override
  protected String modelSent(WireCall call) {
    return call.json().orElseThrow().path("model").asText();
  }

  @Override
  protected Refusal refusal() {
    return Refusal.NONE;
  }
}
