package dev.citerag.answer.internal;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
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
 *
 * <p>An issue's detail is fixed vocabulary with positions and types; it never repeats a field name,
 * value or token of the reply, which may hold anything (a secret the model was tricked into
 * echoing).
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
      return fail(
          IssueType.INVALID_JSON,
          "reply must be a single JSON object and nothing else; its first character is not {");
    }
    JsonNode tree;
    try {
      tree = MAPPER.readTree(s);
    } catch (JsonProcessingException e) {
      return fail(IssueType.INVALID_JSON, "reply is not valid JSON: " + describe(e));
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
          IssueType.SCHEMA_MISMATCH,
          "reply does not match the answer schema: a value cannot be read as its field's type");
    }
  }

  /**
   * What is wrong with unparseable JSON, in fixed words and a position: the parser's own message
   * quotes the reply's tokens and field names (a model can put anything there), so it is never
   * passed on.
   */
  static String describe(JsonProcessingException e) {
    String what;
    String original = String.valueOf(e.getOriginalMessage());
    if (e instanceof JsonEOFException || original.startsWith("Unexpected end-of-input")) {
      what = "it ends before the JSON object does";
    } else if (original.startsWith("Duplicate field")) {
      what = "a field name occurs twice in one object";
    } else if (original.startsWith("Trailing token")) {
      what = "text follows the JSON object";
    } else {
      what = "a token that is not valid JSON";
    }
    JsonLocation at = e.getLocation();
    return at == null
        ? what
        : what + " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
  }

  private static ParseResult fail(IssueType type, String detail) {
    return new ParseResult(null, List.of(ValidationIssue.of(type, detail)));
  }
}
