package dev.citerag.pgvector.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Metadata and filter values as JSON text, always sent as bind parameters. */
final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final TypeReference<Map<String, String>> STRING_MAP = new TypeReference<>() {};

  private Json() {}

  /** A JSON object of string values, keys sorted so that equal maps give equal text. */
  static String object(Map<String, String> map) {
    try {
      return MAPPER.writeValueAsString(new TreeMap<>(map));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a map of strings always serialises", e);
    }
  }

  /** {@code {"key": "value"}}. */
  static String pair(String key, String value) {
    return object(Map.of(key, value));
  }

  /** One {@code {"key": value}} object per value. */
  static String[] pairs(String key, Iterable<String> values) {
    List<String> out = new java.util.ArrayList<>();
    for (String v : values) {
      out.add(pair(key, v));
    }
    return out.toArray(new String[0]);
  }

  static Map<String, String> parseObject(String json) {
    try {
      return MAPPER.readValue(json, STRING_MAP);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "stored metadata is not a JSON object of strings: " + e.getOriginalMessage(), e);
    }
  }
}
