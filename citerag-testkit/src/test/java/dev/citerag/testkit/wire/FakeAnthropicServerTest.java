package dev.citerag.testkit.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.testkit.fakes.Reply;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The fake's wire format, driven with raw HTTP as an adapter would. */
class FakeAnthropicServerTest {

  private static final String KEY = "sk-ant-test-key-123";
  private static final String QUESTION = "How do I roll back a release?";

  private final FakeAnthropicServer claude = new FakeAnthropicServer().requireApiKey(KEY);

  @AfterEach
  void close() {
    claude.close();
  }

  /** A native-citations request: the two sources as documents, then the question. */
  private ObjectNode nativeRequest() {
    ObjectNode r = Http.JSON.createObjectNode();
    r.put("model", FakeAnthropicServer.DEFAULT_MODEL);
    r.put("max_tokens", 512);
    r.put("temperature", 0.0);
    r.put("system", "Answer from the documents.");
    ArrayNode content = r.putArray("messages").addObject().put("role", "user").putArray("content");
    for (String text : new String[] {WireFixtures.FLAGS, "Intro. " + WireFixtures.ROLLBACK}) {
      ObjectNode d = content.addObject().put("type", "document").put("title", "runbook.md");
      d.putObject("source").put("type", "text").put("media_type", "text/plain").put("data", text);
      d.putObject("citations").put("enabled", true);
    }
    content.addObject().put("type", "text").put("text", "Question: " + QUESTION);
    return r;
  }

  private Http.Result post(ObjectNode body, String... headers) {
    return Http.post(claude.baseUrl() + "/v1/messages", body.toString(), headers);
  }

  private Http.Result post(ObjectNode body) {
    return post(body, "x-api-key", KEY, "anthropic-version", "2023-06-01");
  }

  @Test
  void a_scripted_quote_comes_back_as_a_text_block_with_a_char_location_citation() {
    claude.onQuestion("roll back", Reply.quoting(WireFixtures.ROLLBACK));
    Http.Result r = post(nativeRequest());
    assertThat(r.status()).isEqualTo(200);
    JsonNode m = r.json();
    assertThat(m.get("type").asText()).isEqualTo("message");
    assertThat(m.get("stop_reason").asText()).isEqualTo("end_turn");
    JsonNode block = m.at("/content/0");
    assertThat(block.get("text").asText()).isEqualTo(WireFixtures.ROLLBACK);
    JsonNode c = block.at("/citations/0");
    assertThat(c.get("type").asText()).isEqualTo("char_location");
    assertThat(c.get("document_index").asInt()).isEqualTo(1);
    assertThat(c.get("document_title").asText()).isEqualTo("runbook.md");
    assertThat(c.get("cited_text").asText()).isEqualTo(WireFixtures.ROLLBACK);
    assertThat(c.get("start_char_index").asInt()).isEqualTo("Intro. ".length());
    assertThat(c.get("end_char_index").asInt())
        .isEqualTo("Intro. ".length() + WireFixtures.ROLLBACK.length());
    assertThat(m.at("/usage/input_tokens").asInt()).isPositive();
    assertThat(m.at("/usage/cache_read_input_tokens").asInt()).isZero();
    assertThat(claude.lastCall().sources().ids()).containsExactly("doc0", "doc1");
    assertThat(claude.lastCall().question()).contains(QUESTION);
    assertThat(claude.lastCall().toString()).doesNotContain(KEY);
  }

  @Test
  void an_abstention_is_the_text_not_in_sources() {
    claude.enqueue(Reply.notInSources());
    JsonNode m = post(nativeRequest()).json();
    assertThat(m.at("/content/0/text").asText()).isEqualTo("NOT_IN_SOURCES");
    assertThat(m.at("/content/0/citations").isMissingNode()).isTrue();
  }

  @Test
  void errors_have_the_api_shape_and_a_rate_limit_carries_retry_after_in_whole_seconds() {
    claude.enqueue(Reply.rateLimited(Duration.ofMillis(1500)), Reply.unavailable());
    Http.Result limited = post(nativeRequest());
    assertThat(limited.status()).isEqualTo(429);
    assertThat(limited.json().get("type").asText()).isEqualTo("error");
    assertThat(limited.json().at("/error/type").asText()).isEqualTo("rate_limit_error");
    assertThat(limited.headers().get("retry-after")).isEqualTo("2");
    Http.Result overloaded = post(nativeRequest());
    assertThat(overloaded.status()).isEqualTo(529);
    assertThat(overloaded.json().at("/error/type").asText()).isEqualTo("overloaded_error");
  }

  @Test
  void requests_are_checked_as_the_api_checks_them() {
    claude.otherwise(Reply.notInSources());
    assertThat(post(nativeRequest(), "x-api-key", "wrong", "anthropic-version", "2023-06-01"))
        .satisfies(
            r -> {
              assertThat(r.status()).isEqualTo(401);
              assertThat(r.json().at("/error/type").asText()).isEqualTo("authentication_error");
            });
    assertThat(post(nativeRequest(), "x-api-key", KEY).status()).isEqualTo(400);
    ObjectNode hot = nativeRequest().put("temperature", 1.5);
    assertThat(post(hot).status()).isEqualTo(400);
    ObjectNode mixed = nativeRequest();
    ((ObjectNode) mixed.at("/messages/0/content/0/citations")).put("enabled", false);
    assertThat(post(mixed).json().at("/error/message").asText()).contains("all or none");
    ObjectNode structured = nativeRequest();
    structured
        .putObject("output_config")
        .putObject("format")
        .put("type", "json_schema")
        .putObject("schema");
    assertThat(post(structured).status()).isEqualTo(400);
    ObjectNode unknown = nativeRequest().put("model", "claude-nope");
    Http.Result notFound = post(unknown);
    assertThat(notFound.status()).isEqualTo(404);
    assertThat(notFound.json().at("/error/type").asText()).isEqualTo("not_found_error");
  }
}
