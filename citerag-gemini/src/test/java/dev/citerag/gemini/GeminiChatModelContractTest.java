package dev.citerag.gemini;

import dev.citerag.chat.ChatModel;
import dev.citerag.testkit.wire.FakeGeminiServer;
import dev.citerag.testkit.wire.WireCall;
import dev.citerag.testkit.wire.WireFakeChatModelContract;
import java.util.Map;

/** The provider contract, on FakeGeminiServer. */
class GeminiChatModelContractTest extends WireFakeChatModelContract<FakeGeminiServer> {
  @Override
  protected FakeGeminiServer newServer() {
    return new FakeGeminiServer();
  }

  @Override
  protected ChatModel chatModel() {
    return GeminiChatModel.builder()
        .apiKey(API_KEY)
        .environment(Map.of())
        .baseUrl(server().apiBaseUrl())
        .model(configuredModel())
        .retryPolicy(CONTRACT_RETRIES)
        .build();
  }

  @Override
  protected String configuredModel() {
    return FakeGeminiServer.DEFAULT_MODEL;
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
