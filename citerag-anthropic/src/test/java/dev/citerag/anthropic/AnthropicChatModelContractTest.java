package dev.citerag.anthropic;

import dev.citerag.chat.ChatModel;
import dev.citerag.testkit.wire.FakeAnthropicServer;
import dev.citerag.testkit.wire.WireFakeChatModelContract;
import java.util.Map;

/** The provider contract, on FakeAnthropicServer. */
class AnthropicChatModelContractTest extends WireFakeChatModelContract<FakeAnthropicServer> {
  @Override
  protected FakeAnthropicServer newServer() {
    return new FakeAnthropicServer();
  }

  @Override
  protected ChatModel chatModel() {
    return AnthropicChatModel.builder()
        .apiKey(API_KEY)
        .environment(Map.of())
        .baseUrl(server().baseUrl())
        .model(configuredModel())
        .retryPolicy(CONTRACT_RETRIES)
        .build();
  }

  @Override
  protected String configuredModel() {
    return FakeAnthropicServer.DEFAULT_MODEL;
  }

  @Override
  protected Refusal refusal() {
    return Refusal.BLOCKED;
  }
}
