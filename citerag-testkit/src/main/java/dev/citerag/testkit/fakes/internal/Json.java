package dev.citerag.testkit.fakes.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** The one Jackson mapper the testkit uses; thread-safe once configured. */
public final class Json {
  private Json() {}

  public static final ObjectMapper MAPPER = JsonMapper.builder().build();

  /** Serialises a value, turning Jackson's checked exception into an unchecked one. */
  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "cannot serialise " + value.getClass().getSimpleName() + " as JSON", e);
    }
  }
}
