package dev.citerag.openai;

import static dev.citerag.openai.Fixtures.KEY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OpenAiBuilderTest {

  @Test
  void the_environment_supplies_base_url_key_and_models() {
    Map<String, String> env =
        Map.of(
            "OPENAI_BASE_URL",
            " http://127.0.0.1:8000/v1/ ",
            "OPENAI_API_KEY",
            KEY,
            "OPENAI_MODEL",
            "meta-llama/Llama-3.1-8B-Instruct",
            "OPENAI_EMBED_MODEL",
            "BAAI/bge-m3");
    OpenAiChatModel chat = OpenAiChatModel.builder().environment(env).build();
    assertThat(chat.baseUrl()).isEqualTo("http://127.0.0.1:8000/v1");
    assertThat(chat.model()).isEqualTo("meta-llama/Llama-3.1-8B-Instruct");
    assertThat(chat.toString()).contains("apiKey=****").doesNotContain(KEY);
    OpenAiEmbedder emb = OpenAiEmbedder.builder().environment(env).build();
    assertThat(emb.model()).isEqualTo("BAAI/bge-m3");
    // the builder wins over the environment
    assertThat(OpenAiChatModel.builder().environment(env).model("llama3.2:latest").build().model())
        .isEqualTo("llama3.2:latest");
  }

  @Test
  void defaults_are_openai_with_its_models() {
    OpenAiChatModel chat = OpenAiChatModel.builder().environment(Map.of()).apiKey(KEY).build();
    assertThat(chat.baseUrl()).isEqualTo("https://api.openai.com/v1");
    assertThat(chat.model()).isEqualTo(OpenAiChatModel.DEFAULT_MODEL);
    assertThat(OpenAiEmbedder.builder().environment(Map.of()).apiKey(KEY).build().model())
        .isEqualTo(OpenAiEmbedder.DEFAULT_MODEL);
  }

  @Test
  void openai_itself_needs_a_key_a_local_server_does_not() {
    assertThatThrownBy(() -> OpenAiChatModel.builder().environment(Map.of()).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("OPENAI_API_KEY");
    OpenAiChatModel local =
        OpenAiChatModel.builder()
            .environment(Map.of())
            .baseUrl("http://127.0.0.1:11434/v1")
            .build();
    assertThat(local.toString()).contains("apiKey=<none>");
  }

  @Test
  void bad_settings_are_rejected_naming_the_field_and_never_echoing_a_secret() {
    assertThatThrownBy(() -> OpenAiChatModel.builder().baseUrl("http://user:" + KEY + "@h/v1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("baseUrl")
        .hasMessageNotContaining(KEY);
    assertThatThrownBy(() -> OpenAiChatModel.builder().baseUrl("ftp://h/v1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("baseUrl");
    assertThatThrownBy(() -> OpenAiChatModel.builder().baseUrl("http://h/v1?key=" + KEY))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining(KEY);
    assertThatThrownBy(() -> OpenAiChatModel.builder().apiKey(KEY + "\u00e9"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("apiKey")
        .hasMessageNotContaining(KEY);
    assertThatThrownBy(
            () ->
                OpenAiChatModel.builder().environment(Map.of("OPENAI_API_KEY", KEY + " x")).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("OPENAI_API_KEY")
        .hasMessageNotContaining(KEY);
    assertThatThrownBy(() -> OpenAiChatModel.builder().model("gpt 4"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("model");
    assertThatThrownBy(() -> OpenAiChatModel.builder().temperature(2.5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("temperature");
    assertThatThrownBy(() -> OpenAiChatModel.builder().maxOutputTokens(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxOutputTokens");
    assertThatThrownBy(() -> OpenAiEmbedder.builder().batchSize(4096))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("batchSize");
    assertThatThrownBy(() -> OpenAiEmbedder.builder().dimensions(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("dimensions");
    assertThatThrownBy(
            () ->
                OpenAiChatModel.builder()
                    .environment(Map.of())
                    .apiKey(KEY)
                    .connectTimeout(Duration.ofSeconds(5))
                    .callTimeout(Duration.ofSeconds(1))
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("connectTimeout");
  }

  @Test
  void toBuilder_keeps_settings_as_given() {
    OpenAiChatModel m =
        OpenAiChatModel.builder()
            .environment(Map.of("OPENAI_API_KEY", KEY))
            .baseUrl("http://127.0.0.1:1/v1")
            .structuredOutput(OpenAiChatModel.StructuredOutput.JSON_OBJECT)
            .temperature(0.3)
            .build();
    OpenAiChatModel copy = m.toBuilder().build();
    assertThat(copy.toString()).isEqualTo(m.toString());
  }
}
