package dev.citerag.openai;

import dev.citerag.chat.ChatModel;
import dev.citerag.testkit.wire.FakeOpenAiServer;
import dev.citerag.testkit.wire.WireFakeChatModelContract;
import java.util.Map;

/** The provider contract, on FakeOpenAiServer. */
class OpenAiChatModelContractTest extends WireFakeChatModelContract<FakeOpenAiServer> {
  @Override
  protected FakeOpenAiServer newServer() {
    return new FakeOpenAiServer();
  }

  @Override
  protected ChatModel chatModel() {
    return OpenAiChatModel.builder()
        .apiKey(API_KEY)
        .environment(Map.of())
        .baseUrl(server().apiBaseUrl())
        .model(configuredModel())
        .retryPolicy(CONTRACT_RETRIES)
        .build();
  }

  @Override
  protected String configuredModel() {
    return FakeOpenAiServer.DEFAULT_MODEL;
  }

  @Override
  protected Refusal refusal() {
    return Refusal.BLOCKED;
  }
}
