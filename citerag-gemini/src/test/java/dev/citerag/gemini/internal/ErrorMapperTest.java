package dev.citerag.gemini.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.ProviderException;
import dev.citerag.ProviderException.Kind;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ErrorMapperTest {
  private static final String KEY = "AIzaSyD-unit-0123456789abcdefghijklmnopq";

  private static ProviderException map(int code, String body, String retryAfter) {
    return ErrorMapper.map(
        code,
        body.getBytes(StandardCharsets.UTF_8),
        retryAfter,
        "gemini-2.5-flash",
        "generateContent",
        KEY);
  }

  @ParameterizedTest
  @CsvSource({
    "400, BAD_REQUEST, false",
    "401, AUTH, false",
    "402, RATE_LIMITED, false",
    "403, AUTH, false",
    "404, NOT_FOUND, false",
    "408, TIMEOUT, true",
    "409, BAD_REQUEST, false",
    "429, RATE_LIMITED, true",
    "499, BAD_REQUEST, false",
    "500, UNAVAILABLE, true",
    "502, UNAVAILABLE, true",
    "503, UNAVAILABLE, true",
    "504, TIMEOUT, true",
    "507, UNAVAILABLE, true",
    "307, PROTOCOL, false"
  })
  void maps_http_status_when_the_body_says_nothing(int code, Kind kind, boolean retryable) {
    ProviderException e = map(code, "", null);
    assertThat(e.kind()).isEqualTo(kind);
    assertThat(e.retryable()).isEqualTo(retryable);
    assertThat(e.httpStatus()).hasValue(code);
    assertThat(e.provider()).isEqualTo("gemini");
    assertThat(e.getMessage()).contains("HTTP " + code);
  }

  @Test
  void retry_info_wins_over_the_retry_after_header_and_fractions_are_kept() {
    String body =
        "{\"error\":{\"code\":429,\"message\":\"slow down\",\"status\":\"RESOURCE_EXHAUSTED\","
            + "\"details\":[{\"@type\":\"type.googleapis.com/google.rpc.RetryInfo\",\"retryDelay\":\"1.5s\"}]}}";
    assertThat(map(429, body, "30").retryAfter()).hasValue(Duration.ofMillis(1500));
    assertThat(map(429, "{\"error\":{\"code\":429}}", "30").retryAfter())
        .hasValue(Duration.ofSeconds(30));
    assertThat(map(429, "{}", null).retryAfter()).isEmpty();
    assertThat(map(503, "", "2").retryAfter()).hasValue(Duration.ofSeconds(2));
  }

  @Test
  void error_json_of_an_unexpected_shape_is_quoted_not_trusted() {
    ProviderException e = map(500, "{\"error\":\"backend exploded\"}", null);
    assertThat(e.kind()).isEqualTo(Kind.UNAVAILABLE);
    assertThat(e.providerStatus()).isEmpty();
    assertThat(e.getMessage()).contains("body is not a Gemini error").contains("backend exploded");
  }

  @Test
  void status_word_that_is_not_a_canonical_code_is_dropped() {
    ProviderException e =
        map(400, "{\"error\":{\"code\":400,\"message\":\"m\",\"status\":\"" + KEY + "\"}}", null);
    assertThat(e.providerStatus()).isEmpty();
    assertThat(e.getMessage()).doesNotContain(KEY);
  }

  @Test
  void long_server_text_is_cut_and_control_characters_flattened() {
    ProviderException e = map(500, "x".repeat(5000) + "\n\u0000", null);
    assertThat(e.getMessage().length()).isLessThan(700);
    assertThat(e.getMessage()).endsWith("...").doesNotContain("\n");
  }
}
