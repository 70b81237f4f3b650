package dev.citerag.answer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class AnswerSchemaTest {

  @Test
  void schema_is_generated_from_the_contract_types() {
    ObjectNode s = AnswerSchema.schema();
    assertThat(s.path("type").asText()).isEqualTo("object");
    assertThat(s.path("additionalProperties").asBoolean(true)).isFalse();
    assertThat(s.path("required").toString()).isEqualTo("[\"status\",\"answer\",\"claims\"]");
    assertThat(s.at("/properties/status/enum").toString())
        .isEqualTo("[\"answered\",\"not_in_sources\"]");
    JsonNode citation = s.at("/properties/claims/items/properties/citations/items");
    assertThat(citation.path("required").toString()).isEqualTo("[\"source_id\",\"quote\"]");
    assertThat(citation.path("additionalProperties").asBoolean(true)).isFalse();
    assertThat(citation.at("/properties/quote/description").asText())
        .contains("four consecutive words");
  }

  @Test
  void schema_uses_only_keywords_gemini_and_ollama_accept() {
    java.util.Set<String> allowed =
        java.util.Set.of(
            "type",
            "properties",
            "required",
            "items",
            "enum",
            "description",
            "additionalProperties");
    java.util.List<String> seen = new java.util.ArrayList<>();
    collectKeywords(AnswerSchema.schema(), seen);
    assertThat(seen).isNotEmpty().allMatch(allowed::contains);
  }

  private static void collectKeywords(JsonNode schema, java.util.List<String> out) {
    schema.fieldNames().forEachRemaining(out::add);
    schema.path("properties").forEach(p -> collectKeywords(p, out));
    if (schema.has("items")) {
      collectKeywords(schema.get("items"), out);
    }
  }

  @Test
  void each_call_returns_an_independent_copy() {
    ObjectNode a = AnswerSchema.schema();
    a.put("type", "tampered");
    assertThat(AnswerSchema.schema().path("type").asText()).isEqualTo("object");
  }
}
