package dev.citerag.answer.internal;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.chat.ResponseSchema;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The JSON Schema of the answer contract, generated from {@link ModelAnswer} and the types it holds
 * (records, enums with {@link JsonValue}, strings, lists), so the schema a model is given and the
 * Java types it is parsed into can never drift apart. Only keywords that both Gemini's {@code
 * responseJsonSchema} and Ollama's {@code format} accept are used: {@code type}, {@code
 * properties}, {@code required}, {@code items}, {@code enum}, {@code description}, {@code
 * additionalProperties}.
 *
 * <p>The same schema is what {@link AnswerParser} checks replies against.
 */
public final class AnswerSchema {
  private AnswerSchema() {}

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final ObjectNode SCHEMA = forRecord(ModelAnswer.class);

  /** A fresh copy of the answer schema. */
  public static ObjectNode schema() {
    return SCHEMA.deepCopy();
  }

  /** The schema as compact JSON text. */
  public static String json() {
    return SCHEMA.toString();
  }

  /** The name a provider that names schemas is given: {@value}. */
  public static final String NAME = "citerag_answer";

  private static final ResponseSchema RESPONSE_SCHEMA = new ResponseSchema(NAME, SCHEMA.toString());

  /** The schema as the value a {@link dev.citerag.chat.ChatRequest} carries. */
  public static ResponseSchema responseSchema() {
    return RESPONSE_SCHEMA;
  }

  /** Generates the schema of a record type. */
  static ObjectNode forRecord(Class<?> type) {
    if (!type.isRecord()) {
      throw new IllegalArgumentException(type + " is not a record");
    }
    ObjectNode node = MAPPER.createObjectNode();
    node.put("type", "object");
    ObjectNode props = node.putObject("properties");
    ArrayNode required = MAPPER.createArrayNode();
    for (RecordComponent rc : type.getRecordComponents()) {
      // Jackson's annotations do not target record components; javac copies them to the accessor
      JsonProperty jp = rc.getAccessor().getAnnotation(JsonProperty.class);
      String name = jp != null && !jp.value().isEmpty() ? jp.value() : rc.getName();
      ObjectNode p = forType(rc.getGenericType());
      JsonPropertyDescription d = rc.getAccessor().getAnnotation(JsonPropertyDescription.class);
      if (d != null) {
        p.put("description", d.value());
      }
      props.set(name, p);
      if (jp != null && jp.required()) {
        required.add(name);
      }
    }
    node.set("required", required);
    node.put("additionalProperties", false);
    return node;
  }

  private static ObjectNode forType(Type t) {
    if (t instanceof ParameterizedType pt && pt.getRawType() == List.class) {
      ObjectNode n = MAPPER.createObjectNode();
      n.put("type", "array");
      n.set("items", forType(pt.getActualTypeArguments()[0]));
      return n;
    }
    if (t instanceof Class<?> c) {
      if (c == String.class) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("type", "string");
        return n;
      }
      if (c.isEnum()) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("type", "string");
        ArrayNode values = n.putArray("enum");
        for (Object constant : c.getEnumConstants()) {
          values.add(wireName((Enum<?>) constant));
        }
        return n;
      }
      if (c.isRecord()) {
        return forRecord(c);
      }
    }
    throw new IllegalArgumentException("no JSON schema mapping for " + t);
  }

  private static String wireName(Enum<?> e) {
    for (Method m : e.getDeclaringClass().getMethods()) {
      if (m.isAnnotationPresent(JsonValue.class) && m.getParameterCount() == 0) {
        try {
          return String.valueOf(m.invoke(e));
        } catch (ReflectiveOperationException ex) {
          throw new IllegalStateException(ex);
        }
      }
    }
    return e.name();
  }

  /**
   * Checks {@code value} against {@code schema} (the subset of keywords this class generates).
   * Returns human-readable errors with JSON paths; empty when it conforms. The errors are fixed
   * vocabulary: paths name the schema's own fields and positions ({@code $.claims[0] field 3 of
   * 3}), the rule and the kind of value received, never a field name or value the reply chose.
   */
  static List<String> check(JsonNode schema, JsonNode value) {
    List<String> errors = new ArrayList<>();
    check(schema, value, "$", errors);
    return errors;
  }

  private static void check(JsonNode schema, JsonNode value, String path, List<String> errors) {
    if (errors.size() >= 20) {
      return;
    }
    String type = schema.path("type").asText();
    switch (type) {
      case "object" -> {
        if (!value.isObject()) {
          errors.add(path + " must be an object, was " + kind(value));
          return;
        }
        JsonNode props = schema.path("properties");
        for (JsonNode r : schema.path("required")) {
          if (!value.has(r.asText())) {
            errors.add(path + "." + r.asText() + " is required");
          }
        }
        int position = 0;
        for (Map.Entry<String, JsonNode> f : value.properties()) {
          position++;
          JsonNode ps = props.get(f.getKey());
          if (ps == null) {
            if (!schema.path("additionalProperties").asBoolean(true)) {
              // the name is the model's text: say where it is, never what it is
              errors.add(
                  path
                      + " field "
                      + position
                      + " of "
                      + value.size()
                      + " is not an allowed field (allowed: "
                      + allowed(props)
                      + ")");
            }
          } else {
            check(ps, f.getValue(), path + "." + f.getKey(), errors);
          }
        }
      }
      case "array" -> {
        if (!value.isArray()) {
          errors.add(path + " must be an array, was " + kind(value));
          return;
        }
        for (int i = 0; i < value.size(); i++) {
          check(schema.path("items"), value.get(i), path + "[" + i + "]", errors);
        }
      }
      case "string" -> {
        if (!value.isTextual()) {
          errors.add(path + " must be a string, was " + kind(value));
          return;
        }
        JsonNode en = schema.get("enum");
        if (en != null) {
          boolean ok = false;
          for (JsonNode e : en) {
            ok |= e.asText().equals(value.asText());
          }
          if (!ok) {
            // the value is the model's text: name the rule only
            errors.add(path + " must be one of " + en + ", was another string");
          }
        }
      }
      default -> throw new IllegalStateException("unsupported schema type " + type);
    }
  }

  private static String kind(JsonNode v) {
    return v.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
  }

  private static String allowed(JsonNode props) {
    List<String> names = new ArrayList<>();
    props.fieldNames().forEachRemaining(names::add);
    names.sort(null);
    return String.join(", ", names);
  }
}
