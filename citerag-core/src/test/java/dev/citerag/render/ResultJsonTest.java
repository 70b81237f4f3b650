package dev.citerag.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultJsonTest {
  private static final ObjectMapper M = new ObjectMapper();

  @Test
  void an_answer_carries_segments_numbered_citations_and_its_trace() throws Exception {
    JsonNode j = M.readTree(ResultJson.toJson(Results.answered()));
    assertThat(j.get("status").asText()).isEqualTo("answered");
    assertThat(j.get("reason").isNull()).isTrue();
    assertThat(j.get("segments")).hasSize(2);
    assertThat(j.get("segments").get(0).get("markers").get(0).asInt()).isEqualTo(1);
    assertThat(j.get("citations")).hasSize(1);
    assertThat(j.get("citations").get(0).get("source").asText()).isEqualTo("deploys.md");
    assertThat(j.get("citations").get(0).get("page").isNull()).isTrue();
    assertThat(j.get("retrieved").get(0).get("sent").asBoolean()).isTrue();
    assertThat(j.get("retrieved").get(1).get("source_id").isNull()).isTrue();
    assertThat(j.get("latency_ms").get("embed").decimalValue()).isEqualByComparingTo("1.235");
    assertThat(j.get("generator").asText()).isEqualTo("extractive");
    assertThat(j.get("grounding_score").decimalValue()).isEqualByComparingTo("0.9");
  }

  @Test
  void a_rejection_has_no_answer_and_names_its_issues() throws Exception {
    JsonNode j = M.readTree(ResultJson.toJson(Results.rejected()));
    assertThat(j.get("status").asText()).isEqualTo("rejected");
    assertThat(j.get("answer").isNull()).isTrue();
    assertThat(j.get("reason").asText()).isEqualTo("invalid_citations");
    assertThat(j.get("issues").get(0).get("type").asText()).isEqualTo("phantom_source");
    assertThat(j.get("segments")).isEmpty();
  }

  @Test
  void retrieval_hits_are_listed_with_their_scores_and_nothing_sent() throws Exception {
    JsonNode j =
        M.readTree(ResultJson.toJson("When?", List.of(Results.HIT_DEPLOYS, Results.HIT_ONCALL)));
    assertThat(j.get("question").asText()).isEqualTo("When?");
    assertThat(j.get("retrieved")).hasSize(2);
    assertThat(j.get("retrieved").get(0).get("sent").asBoolean()).isFalse();
    assertThat(j.get("retrieved").get(1).get("lexical_rank").isNull()).isTrue();
    assertThat(j.get("retrieved").get(0).get("metadata").get("team").asText())
        .isEqualTo("platform");
  }
}
