package dev.citerag.pgvector.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.store.MetadataValue;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Metadata and filter values as JSON text, always sent as bind parameters. Text is a JSON string, a
 * number a JSON number, a boolean a JSON boolean, a list an array, and a date the object {@code
 * {"$date": "2024-05-01"}} (so that it reads back as a date and never equals text).
 */
final class Json {
  /** The member of the object that holds a date. */
  static final String DATE = "$date";

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private Json() {}

  /** A JSON object of typed values, keys sorted so that equal maps give equal text. */
  static String object(Map<String, MetadataValue> map) {
    ObjectNode o = NODES.objectNode();
    new TreeMap<>(map).forEach((k, v) -> o.set(k, node(v)));
    return write(o);
  }

  /** {@code {"key": value}}. */
  static String pair(String key, MetadataValue value) {
    return write(NODES.objectNode().set(key, node(value)));
  }

  /** {@code {"key": [item]}}: what a list holding {@code item} contains. */
  static String listPair(String key, MetadataValue item) {
    ObjectNode o = NODES.objectNode();
    o.putArray(key).add(node(item));
    return write(o);
  }

  /** One {@code {"key": value}} object per value. */
  static String[] pairs(String key, Iterable<MetadataValue> values) {
    List<String> out = new ArrayList<>();
    for (MetadataValue v : values) {
      out.add(pair(key, v));
    }
    return out.toArray(new String[0]);
  }

  /** A scalar's JSON text, as a jsonpath variable's value. */
  static String scalar(MetadataValue value) {
    return write(
        value instanceof MetadataValue.DateValue d ? NODES.textNode(d.asText()) : node(value));
  }

  static JsonNode node(MetadataValue v) {
    if (v instanceof MetadataValue.TextValue t) {
      return NODES.textNode(t.value());
    }
    if (v instanceof MetadataValue.NumberValue n) {
      return NODES.numberNode(n.value());
    }
    if (v instanceof MetadataValue.BooleanValue b) {
      return NODES.booleanNode(b.value());
    }
    if (v instanceof MetadataValue.DateValue d) {
      return NODES.objectNode().put(DATE, d.asText());
    }
    ArrayNode arr = NODES.arrayNode();
    for (MetadataValue item : ((MetadataValue.ListValue) v).items()) {
      arr.add(node(item));
    }
    return arr;
  }

  private static String write(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of metadata values always serialises", e);
    }
  }

  /**
   * A stored metadata object; strings read as text, so collections written before typed values read
   * as before.
   */
  static Map<String, MetadataValue> parseObject(String json) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "stored metadata is not a JSON object: " + e.getOriginalMessage(), e);
    }
    if (root == null || !root.isObject()) {
      throw new IllegalStateException("stored metadata is not a JSON object");
    }
    Map<String, MetadataValue> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : root.properties()) {
      JsonNode n = e.getValue();
      if (n.isArray()) {
        List<MetadataValue> items = new ArrayList<>();
        for (JsonNode item : n) {
          items.add(scalar(e.getKey(), item));
        }
        out.put(e.getKey(), MetadataValue.list(items));
      } else {
        out.put(e.getKey(), scalar(e.getKey(), n));
      }
    }
    return out;
  }

  private static MetadataValue scalar(String key, JsonNode n) {
    if (n.isTextual()) {
      return MetadataValue.of(n.textValue());
    }
    if (n.isNumber()) {
      return MetadataValue.of(n.decimalValue());
    }
    if (n.isBoolean()) {
      return MetadataValue.of(n.booleanValue());
    }
    JsonNode date = n.isObject() && n.size() == 1 ? n.get(DATE) : null;
    if (date != null && date.isTextual()) {
      try {
        return MetadataValue.of(LocalDate.parse(date.textValue()));
      } catch (DateTimeParseException ex) {
        throw new IllegalStateException(
            "stored metadata \"" + key + "\" holds an invalid date: " + date.textValue(), ex);
      }
    }
    throw new IllegalStateException(
        "stored metadata \""
            + key
            + "\" is not text, a number, a boolean, a date or a list of them");
  }
}
