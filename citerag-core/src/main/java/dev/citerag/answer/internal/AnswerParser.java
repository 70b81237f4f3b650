package dev.citerag.answer.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.ValidationIssue;
import java.util.List;

/**
 * Parses a model's reply strictly: the reply must be exactly one JSON object (surrounding
 * whitespace allowed) that matches {@link AnswerSchema}. No repair is attempted: no stripping of
 * Markdown fences, no trailing-comma tolerance, no guessing of missing fields. A reply that needs
 * repair is a reply that was not produced under the schema, and is rejected (and retried with
 * feedback by the pipeline). Thread-safe.
 */
public final class AnswerParser {

  /** Replies longer than this (characters) are rejected without parsing. */
  public static final int MAX_REPLY_CHARS = 1_000_000;

  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .build();

  private static final JsonNode SCHEMA = AnswerSchema.schema();

  private AnswerParser() {}

  public static ParseResult parse(String reply) {
    if (reply.length() > MAX_REPLY_CHARS) {
      return fail(
          IssueType.INVALID_JSON,
          "reply is " + reply.length() + " characters, more than the limit of " + MAX_REPLY_CHARS);
    }
    String s = reply.strip();
    // a leading byte order mark is an encoding artefact, not content
    while (!s.isEmpty() && s.charAt(0) == '\uFEFF') {
      s = s.substring(1).strip();
    }
    if (s.isEmpty()) {
      return fail(IssueType.INVALID_JSON, "reply is empty");
    }
    if (s.charAt(0) != '{') {
      String start = s.length() > 20 ? s.substring(0, 20) + "..." : s;
      return fail(
          IssueType.INVALID_JSON,
          "reply must be a single JSON object and nothing else; it starts with \"" + start + "\"");
    }
    JsonNode tree;
    try {
      tree = MAPPER.readTree(s);
    } catch (JsonProcessingException e) {
      return fail(IssueType.INVALID_JSON, "reply is not valid JSON: " + e.getOriginalMessage());
    }
    List<String> errors = AnswerSchema.check(SCHEMA, tree);
    if (!errors.isEmpty()) {
      return fail(
          IssueType.SCHEMA_MISMATCH,
          "reply does not match the answer schema: " + String.join("; ", errors));
    }
    try {
      return new ParseResult(MAPPER.treeToValue(tree, ModelAnswer.class), List.of());
    } catch (JsonProcessingException | IllegalArgumentException e) {
      return fail(
          IssueType.SCHEMA_MISMATCH, "reply does not match the answer schema: " + e.getMessage());
    }
  }

  private static ParseResult fail(IssueType type, String detail) {
    return new ParseResult(null, List.of(ValidationIssue.of(type, detail)));
  }
}
