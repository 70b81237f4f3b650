package dev.citerag.openai.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.answer.internal.AnswerSchema;
import org.junit.jupiter.api.Test;

class StrictSchemaTest {
  static final ObjectMapper M = new ObjectMapper();

  @Test
  void the_answer_schema_already_meets_strict_mode_and_is_sent_unchanged() {
    assertThat(StrictSchema.violations(AnswerSchema.schema(), "$")).isEmpty();
    assertThat(StrictSchema.of(AnswerSchema.schema())).isEqualTo(AnswerSchema.schema());
  }

  @Test
  void optional_properties_become_required_and_nullable_and_objects_closed() throws Exception {
    JsonNode loose =
        M.readTree(
            "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"},"
                + "\"b\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"c\":{\"type\":\"integer\"}}}}},"
                + "\"required\":[\"a\"]}");
    assertThat(StrictSchema.violations(loose, "$"))
        .containsExactlyInAnyOrder(
            "$: additionalProperties must be false",
            "$.properties.b: must be listed in required",
            "$.properties.b.items: additionalProperties must be false",
            "$.properties.b.items.properties.c: must be listed in required");
    JsonNode strict = StrictSchema.of(loose);
    assertThat(StrictSchema.violations(strict, "$")).isEmpty();
    assertThat(strict.get("required")).hasSize(2);
    assertThat(strict.at("/properties/a/type").asText()).isEqualTo("string");
    assertThat(strict.at("/properties/b/type")).isEqualTo(M.readTree("[\"array\",\"null\"]"));
    assertThat(strict.at("/properties/b/items/properties/c/type"))
        .isEqualTo(M.readTree("[\"integer\",\"null\"]"));
    assertThat(loose.has("additionalProperties")).isFalse(); // the input is not modified
  }
}
