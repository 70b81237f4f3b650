package dev.citerag.ollama;

import dev.citerag.chat.ChatModel;
import dev.citerag.testkit.wire.FakeOllamaServer;
import dev.citerag.testkit.wire.WireCall;
import dev.citerag.testkit.wire.WireFakeChatModelContract;
import java.util.Map;

/** The provider contract, on FakeOllamaServer. */
class OllamaChatModelContractTest extends WireFakeChatModelContract<FakeOllamaServer> {
  @Override
  protected FakeOllamaServer newServer() {
    return new FakeOllamaServer();
  }

  @Override
  protected ChatModel chatModel() {
    return OllamaChatModel.builder()
        .environment(Map.of())
        .baseUrl(server().baseUrl())
        .model(configuredModel())
        .retryPolicy(CONTRACT_RETRIES)
        .build();
  }

  @Override
  protected String configuredModel() {
    return FakeOllamaServer.DEFAULT_CHAT_MODEL;
  }

  @Override
  protected double temperatureSent(WireCall call) {
    return call.json().orElseThrow().path("options").path("temperature").doubleValue();
  }

  @Override
  protected Refusal refusal() {
    return Refusal.NONE;
  }
}
