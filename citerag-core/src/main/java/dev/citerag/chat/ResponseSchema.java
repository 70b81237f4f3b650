package dev.citerag.chat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.citerag.internal.Checks;
import java.util.regex.Pattern;

/**
 * The JSON Schema a model's reply must follow, as an immutable, provider-neutral value: a name and
 * the schema's JSON text. A {@link ChatModel} adapter turns it into its provider's wire form
 * (Gemini's {@code responseJsonSchema}, OpenAI's {@code json_schema} with this name, Ollama's
 * {@code format}); nothing of a JSON library crosses the port.
 *
 * <pre>{@code
 * ResponseSchema schema = new ResponseSchema("verdict",
 *     "{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"}},\"required\":[\"ok\"]}");
 * }</pre>
 *
 * @param name what the schema is called where a provider wants a name: 1 to 64 of {@code
 *     [A-Za-z0-9_-]} (OpenAI's rule)
 * @param json the schema, a JSON object (draft 2020-12 subset: type, properties, required, items,
 *     enum, description, minItems, additionalProperties), held as compact JSON text: whitespace
 *     outside strings is removed, so two schemas with the same content are equal
 */
public record ResponseSchema(String name, String json) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");
  private static final ObjectMapper MAPPER =
      JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();

  /**
   * Checks the name and the JSON, and keeps the JSON in compact form.
   *
   * @param name the schema's name, 1 to 64 of {@code [A-Za-z0-9_-]}
   * @param json the schema, one JSON object
   * @throws IllegalArgumentException when the name breaks its rule, or {@code json} is not one JSON
   *     object
   */
  public ResponseSchema {
    Checks.notNull(name, "name");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "name must be 1 to 64 of [A-Za-z0-9_-], was \""
              + (name.length() > 64 ? name.substring(0, 64) + "..." : name)
              + "\"");
    }
    Checks.notBlank(json, "json");
    JsonNode tree;
    try {
      tree = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "json must be a JSON object: " + e.getOriginalMessage(), e);
    }
    if (tree == null || !tree.isObject()) {
      throw new IllegalArgumentException(
          "json must be a JSON object, was " + (tree == null ? "empty" : tree.getNodeType()));
    }
    json = tree.toString();
  }

  @Override
  public String toString() {
    return "ResponseSchema[name=" + name + ", " + json.length() + " characters]";
  }
}
