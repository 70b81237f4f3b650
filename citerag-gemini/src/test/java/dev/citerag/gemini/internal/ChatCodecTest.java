package dev.citerag.gemini.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ChatCodecTest {
  private static final String KEY = "AIzaSyD-unit-0123456789abcdefghijklmnopq";

  @ParameterizedTest
  @CsvSource({
    "STOP, STOP",
    "MAX_TOKENS, LENGTH",
    "SAFETY, BLOCKED",
    "RECITATION, BLOCKED",
    "LANGUAGE, BLOCKED",
    "BLOCKLIST, BLOCKED",
    "PROHIBITED_CONTENT, BLOCKED",
    "SPII, BLOCKED",
    "IMAGE_SAFETY, BLOCKED",
    "IMAGE_PROHIBITED_CONTENT, BLOCKED",
    "IMAGE_RECITATION, BLOCKED",
    "IMAGE_OTHER, BLOCKED",
    "NO_IMAGE, OTHER",
    "OTHER, OTHER",
    "FINISH_REASON_UNSPECIFIED, OTHER",
    "MALFORMED_FUNCTION_CALL, OTHER",
    "UNEXPECTED_TOOL_CALL, OTHER",
    "TOO_MANY_TOOL_CALLS, OTHER",
    "MISSING_THOUGHT_SIGNATURE, OTHER",
    "MALFORMED_RESPONSE, OTHER",
    "ESCALATION, OTHER",
    "SOMETHING_ADDED_IN_2027, OTHER"
  })
  void maps_every_finish_reason(String gemini, FinishReason expected) {
    assertThat(ChatCodec.finishReason(gemini)).isEqualTo(expected);
  }

  @Test
  void token_counts_at_the_edge_of_int_saturate_the_computed_total() {
    ChatResponse r =
        decode(
            "{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"x\"}]},\"finishReason\":\"STOP\"}],"
                + "\"usageMetadata\":{\"promptTokenCount\":2147483647,\"candidatesTokenCount\":2147483647}}");
    assertThat(r.usage().totalTokens()).isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void absent_finish_reason_is_the_proto_default() {
    ChatResponse r =
        decode(
            "{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"x\"}],\"role\":\"model\"}}]}");
    assertThat(r.providerFinishReason()).isEqualTo("FINISH_REASON_UNSPECIFIED");
    assertThat(r.finishReason()).isEqualTo(FinishReason.OTHER);
    assertThat(r.text()).isEqualTo("x");
  }

  @Test
  void empty_candidates_with_prompt_feedback_but_no_reason_is_other() {
    ChatResponse r = decode("{\"candidates\":[],\"promptFeedback\":{}}");
    assertThat(r.finishReason()).isEqualTo(FinishReason.OTHER);
    assertThat(r.providerFinishReason()).isEqualTo("NO_CANDIDATES");
  }

  @Test
  void total_is_summed_when_the_reply_omits_it() {
    ChatResponse r =
        decode(
            "{\"candidates\":[{\"finishReason\":\"STOP\"}],"
                + "\"usageMetadata\":{\"promptTokenCount\":10,\"candidatesTokenCount\":4,\"thoughtsTokenCount\":6}}");
    assertThat(r.usage().totalTokens()).isEqualTo(20);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "null",
        "[]",
        "\"text\"",
        "{\"candidates\": {}}",
        "{\"candidates\":[null]}",
        "{\"candidates\":[{\"finishReason\":\"STOP\"}]} trailing",
        "{\"candidates\":[{\"finishReason\":\"STOP\"}],\"usageMetadata\":{\"promptTokenCount\":-1}}"
      })
  void replies_outside_the_format_are_protocol_errors(String body) {
    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> decode(body));
    assertThat(e.kind()).isEqualTo(ProviderException.Kind.PROTOCOL);
    assertThat(e.retryable()).isFalse();
  }

  @Test
  void parser_message_quoting_the_body_is_scrubbed() {
    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> decode(KEY + "{"));
    assertThat(e.getMessage()).doesNotContain(KEY);
    assertThat(e.getCause()).isNull();
  }

  private static ChatResponse decode(String body) {
    return ChatCodec.decode(body.getBytes(StandardCharsets.UTF_8), "gemini-2.5-flash", KEY);
  }
}
