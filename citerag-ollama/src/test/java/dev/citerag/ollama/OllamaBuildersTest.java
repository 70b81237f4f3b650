package dev.citerag.ollama;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OllamaBuildersTest {

  @Test
  void defaults_apply_when_neither_builder_nor_environment_says_otherwise() {
    OllamaChatModel chat = OllamaChatModel.builder().environment(Map.of()).build();
    OllamaEmbedder embedder = OllamaEmbedder.builder().environment(Map.of()).build();

    assertThat(chat.baseUrl()).isEqualTo("http://127.0.0.1:11434");
    assertThat(chat.model()).isEqualTo("llama3.2");
    assertThat(chat.temperature()).isEmpty();
    assertThat(chat.numCtx()).isEmpty();
    assertThat(embedder.baseUrl()).isEqualTo("http://127.0.0.1:11434");
    assertThat(embedder.model()).isEqualTo("nomic-embed-text");
    assertThat(embedder.batchSize()).isEqualTo(64);
    assertThat(embedder.dimensions()).isEmpty();
    assertThat(embedder.prefixes()).isEqualTo(OllamaEmbedder.Prefixes.NONE);
  }

  @Test
  void environment_supplies_host_and_models() {
    Map<String, String> env =
        Map.of(
            "OLLAMA_HOST", "0.0.0.0:11500",
            "OLLAMA_MODEL", "qwen3:8b",
            "OLLAMA_EMBED_MODEL", "qwen3-embedding:0.6b");

    OllamaChatModel chat = OllamaChatModel.builder().environment(env).build();
    OllamaEmbedder embedder = OllamaEmbedder.builder().environment(env).build();

    assertThat(chat.baseUrl()).isEqualTo("http://127.0.0.1:11500");
    assertThat(chat.model()).isEqualTo("qwen3:8b");
    assertThat(embedder.baseUrl()).isEqualTo("http://127.0.0.1:11500");
    assertThat(embedder.model()).isEqualTo("qwen3-embedding:0.6b");
  }

  @Test
  void explicit_settings_win_over_the_environment() {
    Map<String, String> env = Map.of("OLLAMA_HOST", "gpu-box:11434", "OLLAMA_MODEL", "qwen3:8b");

    OllamaChatModel chat =
        OllamaChatModel.builder()
            .environment(env)
            .baseUrl("http://localhost:9999")
            .model("llama3.2:1b")
            .build();

    assertThat(chat.baseUrl()).isEqualTo("http://localhost:9999");
    assertThat(chat.model()).isEqualTo("llama3.2:1b");
  }

  @ParameterizedTest(name = "OLLAMA_HOST={0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "127.0.0.1:11434               | http://127.0.0.1:11434",
        "0.0.0.0                       | http://127.0.0.1:11434",
        "0.0.0.0:11434                 | http://127.0.0.1:11434",
        ":8080                         | http://127.0.0.1:8080",
        "gpu-box                       | http://gpu-box:11434",
        "gpu-box:9000                  | http://gpu-box:9000",
        "http://gpu-box:11434/         | http://gpu-box:11434",
        "http://gpu-box                | http://gpu-box",
        "https://ollama.example.com    | https://ollama.example.com",
        "https://example.com:8443/ollama | https://example.com:8443/ollama",
        "[::]:11434                    | http://[::1]:11434",
        "[::1]                         | http://[::1]:11434",
        "'\"localhost:11434\"'         | http://localhost:11434",
      })
  void ollama_host_forms_are_normalised_like_the_ollama_cli_does(String raw, String expected) {
    OllamaChatModel chat =
        OllamaChatModel.builder().environment(Map.of("OLLAMA_HOST", raw)).build();

    assertThat(chat.baseUrl()).isEqualTo(expected);
  }

  @Test
  void blank_environment_values_are_ignored() {
    OllamaChatModel chat =
        OllamaChatModel.builder()
            .environment(Map.of("OLLAMA_HOST", "  ", "OLLAMA_MODEL", ""))
            .build();

    assertThat(chat.baseUrl()).isEqualTo("http://127.0.0.1:11434");
    assertThat(chat.model()).isEqualTo("llama3.2");
  }

  @Test
  void malformed_ollama_host_is_rejected_at_build_naming_the_variable() {
    OllamaChatModel.Builder b =
        OllamaChatModel.builder().environment(Map.of("OLLAMA_HOST", "gpu-box:99999"));

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);

    assertThat(e.getMessage()).startsWith("OLLAMA_HOST port must be between 1 and 65535");
  }

  @Test
  void bad_base_urls_are_rejected_at_once_naming_the_field() {
    OllamaChatModel.Builder b = OllamaChatModel.builder();

    assertThat(
            assertThrows(IllegalArgumentException.class, () -> b.baseUrl("ftp://host"))
                .getMessage())
        .isEqualTo("baseUrl must use http or https, was \"ftp://...\"");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.baseUrl(" ")).getMessage())
        .isEqualTo("baseUrl must not be blank");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.baseUrl(null)).getMessage())
        .isEqualTo("baseUrl must not be null");
    assertThat(
            assertThrows(IllegalArgumentException.class, () -> b.baseUrl("host:abc")).getMessage())
        .startsWith("baseUrl port must be a number");
    assertThat(
            assertThrows(IllegalArgumentException.class, () -> b.baseUrl("http://host/?x=1"))
                .getMessage())
        .startsWith("baseUrl must not contain a query");
    IllegalArgumentException credentials =
        assertThrows(IllegalArgumentException.class, () -> b.baseUrl("https://user:s3cret@host"));
    assertThat(credentials.getMessage())
        .startsWith("baseUrl must not contain credentials")
        .doesNotContain("s3cret");
  }

  @Test
  void bad_values_are_rejected_at_once_naming_the_field_and_rule() {
    OllamaChatModel.Builder chat = OllamaChatModel.builder();
    OllamaEmbedder.Builder embed = OllamaEmbedder.builder();

    assertThat(message(() -> chat.model(" "))).isEqualTo("model must not be blank");
    assertThat(message(() -> chat.model("llama 3")))
        .startsWith("model must not contain whitespace");
    assertThat(message(() -> chat.temperature(2.5)))
        .isEqualTo("temperature must be between 0.0 and 2.0, was 2.5");
    assertThat(message(() -> chat.numCtx(0))).startsWith("numCtx must be between 1 and");
    assertThat(message(() -> chat.thinkLevel("extreme"))).startsWith("thinkLevel must be one of");
    assertThat(message(() -> chat.connectTimeout(Duration.ZERO)))
        .isEqualTo("connectTimeout must be > 0, was PT0S");
    assertThat(message(() -> chat.readTimeout(Duration.ofSeconds(-1))))
        .startsWith("readTimeout must be > 0");
    assertThat(message(() -> chat.firstCallTimeout(Duration.ofHours(2))))
        .startsWith("firstCallTimeout must be <=");
    assertThat(message(() -> chat.keepAlive("5 minutes")))
        .startsWith("keepAlive must be a Go duration");
    assertThat(message(() -> chat.retryPolicy(null))).isEqualTo("retryPolicy must not be null");
    assertThat(message(() -> chat.retrySleeper(null))).isEqualTo("retrySleeper must not be null");
    assertThat(message(() -> chat.httpClient(null))).isEqualTo("httpClient must not be null");
    Map<String, String> withNull = new HashMap<>();
    withNull.put("OLLAMA_HOST", null);
    assertThat(message(() -> chat.environment(withNull)))
        .startsWith("environment must not contain null");
    assertThat(message(() -> embed.batchSize(0)))
        .isEqualTo("batchSize must be between 1 and 2048, was 0");
    assertThat(message(() -> embed.dimensions(-3))).startsWith("dimensions must be between 1 and");
    assertThat(message(() -> embed.queryPrefix(null))).isEqualTo("queryPrefix must not be null");
    assertThat(message(() -> embed.prefixes(null))).isEqualTo("prefixes must not be null");
  }

  @Test
  void keep_alive_accepts_go_durations_and_seconds() {
    OllamaChatModel.Builder b = OllamaChatModel.builder().environment(Map.of());

    for (String ok : new String[] {"10m", "1h30m", "24h", "-1", "0", "300", "1.5h", "500ms"}) {
      b.keepAlive(ok);
    }
    assertThat(b.build()).isNotNull();
  }

  @Test
  void a_keep_alive_of_thousands_of_elements_is_a_result_not_a_stack_overflow() throws Exception {
    java.util.concurrent.atomic.AtomicReference<Object> out =
        new java.util.concurrent.atomic.AtomicReference<>();
    Thread t =
        new Thread(
            null,
            () -> {
              try {
                OllamaChatModel.builder().environment(Map.of()).keepAlive("1s".repeat(20_000));
                out.set("accepted");
              } catch (Throwable e) {
                out.set(e);
              }
            },
            "small-stack",
            256 * 1024);
    t.start();
    t.join();
    assertThat(out.get()).isEqualTo("accepted");
  }

  @Test
  void first_call_timeout_shorter_than_read_timeout_is_rejected_at_build() {
    OllamaEmbedder.Builder b =
        OllamaEmbedder.builder()
            .environment(Map.of())
            .readTimeout(Duration.ofMinutes(3))
            .firstCallTimeout(Duration.ofMinutes(1));

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);

    assertThat(e.getMessage())
        .isEqualTo("firstCallTimeout must be >= readTimeout, was PT1M < PT3M");
  }

  @Test
  void to_builder_derives_a_variant_and_leaves_the_original_unchanged() {
    OllamaEmbedder original =
        OllamaEmbedder.builder()
            .environment(Map.of("OLLAMA_HOST", "gpu-box"))
            .model("mxbai-embed-large")
            .prefixes(OllamaEmbedder.Prefixes.MXBAI)
            .batchSize(16)
            .dimensions(512)
            .build();

    OllamaEmbedder variant = original.toBuilder().batchSize(128).build();

    assertThat(variant.batchSize()).isEqualTo(128);
    assertThat(variant.baseUrl()).isEqualTo("http://gpu-box:11434");
    assertThat(variant.model()).isEqualTo("mxbai-embed-large");
    assertThat(variant.prefixes()).isEqualTo(OllamaEmbedder.Prefixes.MXBAI);
    assertThat(variant.dimensions()).hasValue(512);
    assertThat(original.batchSize()).isEqualTo(16);

    OllamaChatModel chat =
        OllamaChatModel.builder().environment(Map.of()).seed(7).numCtx(4096).build();
    OllamaChatModel warmer = chat.toBuilder().temperature(0.7).build();
    assertThat(warmer.numCtx()).hasValue(4096);
    assertThat(warmer.temperature()).hasValue(0.7);
    assertThat(chat.temperature()).isEmpty();
  }

  @Test
  void qwen3_prefix_follows_the_model_card_template_and_leaves_documents_bare() {
    OllamaEmbedder.Prefixes p = OllamaEmbedder.Prefixes.qwen3("Find the runbook step");

    assertThat(p.query()).isEqualTo("Instruct: Find the runbook step\nQuery:");
    assertThat(p.document()).isEmpty();
    assertThat(OllamaEmbedder.Prefixes.QWEN3.query())
        .startsWith("Instruct: Given a web search query");
    assertThat(message(() -> OllamaEmbedder.Prefixes.qwen3(" ")))
        .isEqualTo("task must not be blank");
  }

  private static String message(Runnable r) {
    return assertThrows(IllegalArgumentException.class, r::run).getMessage();
  }
}
