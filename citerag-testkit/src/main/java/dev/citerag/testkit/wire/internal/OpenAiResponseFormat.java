package dev.citerag.testkit.wire.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The {@code response_format} of a chat request checked as OpenAI checks it: {@code json_object}
 * needs the word "json" in the messages, {@code json_schema} a named object schema, and a strict
 * one the rules of strict mode.
 */
final class OpenAiResponseFormat {
  private static final Pattern SCHEMA_NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  private final OpenAiProtocol.Settings settings;

  OpenAiResponseFormat(OpenAiProtocol.Settings settings) {
    this.settings = settings;
  }

  /** The 400 reply for a response format the server would reject, or null. */
  FakeHttp.@Nullable Reply check(@Nullable JsonNode rf, String allText) {
    if (rf == null) {
      return null;
    }
    String type = rf.path("type").asText("");
    switch (type) {
      case "text" -> {
        return null;
      }
      case "json_object" -> {
        if (!allText.toLowerCase(Locale.ROOT).contains("json")) {
          return OpenAiProtocol.error(
              400,
              "'messages' must contain the word 'json' in some form, to use 'response_format' of"
                  + " type 'json_object'.",
              "invalid_request_error",
              "messages",
              null);
        }
        return null;
      }
      case "json_schema" -> {
        if (!settings.jsonSchemaSupported()) {
          return OpenAiProtocol.error(
              400,
              "response_format.type 'json_schema' is not supported by this server; use 'json_object'",
              "invalid_request_error",
              "response_format",
              null);
        }
        JsonNode js = rf.get("json_schema");
        if (js == null || !js.isObject()) {
          return OpenAiProtocol.error(
              400,
              "Missing required parameter: 'response_format.json_schema'.",
              "invalid_request_error",
              "response_format.json_schema",
              "missing_required_parameter");
        }
        String name = js.path("name").asText("");
        if (!SCHEMA_NAME.matcher(name).matches()) {
          return OpenAiProtocol.error(
              400,
              "Invalid 'response_format.json_schema.name': string does not match pattern. Expected a"
                  + " string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
              "invalid_request_error",
              "response_format.json_schema.name",
              "invalid_value");
        }
        JsonNode schema = js.get("schema");
        if (schema == null || !schema.isObject()) {
          return OpenAiProtocol.error(
              400,
              "Invalid schema for response_format '"
                  + name
                  + "': schema must be a JSON Schema of"
                  + " 'type: \"object\"'.",
              "invalid_request_error",
              "response_format",
              null);
        }
        if (js.path("strict").asBoolean(false)) {
          String problem = strictProblem(schema, "");
          if (problem != null) {
            return OpenAiProtocol.error(
                400,
                "Invalid schema for response_format '" + name + "': " + problem,
                "invalid_request_error",
                "response_format",
                null);
          }
        }
        return null;
      }
      default -> {
        return OpenAiProtocol.error(
            400,
            "Invalid value: '"
                + type
                + "'. Supported values are: 'json_object', 'json_schema', and"
                + " 'text'.",
            "invalid_request_error",
            "response_format.type",
            "invalid_value");
      }
    }
  }

  /** The first rule of strict mode the schema breaks, in OpenAI's words, or null. */
  static @Nullable String strictProblem(JsonNode schema, String context) {
    if (!schema.isObject()) {
      return null;
    }
    JsonNode props = schema.get("properties");
    if ("object".equals(schema.path("type").asText()) || props != null) {
      JsonNode ap = schema.get("additionalProperties");
      if (ap == null || !ap.isBoolean() || ap.asBoolean()) {
        return "In context=("
            + context
            + "), 'additionalProperties' is required to be supplied and to be false.";
      }
      Set<String> required = new HashSet<>();
      schema.path("required").forEach(r -> required.add(r.asText()));
      if (props != null) {
        for (Map.Entry<String, JsonNode> p : props.properties()) {
          if (!required.contains(p.getKey())) {
            return "In context=("
                + context
                + "), 'required' is required to be supplied and to be an array including"
                + " every key in properties. Missing '"
                + p.getKey()
                + "'.";
          }
          String inner =
              strictProblem(p.getValue(), context + "'properties', '" + p.getKey() + "', ");
          if (inner != null) {
            return inner;
          }
        }
      }
    }
    JsonNode items = schema.get("items");
    if (items != null) {
      return strictProblem(items, context + "'items', ");
    }
    return null;
  }
}
