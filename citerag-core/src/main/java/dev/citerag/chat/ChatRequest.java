package dev.citerag.chat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.internal.Checks;
import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One structured model call: rules in the system instruction, data in the user content, and the
 * JSON schema the reply must follow.
 *
 * @param systemInstruction the rules (never contains retrieved text)
 * @param userContent the question and the sources, rendered as JSON data
 * @param responseSchema JSON Schema (draft 2020-12 subset: type, properties, required, items, enum,
 *     description, minItems, additionalProperties) the reply must match
 * @param temperature sampling temperature, 0 to 2; citerag uses 0
 * @param maxOutputTokens the output limit, &gt; 0
 * @param timeout how long the whole call (all retries included) may take, if bounded
 */
public record ChatRequest(
    String systemInstruction,
    String userContent,
    ObjectNode responseSchema,
    double temperature,
    int maxOutputTokens,
    @Nullable Duration timeout) {

  /**
   * Checks the fields and copies the schema.
   *
   * @param systemInstruction the rules
   * @param userContent the question and the sources
   * @param responseSchema the JSON Schema the reply must match
   * @param temperature sampling temperature, 0 to 2
   * @param maxOutputTokens the output limit, &gt; 0
   * @param timeout the bound on the whole call, or {@code null} for none
   * @throws IllegalArgumentException when a text is blank, the schema is null, or a number or the
   *     timeout is out of range
   */
  public ChatRequest {
    Checks.notBlank(systemInstruction, "systemInstruction");
    Checks.notBlank(userContent, "userContent");
    Checks.notNull(responseSchema, "responseSchema");
    Checks.inRange(temperature, 0.0, 2.0, "temperature");
    Checks.positive(maxOutputTokens, "maxOutputTokens");
    if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
      throw new IllegalArgumentException("timeout must be > 0, was " + timeout);
    }
    responseSchema = responseSchema.deepCopy();
  }

  /** {@return a deep copy of the schema; the request itself stays immutable} */
  @Override
  public ObjectNode responseSchema() {
    return responseSchema.deepCopy();
  }

  /**
   * {@return the schema itself, without copying, for serialisers that only read it; modifying it
   * breaks the request's immutability}
   */
  public JsonNode responseSchemaView() {
    return responseSchema;
  }

  /** {@return the bound on the whole call, or empty when unbounded} */
  public Optional<Duration> timeoutOption() {
    return Optional.ofNullable(timeout);
  }

  /**
   * The same request with a different user content (used for retries with feedback).
   *
   * @param newUserContent the new user turn, not blank
   * @return the new request
   * @throws IllegalArgumentException when {@code newUserContent} is blank
   */
  public ChatRequest withUserContent(String newUserContent) {
    return new ChatRequest(
        systemInstruction, newUserContent, responseSchema, temperature, maxOutputTokens, timeout);
  }

  /**
   * The same request with another time bound.
   *
   * @param newTimeout the bound on the whole call, or {@code null} for none
   * @return the new request
   * @throws IllegalArgumentException when {@code newTimeout} is zero or negative
   */
  public ChatRequest withTimeout(@Nullable Duration newTimeout) {
    return new ChatRequest(
        systemInstruction, userContent, responseSchema, temperature, maxOutputTokens, newTimeout);
  }
}
