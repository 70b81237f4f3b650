package dev.citerag.gemini;

import static dev.citerag.gemini.Fixtures.ANSWERED_TEXT;
import static dev.citerag.gemini.Fixtures.KEY;
import static dev.citerag.gemini.Fixtures.json;
import static dev.citerag.gemini.Fixtures.request;
import static dev.citerag.gemini.Fixtures.stopReply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.provider.RetryPolicy;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Builder rules of both adapters: rejected values, key and base URL resolution, toBuilder,
 * toString.
 */
class GeminiBuilderTest {
  private MockWebServer server;

  @BeforeEach
  void start() throws Exception {
    server = new MockWebServer();
    server.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static GeminiChatModel.Builder offline() {
    return GeminiChatModel.builder().environment(Map.of()).apiKey(KEY);
  }

  @Test
  void setters_reject_bad_values_naming_the_field_and_rule() {
    GeminiChatModel.Builder b = offline();
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.maxOutputTokens(0)))
        .hasMessage("maxOutputTokens must be > 0, was 0");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.temperature(2.5)))
        .hasMessage("temperature must be between 0.0 and 2.0, was 2.5");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.thinkingBudget(-2)))
        .hasMessage("thinkingBudget must be between -1 and 32768, was -2");
    assertThat(
            assertThrows(IllegalArgumentException.class, () -> b.model("models/gemini-2.5-flash")))
        .hasMessageStartingWith("model must be a bare model id");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.model("  ")))
        .hasMessage("model must not be blank");
    assertThat(
            assertThrows(
                IllegalArgumentException.class, () -> b.baseUrl("ftp://example.com/v1beta")))
        .hasMessage("baseUrl must be an http or https URL");
    assertThat(
            assertThrows(
                IllegalArgumentException.class,
                () -> b.baseUrl("https://generativelanguage.googleapis.com/v1beta?key=abc")))
        .hasMessageStartingWith("baseUrl must not contain a query");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.connectTimeout(Duration.ZERO)))
        .hasMessage("connectTimeout must be > 0, was PT0S");
    assertThat(
            assertThrows(
                IllegalArgumentException.class, () -> b.readTimeout(Duration.ofSeconds(-1))))
        .hasMessage("readTimeout must be > 0, was PT-1S");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.callTimeout(null)))
        .hasMessage("callTimeout must not be null");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.retryPolicy(null)))
        .hasMessage("retryPolicy must not be null");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.apiKey(" ")))
        .hasMessage("apiKey must not be blank");
    IllegalArgumentException badKey =
        assertThrows(IllegalArgumentException.class, () -> b.apiKey("AIzaSecret\nValue"));
    assertThat(badKey).hasMessageStartingWith("apiKey must contain only visible ASCII");
    assertThat(badKey.getMessage()).doesNotContain("AIzaSecret");
    Map<String, String> withNull = new HashMap<>();
    withNull.put("GEMINI_API_KEY", null);
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.environment(withNull)))
        .hasMessage("environment must not contain null keys or values");
  }

  @Test
  void build_rejects_contradicting_settings() {
    assertThat(
            assertThrows(
                IllegalArgumentException.class,
                () -> offline().maxOutputTokens(1024).thinkingBudget(2048).build()))
        .hasMessageStartingWith("thinkingBudget (2048) must be < maxOutputTokens (1024)");
    assertThat(
            assertThrows(
                IllegalArgumentException.class,
                () -> offline().model("gemini-2.5-pro").thinkingBudget(0).build()))
        .hasMessageContaining("thinking cannot be turned off");
    assertThat(
            assertThrows(
                IllegalArgumentException.class,
                () ->
                    offline()
                        .connectTimeout(Duration.ofSeconds(30))
                        .callTimeout(Duration.ofSeconds(5))
                        .build()))
        .hasMessage("connectTimeout (PT30S) must be <= callTimeout (PT5S)");
    // the same budgets are fine where they fit
    assertThat(offline().maxOutputTokens(4096).thinkingBudget(2048).build()).isNotNull();
    assertThat(offline().model("gemini-2.5-pro").thinkingBudget(-1).build()).isNotNull();
  }

  @Test
  void missing_key_names_both_environment_variables() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> GeminiChatModel.builder().environment(Map.of("OTHER", "x")).build());
    assertThat(e).hasMessageContaining("GEMINI_API_KEY").hasMessageContaining("GOOGLE_API_KEY");

    IllegalStateException e2 =
        assertThrows(
            IllegalStateException.class,
            () -> GeminiEmbedder.builder().environment(Map.of("GEMINI_API_KEY", "  ")).build());
    assertThat(e2).hasMessageContaining("GEMINI_API_KEY").hasMessageContaining("GOOGLE_API_KEY");
  }

  @Test
  void key_comes_from_the_builder_then_gemini_api_key_then_google_api_key() throws Exception {
    String base = Fixtures.baseUrl(server);
    Map<String, String> both =
        Map.of("GEMINI_API_KEY", "gemini-env-key", "GOOGLE_API_KEY", "google-env-key");
    Map<String, String> googleOnly = Map.of("GOOGLE_API_KEY", "google-env-key");

    assertThat(
            keySent(
                GeminiChatModel.builder().environment(both).baseUrl(base).apiKey("explicit-key")))
        .isEqualTo("explicit-key");
    assertThat(keySent(GeminiChatModel.builder().environment(both).baseUrl(base)))
        .isEqualTo("gemini-env-key");
    assertThat(keySent(GeminiChatModel.builder().environment(googleOnly).baseUrl(base)))
        .isEqualTo("google-env-key");
  }

  private String keySent(GeminiChatModel.Builder b) throws InterruptedException {
    server.enqueue(json(200, stopReply(ANSWERED_TEXT)));
    b.retryPolicy(RetryPolicy.NONE).build().chat(request());
    RecordedRequest r = server.takeRequest(5, TimeUnit.SECONDS);
    assertThat(r).isNotNull();
    return r.getHeaders().get("x-goog-api-key");
  }

  @Test
  void base_url_comes_from_the_builder_then_gemini_base_url_then_the_public_endpoint()
      throws Exception {
    Map<String, String> env =
        Map.of("GEMINI_API_KEY", KEY, "GEMINI_BASE_URL", server.url("/proxy/v1beta/").toString());

    GeminiChatModel fromEnv = GeminiChatModel.builder().environment(env).build();
    assertThat(fromEnv.baseUrl()).isEqualTo(server.url("/proxy/v1beta").toString());
    server.enqueue(json(200, stopReply(ANSWERED_TEXT)));
    fromEnv.chat(request());
    assertThat(server.takeRequest(5, TimeUnit.SECONDS).getUrl().encodedPath())
        .isEqualTo("/proxy/v1beta/models/gemini-2.5-flash:generateContent");

    assertThat(
            GeminiChatModel.builder()
                .environment(env)
                .baseUrl("https://example.test/v1beta")
                .build()
                .baseUrl())
        .isEqualTo("https://example.test/v1beta");
    assertThat(offline().build().baseUrl())
        .isEqualTo("https://generativelanguage.googleapis.com/v1beta");

    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                GeminiChatModel.builder()
                    .environment(Map.of("GEMINI_API_KEY", KEY, "GEMINI_BASE_URL", "not a url"))
                    .build());
    assertThat(bad).hasMessage("GEMINI_BASE_URL must be an http or https URL");
  }

  @Test
  void to_builder_derives_a_variant_and_leaves_the_original_unchanged() {
    GeminiChatModel a = offline().model("gemini-2.5-flash-lite").temperature(0.3).build();
    GeminiChatModel b = a.toBuilder().model("gemini-2.5-pro").build();

    assertThat(a.model()).isEqualTo("gemini-2.5-flash-lite");
    assertThat(b.model()).isEqualTo("gemini-2.5-pro");
    assertThat(b.toString()).contains("temperature=0.3");
    assertThat(a.toBuilder().build().toString()).isEqualTo(a.toString());

    GeminiEmbedder e =
        GeminiEmbedder.builder()
            .environment(Map.of())
            .apiKey(KEY)
            .outputDimensionality(1536)
            .build();
    assertThat(e.toBuilder().build().identity()).isEqualTo(e.identity());
    assertThat(e.toBuilder().outputDimensionality(3072).build().identity().dimensions())
        .isEqualTo(3072);
    assertThat(e.identity().dimensions()).isEqualTo(1536);
  }

  @Test
  void to_string_shows_settings_with_the_key_masked() {
    GeminiChatModel m = offline().thinkingBudget(0).build();
    GeminiEmbedder e = GeminiEmbedder.builder().environment(Map.of("GOOGLE_API_KEY", KEY)).build();

    assertThat(m.toString())
        .contains("model=gemini-2.5-flash", "apiKey=****", "thinkingBudget=0")
        .doesNotContain(KEY)
        .doesNotContain(KEY.substring(0, 10));
    assertThat(e.toString())
        .contains("model=gemini-embedding-001", "outputDimensionality=768", "apiKey=****")
        .doesNotContain(KEY);
  }

  @Test
  void embedder_rejects_dimensions_outside_the_model_range_and_reports_its_identity() {
    GeminiEmbedder.Builder b = GeminiEmbedder.builder().environment(Map.of()).apiKey(KEY);
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.outputDimensionality(64)))
        .hasMessage("outputDimensionality must be between 128 and 3072, was 64");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.outputDimensionality(4096)))
        .hasMessage("outputDimensionality must be between 128 and 3072, was 4096");

    assertThat(b.build().identity())
        .isEqualTo(
            new EmbedderIdentity(
                "gemini", "gemini-embedding-001", null, 768, "taskType=RETRIEVAL_QUERY"));
  }
}
