package dev.citerag.answer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.AnswerStatus;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.ValidationIssue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AnswerParserTest {

  static final String VALID =
      "{\"status\":\"answered\",\"answer\":\"Five minutes.\",\"claims\":[{\"text\":\"Five minutes.\","
          + "\"citations\":[{\"source_id\":\"k7q2m\",\"quote\":\"A rollback finishes within 5 minutes\"}]}]}";

  @Test
  void parses_a_valid_reply_into_the_contract_types() {
    ParseResult r = AnswerParser.parse("\n " + VALID + " \n");
    assertThat(r.ok()).isTrue();
    ModelAnswer a = r.answer();
    assertThat(a.status()).isEqualTo(AnswerStatus.ANSWERED);
    assertThat(a.claims()).hasSize(1);
    assertThat(a.allCitations().get(0).sourceId()).isEqualTo("k7q2m");
    assertThat(a.allCitations().get(0).quote()).isEqualTo("A rollback finishes within 5 minutes");
  }

  @Test
  void parses_abstention() {
    ParseResult r =
        AnswerParser.parse("{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]}");
    assertThat(r.answer().status()).isEqualTo(AnswerStatus.NOT_IN_SOURCES);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "```json\n{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]}\n```",
        "Here is the answer: {\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]}",
        "{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]} trailing",
        "{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]",
        "{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[],}",
        "{\"status\":\"answered\",\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]}",
        "[]",
        "",
        "   ",
        "null",
        "\"answered\""
      })
  void rejects_anything_but_exactly_one_json_object_as_invalid_json(String reply) {
    ParseResult r = AnswerParser.parse(reply);
    assertThat(r.ok()).isFalse();
    assertThat(r.issues())
        .singleElement()
        .extracting(ValidationIssue::type)
        .isEqualTo(IssueType.INVALID_JSON);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"status\":\"maybe\",\"answer\":\"\",\"claims\":[]}",
        "{\"status\":\"ANSWERED\",\"answer\":\"x\",\"claims\":[]}",
        "{\"answer\":\"\",\"claims\":[]}",
        "{\"status\":\"not_in_sources\",\"claims\":[]}",
        "{\"status\":\"not_in_sources\",\"answer\":\"\"}",
        "{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[],\"confidence\":0.9}",
        "{\"status\":\"answered\",\"answer\":5,\"claims\":[]}",
        "{\"status\":\"answered\",\"answer\":\"x\",\"claims\":{}}",
        "{\"status\":\"answered\",\"answer\":\"x\",\"claims\":[{\"text\":\"x\"}]}",
        "{\"status\":\"answered\",\"answer\":\"x\",\"claims\":[{\"text\":\"x\",\"citations\":[{\"source_id\":\"a\"}]}]}",
        "{\"status\":\"answered\",\"answer\":\"x\",\"claims\":[{\"text\":\"x\",\"citations\":[{\"source_id\":1,\"quote\":\"q\"}]}]}",
        "{\"status\":\"answered\",\"answer\":\"x\",\"claims\":[{\"text\":\"x\",\"citations\":[{\"source_id\":null,\"quote\":\"q\"}]}]}",
        "{\"status\":null,\"answer\":\"x\",\"claims\":[]}",
        "{\"status\":\"answered\",\"answer\":\"x\",\"claims\":[null]}"
      })
  void rejects_json_that_does_not_match_the_schema(String reply) {
    ParseResult r = AnswerParser.parse(reply);
    assertThat(r.ok()).isFalse();
    assertThat(r.issues())
        .singleElement()
        .extracting(ValidationIssue::type)
        .isEqualTo(IssueType.SCHEMA_MISMATCH);
  }

  @Test
  void rejects_huge_replies_without_parsing() {
    String huge =
        "{\"status\":\"answered\",\"answer\":\""
            + "x".repeat(AnswerParser.MAX_REPLY_CHARS)
            + "\",\"claims\":[]}";
    ParseResult r = AnswerParser.parse(huge);
    assertThat(r.issues())
        .singleElement()
        .extracting(ValidationIssue::type)
        .isEqualTo(IssueType.INVALID_JSON);
    assertThat(r.issues().get(0).detail()).contains("limit");
  }
}
