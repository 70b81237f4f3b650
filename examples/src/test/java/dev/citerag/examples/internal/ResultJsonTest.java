package dev.citerag.examples.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.render.Results;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultJsonTest {

  private static final List<String> TOP_LEVEL =
      List.of(
          "status",
          "reason",
          "detail",
          "question",
          "answer",
          "segments",
          "citations",
          "verified",
          "checks",
          "issues",
          "grounding_score",
          "retrieved",
          "usage",
          "latency_ms",
          "model",
          "generator",
          "attempts",
          "trace_id",
          "top_k",
          "warnings",
          "produced_by");

  private static List<String> fields(JsonNode n) {
    List<String> out = new ArrayList<>();
    n.fieldNames().forEachRemaining(out::add);
    return out;
  }

  private static JsonNode roundTrip(JsonNode n) throws Exception {
    return ResultJson.mapper().readTree(ResultJson.compact(n));
  }

  @Test
  void an_answer_carries_its_citations_segments_and_every_retrieved_chunk_with_its_sent_id()
      throws Exception {
    JsonNode j = roundTrip(ResultJson.result(Results.answered()));
    assertThat(fields(j)).containsExactlyInAnyOrderElementsOf(TOP_LEVEL);
    assertThat(j.get("status").asText()).isEqualTo("answered");
    assertThat(j.get("reason").isNull()).isTrue();
    assertThat(j.get("answer").asText()).startsWith("Production deploys");
    JsonNode c = j.get("citations").get(0);
    assertThat(c.get("n").asInt()).isEqualTo(1);
    assertThat(c.get("source_id").asText()).isEqualTo("k7");
    assertThat(c.get("quote").asText()).contains("09:00 and 16:00 UTC");
    // the verified span of the quote in the chunk, for the page's highlight
    assertThat(Results.DEPLOYS.text().substring(c.get("start").asInt(), c.get("end").asInt()))
        .isEqualTo(c.get("quote").asText());
    // a chunk made without a source map: its place in the document is unknown, said as null
    assertThat(c.get("document_start").isNull()).isTrue();
    assertThat(c.get("document_end").isNull()).isTrue();
    assertThat(c.get("source").asText()).isEqualTo("deploys.md");
    assertThat(c.get("section").asText()).isEqualTo("Deploying services > Deploy windows");
    assertThat(j.get("segments")).hasSize(2);
    assertThat(j.get("segments").get(0).get("markers").get(0).asInt()).isEqualTo(1);
    assertThat(j.get("issues").get(0).get("type").asText()).isEqualTo("weak_grounding");
    assertThat(j.get("issues").get(0).get("severity").asText()).isEqualTo("warning");

    JsonNode sent = j.get("retrieved").get(0);
    assertThat(fields(sent))
        .containsExactlyInAnyOrder(
            "source_id",
            "chunk_id",
            "doc_id",
            "source",
            "section",
            "title",
            "page",
            "text",
            "dense_score",
            "dense_rank",
            "lexical_rank",
            "lexical_score",
            "fused_score",
            "rerank_score",
            "sent",
            "metadata");
    assertThat(sent.get("page").isNull()).isTrue();
    assertThat(sent.get("source_id").asText()).isEqualTo("k7");
    assertThat(sent.get("sent").asBoolean()).isTrue();
    assertThat(sent.get("dense_score").asDouble()).isEqualTo(0.61);
    assertThat(sent.get("lexical_rank").asInt()).isEqualTo(2);
    assertThat(sent.get("fused_score").asDouble()).isBetween(0.0325, 0.0326);
    assertThat(sent.get("metadata").get("team").asText()).isEqualTo("platform");
    JsonNode notSent = j.get("retrieved").get(1);
    assertThat(notSent.get("source_id").isNull()).isTrue();
    assertThat(notSent.get("sent").asBoolean()).isFalse();
    assertThat(notSent.get("lexical_rank").isNull()).isTrue();

    assertThat(j.get("usage").get("total_tokens").asInt()).isEqualTo(120);
    assertThat(j.get("latency_ms").get("embed").asDouble()).isEqualTo(1.235);
    assertThat(j.get("latency_ms").get("total").asDouble()).isEqualTo(7.0);
    assertThat(j.get("model").asText()).isEqualTo("extractive");
    // a result built without a support check says so: its quotes only
    assertThat(j.get("verified").asText()).isEqualTo("quotes checked \u00b7 support not checked");
    JsonNode check = j.get("checks").get(0);
    assertThat(check.get("claim").asInt()).isZero();
    assertThat(check.get("quotes")).isNotEmpty();
    assertThat(check.get("rules").isNull()).isTrue();
    assertThat(check.get("judge").isNull()).isTrue();
  }

  @Test
  void an_abstention_has_a_reason_and_no_answer_or_citations() throws Exception {
    JsonNode j = roundTrip(ResultJson.result(Results.abstained()));
    assertThat(fields(j)).containsExactlyInAnyOrderElementsOf(TOP_LEVEL);
    assertThat(j.get("status").asText()).isEqualTo("not_in_sources");
    assertThat(j.get("reason").asText()).isEqualTo("low_similarity");
    assertThat(j.get("detail").asText()).contains("below the minimum");
    assertThat(j.get("answer").isNull()).isTrue();
    assertThat(j.get("citations")).isEmpty();
    assertThat(j.get("retrieved")).hasSize(2);
    assertThat(j.get("retrieved").get(0).get("sent").asBoolean()).isFalse();
  }

  @Test
  void a_rejection_lists_the_failed_checks_and_never_the_rejected_text() throws Exception {
    JsonNode j = roundTrip(ResultJson.result(Results.rejected()));
    assertThat(j.get("status").asText()).isEqualTo("rejected");
    assertThat(j.get("reason").asText()).isEqualTo("invalid_citations");
    assertThat(j.get("answer").isNull()).isTrue();
    JsonNode issue = j.get("issues").get(0);
    assertThat(issue.get("type").asText()).isEqualTo("phantom_source");
    assertThat(issue.get("severity").asText()).isEqualTo("critical");
    assertThat(issue.get("source_id").asText()).isEqualTo("zz9");
  }

  @Test
  void retrieval_json_lists_hits_without_sent_ids() throws Exception {
    JsonNode j = roundTrip(ResultJson.retrieval("q", List.of(Results.HIT_DEPLOYS)));
    assertThat(j.get("question").asText()).isEqualTo("q");
    assertThat(j.get("retrieved").get(0).get("sent").asBoolean()).isFalse();
    assertThat(j.get("retrieved").get(0).get("chunk_id").asText()).isEqualTo("c-deploys-1");
  }
}
