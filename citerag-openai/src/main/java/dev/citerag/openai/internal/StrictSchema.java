package dev.citerag.openai.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Adapts a JSON schema to what OpenAI's strict structured outputs ({@code "strict": true}) demand:
 * every object lists all its properties in {@code required} and says {@code "additionalProperties":
 * false}; a property that was optional becomes required but nullable ({@code "type": [T, "null"]}),
 * the documented way to express an optional field in strict mode. The input is not modified.
 * citerag's answer schema already has this shape, so for it the copy equals the original; the
 * adapter still runs every schema through here so that a future optional field cannot make OpenAI
 * reject every request.
 */
public final class StrictSchema {
  private StrictSchema() {}

  /** A strict-mode copy of {@code schema}. */
  public static ObjectNode of(JsonNode schema) {
    if (!schema.isObject()) {
      throw new IllegalArgumentException(
          "schema must be a JSON object, was " + schema.getNodeType());
    }
    ObjectNode copy = ((ObjectNode) schema).deepCopy();
    adapt(copy);
    return copy;
  }

  /** Whether {@code schema} already meets the two rules everywhere. */
  public static boolean isStrict(JsonNode schema) {
    return violations(schema, "$").isEmpty();
  }

  /** Where {@code schema} breaks the two rules, as JSON paths with the rule; empty when strict. */
  public static List<String> violations(JsonNode schema, String path) {
    List<String> out = new ArrayList<>();
    collect(schema, path, out);
    return out;
  }

  private static void adapt(JsonNode node) {
    if (node.isArray()) {
      node.forEach(StrictSchema::adapt);
      return;
    }
    if (!node.isObject()) {
      return;
    }
    ObjectNode o = (ObjectNode) node;
    JsonNode props = o.get("properties");
    if (props != null && props.isObject()) {
      Set<String> required = new HashSet<>();
      o.path("required").forEach(r -> required.add(r.asText()));
      ArrayNode all = o.putArray("required");
      for (Map.Entry<String, JsonNode> p : props.properties()) {
        all.add(p.getKey());
        if (!required.contains(p.getKey()) && p.getValue().isObject()) {
          nullable((ObjectNode) p.getValue());
        }
      }
      o.put("additionalProperties", false);
    } else if (isObjectType(o)) {
      o.putObject("properties");
      o.putArray("required");
      o.put("additionalProperties", false);
    }
    for (Map.Entry<String, JsonNode> e : o.properties()) {
      if (e.getKey().equals("properties") && e.getValue().isObject()) {
        for (Map.Entry<String, JsonNode> p : e.getValue().properties()) {
          adapt(p.getValue());
        }
      } else if (e.getValue().isContainerNode()) {
        adapt(e.getValue());
      }
    }
  }

  private static void nullable(ObjectNode property) {
    JsonNode type = property.get("type");
    if (type != null && type.isTextual() && !type.asText().equals("null")) {
      ArrayNode both = property.arrayNode().add(type.asText()).add("null");
      property.set("type", both);
    } else if (type != null && type.isArray()) {
      boolean hasNull = false;
      for (JsonNode t : type) {
        hasNull |= t.asText().equals("null");
      }
      if (!hasNull) {
        ((ArrayNode) type).add("null");
      }
    }
  }

  private static boolean isObjectType(ObjectNode o) {
    return "object".equals(o.path("type").asText());
  }

  private static void collect(JsonNode node, String path, List<String> out) {
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        collect(node.get(i), path + "[" + i + "]", out);
      }
      return;
    }
    if (!node.isObject()) {
      return;
    }
    JsonNode props = node.get("properties");
    if ((props != null && props.isObject()) || "object".equals(node.path("type").asText())) {
      if (!node.path("additionalProperties").isBoolean()
          || node.path("additionalProperties").asBoolean()) {
        out.add(path + ": additionalProperties must be false");
      }
      Set<String> required = new HashSet<>();
      node.path("required").forEach(r -> required.add(r.asText()));
      if (props != null) {
        for (Map.Entry<String, JsonNode> p : props.properties()) {
          if (!required.contains(p.getKey())) {
            out.add(path + ".properties." + p.getKey() + ": must be listed in required");
          }
        }
      }
    }
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      if (e.getKey().equals("properties") && e.getValue().isObject()) {
        for (Map.Entry<String, JsonNode> p : e.getValue().properties()) {
          collect(p.getValue(), path + ".properties." + p.getKey(), out);
        }
      } else if (e.getValue().isContainerNode()) {
        collect(e.getValue(), path + "." + e.getKey(), out);
      }
    }
  }
}
