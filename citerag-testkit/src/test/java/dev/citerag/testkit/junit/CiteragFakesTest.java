package dev.citerag.testkit.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.testkit.fakes.DeterministicEmbedder;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.fakes.ScriptedChatModel;
import dev.citerag.testkit.wire.FakeGeminiServer;
import dev.citerag.testkit.wire.FakeOllamaServer;
import dev.citerag.testkit.wire.FakeOpenAiServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

@CiteragFakes
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CiteragFakesTest {

  private static ScriptedChatModel firstModel;
  private static FakeGeminiServer firstGemini;
  private static FakeOllamaServer firstOllama;
  private static FakeOpenAiServer firstOpenAi;

  private ScriptedChatModel fromBeforeEach;

  @BeforeEach
  void setUp(ScriptedChatModel model) {
    this.fromBeforeEach = model;
    model.otherwise(Reply.notInSources());
  }

  @Test
  @Order(1)
  void injects_fakes_and_shares_one_instance_per_type_within_a_test(
      ScriptedChatModel model,
      ScriptedChatModel again,
      DeterministicEmbedder embedder,
      FakeGeminiServer gemini,
      FakeOllamaServer ollama,
      FakeOpenAiServer openai)
      throws IOException {
    assertThat(model).isSameAs(fromBeforeEach).isSameAs(again);
    assertThat(embedder.dimensions()).isEqualTo(DeterministicEmbedder.DEFAULT_DIMENSIONS);
    assertThat(reachable(gemini.baseUrl())).isTrue();
    assertThat(reachable(ollama.baseUrl())).isTrue();
    assertThat(reachable(openai.baseUrl())).isTrue();
    firstModel = model;
    firstGemini = gemini;
    firstOllama = ollama;
    firstOpenAi = openai;
  }

  @Test
  @Order(2)
  void gives_each_test_fresh_fakes_and_closed_the_previous_servers(
      ScriptedChatModel model, FakeGeminiServer gemini) {
    assertThat(firstModel).as("test 1 ran first").isNotNull();
    assertThat(model).isNotSameAs(firstModel);
    assertThat(model.callCount()).isZero();
    assertThat(gemini).isNotSameAs(firstGemini);
    assertThrows(IOException.class, () -> reachable(firstGemini.baseUrl()));
    assertThrows(IOException.class, () -> reachable(firstOllama.baseUrl()));
    assertThrows(IOException.class, () -> reachable(firstOpenAi.baseUrl()));
  }

  private static boolean reachable(String baseUrl) throws IOException {
    URI u = URI.create(baseUrl);
    try (Socket s = new Socket(u.getHost(), u.getPort())) {
      return s.isConnected();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
