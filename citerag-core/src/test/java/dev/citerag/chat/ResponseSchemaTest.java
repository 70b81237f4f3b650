package dev.citerag.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ResponseSchemaTest {

  @Test
  void holds_compact_json_so_equal_content_is_equal() {
    ResponseSchema a =
        new ResponseSchema("verdict", "{ \"type\" : \"object\",\n \"required\": [ \"ok\" ] }");
    ResponseSchema b = new ResponseSchema("verdict", "{\"type\":\"object\",\"required\":[\"ok\"]}");

    assertThat(a.json()).isEqualTo("{\"type\":\"object\",\"required\":[\"ok\"]}");
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a.toString()).isEqualTo("ResponseSchema[name=verdict, 35 characters]");
  }

  @Test
  void rejects_a_name_outside_the_rule_and_json_that_is_not_one_object() {
    assertThat(
            assertThrows(IllegalArgumentException.class, () -> new ResponseSchema("a b", "{}"))
                .getMessage())
        .isEqualTo("name must be 1 to 64 of [A-Za-z0-9_-], was \"a b\"");
    assertThrows(IllegalArgumentException.class, () -> new ResponseSchema("x".repeat(65), "{}"));
    assertThat(
            assertThrows(IllegalArgumentException.class, () -> new ResponseSchema("s", "[1]"))
                .getMessage())
        .isEqualTo("json must be a JSON object, was ARRAY");
    assertThat(
            assertThrows(IllegalArgumentException.class, () -> new ResponseSchema("s", "{} {}"))
                .getMessage())
        .startsWith("json must be a JSON object: ");
    assertThat(
            assertThrows(IllegalArgumentException.class, () -> new ResponseSchema("s", "{\"a\":"))
                .getMessage())
        .startsWith("json must be a JSON object: ");
  }
}
