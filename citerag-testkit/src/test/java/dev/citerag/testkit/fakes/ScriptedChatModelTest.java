package dev.citerag.testkit.fakes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.PermanentProviderException;
import dev.citerag.TransientProviderException;
import dev.citerag.answer.internal.AnswerSchema;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ScriptedChatModelTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static ChatRequest request(String question, String... texts) {
    StringBuilder sources = new StringBuilder();
    for (int i = 0; i < texts.length; i++) {
      if (i > 0) {
        sources.append(',');
      }
      sources
          .append("{\"id\":\"s")
          .append(i)
          .append("k\",\"text\":\"")
          .append(texts[i])
          .append("\"}");
    }
    String user = "{\"question\":\"" + question + "\",\"sources\":[" + sources + "]}";
    return new ChatRequest("rules", user, AnswerSchema.responseSchema(), 0.0, 256, null);
  }

  private static JsonNode json(ChatResponse r) throws Exception {
    return JSON.readTree(r.text());
  }

  @Test
  void replies_to_a_matching_question_and_cites_the_source_by_content() throws Exception {
    ScriptedChatModel m =
        new ScriptedChatModel()
            .onQuestion("ROLL  back", Reply.quoting("deployctl rollback --to <sha> now"));

    ChatResponse r =
        m.chat(
            request(
                "How do I roll back?",
                "Unrelated text here.",
                "Use deployctl rollback --to <sha> now."));

    JsonNode citation = json(r).at("/claims/0/citations/0");
    assertThat(citation.get("source_id").asText()).isEqualTo("s1k");
    assertThat(citation.get("quote").asText()).isEqualTo("deployctl rollback --to <sha> now");
    assertThat(r.finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(r.model()).isEqualTo(ScriptedChatModel.DEFAULT_MODEL);
    assertThat(m.name()).isEqualTo("scripted:scripted-model");
  }

  @Test
  void a_quote_located_ignoring_case_is_copied_as_the_source_writes_it() throws Exception {
    ScriptedChatModel m =
        new ScriptedChatModel().otherwise(Reply.quoting("USE DEPLOYCTL   ROLLBACK --to"));

    ChatResponse r = m.chat(request("q", "Use deployctl rollback --to <sha> now."));

    assertThat(json(r).at("/claims/0/citations/0/quote").asText())
        .isEqualTo("Use deployctl rollback --to");
  }

  @Test
  void a_question_rule_hands_out_its_replies_in_order_and_then_repeats_the_last() throws Exception {
    ScriptedChatModel m =
        new ScriptedChatModel().onQuestion("flags", Reply.raw("first"), Reply.raw("second"));

    assertThat(m.chat(request("feature flags?")).text()).isEqualTo("first");
    assertThat(m.chat(request("feature flags?")).text()).isEqualTo("second");
    assertThat(m.chat(request("feature flags?")).text()).isEqualTo("second");
  }

  @Test
  void queued_replies_are_used_once_each_in_order_before_the_fallback() {
    ScriptedChatModel m =
        new ScriptedChatModel()
            .enqueue(Reply.raw("one"), Reply.raw("two"))
            .otherwise(Reply.raw("rest"));

    assertThat(m.chat(request("a")).text()).isEqualTo("one");
    assertThat(m.pendingReplies()).isEqualTo(1);
    assertThat(m.chat(request("b")).text()).isEqualTo("two");
    assertThat(m.chat(request("c")).text()).isEqualTo("rest");
    assertThat(m.chat(request("d")).text()).isEqualTo("rest");
  }

  @Test
  void a_call_with_nothing_scripted_fails_naming_the_question_and_is_recorded() {
    ScriptedChatModel m = new ScriptedChatModel();

    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> m.chat(request("Where is the wiki?")));

    assertThat(e.getMessage()).contains("Where is the wiki?").contains("onQuestion");
    assertThat(m.lastCall().failure()).isSameAs(e);
    assertThat(m.lastCall().reply()).isNull();
  }

  @Test
  void citing_a_fragment_no_source_contains_fails_listing_the_sources() {
    ScriptedChatModel m =
        new ScriptedChatModel().otherwise(Reply.quoting("not in any source at all"));

    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> m.chat(request("q", "Alpha beta gamma delta.")));

    assertThat(e.getMessage()).contains("not in any source at all").contains("s0k");
  }

  @Test
  void records_every_request_with_the_sources_it_showed() {
    ScriptedChatModel m = new ScriptedChatModel().otherwise(Reply.notInSources());

    m.chat(request("first question", "Text one."));
    m.chat(request("second question", "Text two.", "Text three."));

    assertThat(m.callCount()).isEqualTo(2);
    assertThat(m.calls().get(0).question()).contains("first question");
    assertThat(m.lastSentSources().texts()).containsExactly("Text two.", "Text three.");
    assertThat(m.lastCall().request().temperature()).isZero();
  }

  @Test
  void scripted_provider_failures_are_thrown_with_their_kind_and_retry_hint() {
    ScriptedChatModel m =
        new ScriptedChatModel()
            .enqueue(
                Reply.rateLimited(Duration.ofSeconds(26)),
                Reply.unavailable(),
                Reply.badRequest("bad schema"));

    TransientProviderException limited =
        assertThrows(TransientProviderException.class, () -> m.chat(request("q")));
    assertThat(limited.retryAfter()).contains(Duration.ofSeconds(26));
    assertThat(limited.httpStatus()).hasValue(429);
    TransientProviderException unavailable =
        assertThrows(TransientProviderException.class, () -> m.chat(request("q")));
    assertThat(unavailable.kind()).isEqualTo(dev.citerag.ProviderException.Kind.UNAVAILABLE);
    PermanentProviderException bad =
        assertThrows(PermanentProviderException.class, () -> m.chat(request("q")));
    assertThat(bad.getMessage()).contains("bad schema");
  }

  @Test
  void blocked_and_truncated_replies_carry_their_finish_reasons() {
    ScriptedChatModel m =
        new ScriptedChatModel()
            .enqueue(Reply.blocked(), Reply.promptBlocked("PROHIBITED_CONTENT"), Reply.truncated());

    ChatResponse blocked = m.chat(request("q"));
    ChatResponse prompt = m.chat(request("q"));
    ChatResponse truncated = m.chat(request("q"));

    assertThat(blocked.finishReason()).isEqualTo(FinishReason.BLOCKED);
    assertThat(blocked.text()).isEmpty();
    assertThat(prompt.providerFinishReason()).isEqualTo("PROMPT_BLOCKED:PROHIBITED_CONTENT");
    assertThat(truncated.finishReason()).isEqualTo(FinishReason.LENGTH);
    assertThat(truncated.text()).startsWith("{\"status\"").doesNotEndWith("}");
  }

  @Test
  void usage_is_estimated_from_the_request_and_reply() {
    ScriptedChatModel m = new ScriptedChatModel().otherwise(Reply.raw("12345678"));

    ChatResponse r = m.chat(request("q"));

    assertThat(r.usage().outputTokens()).isEqualTo(2);
    assertThat(r.usage().inputTokens()).isPositive();
    assertThat(r.usage().totalTokens()).isEqualTo(r.usage().inputTokens() + 2);
  }

  @Test
  void a_glued_quote_of_adjacent_fragments_is_refused_because_it_would_be_valid() {
    ScriptedChatModel m =
        new ScriptedChatModel().otherwise(Reply.gluedQuote("x", "alpha beta", "gamma delta"));

    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> m.chat(request("q", "alpha beta gamma delta")));

    assertThat(e.getMessage()).contains("adjacent");
  }

  @Test
  void rejects_a_blank_question_fragment_and_an_empty_reply_list() {
    ScriptedChatModel m = new ScriptedChatModel();

    assertThat(
            assertThrows(IllegalArgumentException.class, () -> m.onQuestion(" ", Reply.raw("x")))
                .getMessage())
        .isEqualTo("fragment must not be blank");
    assertThat(assertThrows(IllegalArgumentException.class, () -> m.onQuestion("x")).getMessage())
        .contains("replies must not be empty");
  }
}
