package dev.citerag.gemini;

import dev.citerag.chat.ChatModel;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.ChatModelContract;
import dev.citerag.testkit.wire.FakeGeminiServer;
import dev.citerag.testkit.wire.WireCall;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The provider contract, on FakeGeminiServer. */
class GeminiChatModelContractTest extends ChatModelContract {
  private @Nullable FakeGeminiServer server;

  private FakeGeminiServer server() {
    FakeGeminiServer s = server;
    if (s == null) {
      throw new IllegalStateException("server not started");
    }
    return s;
  }

  @Override
  protected void startServer() {
    server = new FakeGeminiServer();
  }

  @Override
  protected void stopServer() {
    server().close();
  }

  @Override
  protected ChatModel chatModel() {
    return GeminiChatModel.builder()
        .apiKey(API_KEY)
        .environment(Map.of())
        .baseUrl(server().apiBaseUrl())
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
    return FakeGeminiServer.DEFAULT_MODEL;
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
    return call.json().orElseThrow().path("generationConfig").path("temperature").doubleValue();
  }

  @Override
  protected String modelSent(WireCall call) {
    return call.path().substring("/v1beta/models/".length(), call.path().indexOf(":"));
  }

  @Override
  protected Refusal refusal() {
    return Refusal.BLOCKED;
  }
}
