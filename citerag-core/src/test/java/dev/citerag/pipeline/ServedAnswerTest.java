package dev.citerag.pipeline;

import static dev.citerag.pipeline.PipelineFixtures.hit;
import static dev.citerag.pipeline.PipelineFixtures.reply;
import static dev.citerag.pipeline.PipelineFixtures.sources;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.ChatRequest;
import dev.citerag.pipeline.PipelineFixtures.ConstantEmbedder;
import dev.citerag.pipeline.PipelineFixtures.FnChatModel;
import dev.citerag.pipeline.PipelineFixtures.ScriptedStore;
import dev.citerag.store.SearchHit;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What leaves the library: verified text only, the source's own quotes, no text of a rejected
 * reply.
 */
class ServedAnswerTest {

  static final String KEYS =
      "After rotation, an old\u2011key request receives \u201cHTTP 401\u201d within a minute.";
  static final List<SearchHit> HITS = List.of(hit("k1", KEYS, 0.8, true));
  static final ObjectMapper M = new ObjectMapper();

  static RagPipeline pipeline(FnChatModel model) {
    return RagPipeline.builder()
        .embedder(new ConstantEmbedder(4))
        .store(new ScriptedStore(q -> HITS))
        .generator(AnswerGenerator.of(model))
        .maxRetries(1)
        .build();
  }

  static String idOf(ChatRequest r) {
    return sources(r).get(0)[0];
  }

  static String json(String answer, String claim, String id, String quote) {
    ObjectNode root = M.createObjectNode();
    root.put("status", "answered");
    root.put("answer", answer);
    ObjectNode c = root.putArray("claims").addObject();
    c.put("text", claim);
    c.putArray("citations").addObject().put("source_id", id).put("quote", quote);
    return root.toString();
  }

  @Test
  void serves_the_sources_own_text_for_a_quote_typed_in_another_form() {
    String claim = "An old-key request receives \"HTTP 401\" within a minute.";
    FnChatModel model =
        new FnChatModel(
            r ->
                reply(
                    json(
                        "\ufeff" + claim,
                        claim,
                        idOf(r),
                        "an old-key request receives \"HTTP 401\" within a minute.")));
    RagResult r = pipeline(model).ask("What does an old-key request receive?");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Answered.class,
            a -> {
              assertThat(a.answer()).isEqualTo(claim);
              assertThat(a.citations())
                  .singleElement()
                  .satisfies(
                      c ->
                          assertThat(c.quote())
                              .isEqualTo(
                                  "an old\u2011key request receives \u201cHTTP 401\u201d within a minute."));
              assertThat(a.claims().get(0).citations().get(0).quote())
                  .isEqualTo(a.citations().get(0).quote());
            });
  }

  @Test
  void a_rejected_reply_leaves_only_the_trace_debug_field() {
    String marker = "MODELTEXT";
    String claim = "An old-key request receives HTTP 500.";
    FnChatModel model =
        new FnChatModel(
            r ->
                reply(
                    json(
                        claim + " Also " + marker + " uncited.",
                        claim,
                        idOf(r),
                        "an old-key request receives")));
    RagResult r = pipeline(model).ask("What does an old-key request receive?");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            j -> {
              assertThat(j.issues())
                  .extracting(ValidationIssue::type)
                  .contains(IssueType.UNSUPPORTED_CLAIM, IssueType.UNCITED_TEXT);
              assertThat(j.detail()).doesNotContain(marker);
              for (ValidationIssue i : j.issues()) {
                assertThat(i.detail()).doesNotContainIgnoringCase(marker);
                assertThat(i.quote()).isNull();
              }
              assertThat(j.trace().attempts())
                  .hasSize(2)
                  .allSatisfy(a -> assertThat(a.rawReply()).contains(marker));
              assertThat(j.trace().attempts())
                  .allSatisfy(
                      a ->
                          assertThat(a.issues())
                              .allSatisfy(
                                  i ->
                                      assertThat(i.detail() + i.quote())
                                          .doesNotContainIgnoringCase(marker)));
            });
    // the retry told the model where the problems are, without echoing its text
    assertThat(model.requests.get(1).userContent())
        .contains("claim 1 of 1")
        .contains("uncited_text")
        .doesNotContainIgnoringCase(marker);
  }

  @Test
  void an_unsupported_claim_is_retried_with_the_terms_then_answered() {
    FnChatModel model = new FnChatModel(r -> model1(r));
    RagResult r = pipeline(model).ask("What does an old-key request receive?");
    assertThat(r).isInstanceOf(RagResult.Answered.class);
    assertThat(r.trace().attempts()).hasSize(2);
    assertThat(r.trace().attempts().get(0).issues())
        .extracting(ValidationIssue::type)
        .containsExactly(IssueType.UNSUPPORTED_CLAIM);
    assertThat(model.requests.get(1).userContent())
        .contains("unsupported_claim")
        .contains("\\\"500\\\"");
  }

  private int calls;

  private dev.citerag.chat.ChatResponse model1(ChatRequest r) {
    String q = "an old\u2011key request receives \u201cHTTP 401\u201d within a minute";
    String claim =
        ++calls == 1
            ? "An old-key request receives HTTP 500."
            : "An old-key request receives HTTP 401.";
    return reply(json(claim, claim, idOf(r), q));
  }
}
