package dev.citerag.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.chat.ResponseSchema;

/**
 * A {@link ResponseSchema} as a fresh Jackson tree, for the provider adapters that put it into
 * their wire requests. The tree is the caller's own: changing it changes nothing else.
 */
public final class SchemaTree {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private SchemaTree() {}

  /** The schema's JSON as a new tree. */
  public static ObjectNode of(ResponseSchema schema) {
    try {
      return (ObjectNode) MAPPER.readTree(schema.json());
    } catch (JsonProcessingException | ClassCastException e) {
      // ResponseSchema holds one JSON object, checked when it was made
      throw new IllegalStateException("a ResponseSchema that is not a JSON object", e);
    }
  }
}
