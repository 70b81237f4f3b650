package dev.citerag.testkit.golden;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.internal.Checks;
import dev.citerag.testkit.fakes.internal.Json;
import dev.citerag.testkit.golden.internal.Resources;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Loads golden cases from JSON Lines: one case per line, blank lines ignored.
 *
 * <pre>
 * {"id":"rollback-command","question":"Which command rolls a service back?","answerable":true,
 *  "doc_ids":["rollbacks"],"evidence":"deployctl rollback --service &lt;name&gt; --to &lt;sha&gt;",
 *  "must_contain":"deployctl rollback","kind":"numeric_identifier"}
 * {"id":"oncall-handover-time","question":"At what time does the on-call handover happen?",
 *  "answerable":false,"doc_ids":[],"kind":"near_miss","filter":{"team":"platform"}}
 * </pre>
 *
 * Fields: {@code id}, {@code question}, {@code answerable}, {@code kind} (all required), {@code
 * doc_ids}, {@code evidence}, {@code must_contain} (required and non-empty when answerable, empty
 * or absent otherwise), {@code filter} (optional object of strings). Unknown fields are errors (a
 * typo must not silently drop a label). Every error is a {@link GoldenFormatException} naming the
 * line and field.
 */
public final class GoldenCases {
  private GoldenCases() {}

  /** Where the bundled cases live on the class path. */
  public static final String RESOURCE = "dev/citerag/testkit/golden/cases.jsonl";

  static final Set<String> FIELDS =
      Set.of(
          "id", "question", "answerable", "doc_ids", "evidence", "must_contain", "filter", "kind");

  /** {@return the bundled cases, labelled against {@link GoldenCorpus#load()}} */
  public static List<GoldenCase> load() {
    return parse(new StringReader(Resources.read(RESOURCE)), "cases.jsonl");
  }

  /**
   * Cases from a file.
   *
   * @param file a JSON Lines file, one case per line
   * @return the cases, in file order
   * @throws GoldenFormatException when a line is malformed
   * @throws UncheckedIOException when the file cannot be read
   */
  public static List<GoldenCase> load(Path file) {
    Checks.notNull(file, "file");
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return parse(r, file.getFileName().toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read golden cases " + file, e);
    }
  }

  /**
   * Cases from a reader.
   *
   * @param reader JSON Lines, one case per line; not closed
   * @return the cases, in order
   * @param source the name used in error messages
   * @throws GoldenFormatException when a line is malformed or an id repeats
   */
  public static List<GoldenCase> parse(Reader reader, String source) {
    Checks.notNull(reader, "reader");
    Checks.notNull(source, "source");
    List<GoldenCase> out = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    BufferedReader br = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
    int lineNo = 0;
    try {
      String line;
      while ((line = br.readLine()) != null) {
        lineNo++;
        if (line.isBlank()) {
          continue;
        }
        GoldenCase c = parseLine(line, source, lineNo);
        Integer first = seen.putIfAbsent(c.id(), lineNo);
        if (first != null) {
          throw new GoldenFormatException(
              source, lineNo, "id", "\"" + c.id() + "\" repeats (first on line " + first + ")");
        }
        out.add(c);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read golden cases " + source, e);
    }
    return List.copyOf(out);
  }

  private static GoldenCase parseLine(String line, String source, int n) {
    JsonNode node;
    try {
      node = Json.MAPPER.readTree(line);
    } catch (JsonProcessingException e) {
      throw new GoldenFormatException(
          source, n, null, "is not valid JSON: " + e.getOriginalMessage());
    }
    if (node == null || !node.isObject()) {
      throw new GoldenFormatException(source, n, null, "must be a JSON object");
    }
    Iterator<String> names = node.fieldNames();
    while (names.hasNext()) {
      String f = names.next();
      if (!FIELDS.contains(f)) {
        throw new GoldenFormatException(
            source,
            n,
            f,
            "is not a known field; known fields are " + FIELDS.stream().sorted().toList());
      }
    }
    String id = requiredString(node, "id", source, n);
    String question = requiredString(node, "question", source, n);
    JsonNode a = node.get("answerable");
    if (a == null || !a.isBoolean()) {
      throw new GoldenFormatException(
          source, n, "answerable", a == null ? "is required" : "must be true or false");
    }
    boolean answerable = a.asBoolean();
    List<String> docIds = new ArrayList<>();
    JsonNode d = node.get("doc_ids");
    if (d != null && !d.isNull()) {
      if (!d.isArray()) {
        throw new GoldenFormatException(source, n, "doc_ids", "must be an array of strings");
      }
      for (JsonNode e : d) {
        if (!e.isTextual() || e.asText().isBlank()) {
          throw new GoldenFormatException(source, n, "doc_ids", "must hold non-blank strings only");
        }
        docIds.add(e.asText());
      }
    }
    String evidence = optionalString(node, "evidence", source, n);
    String mustContain = optionalString(node, "must_contain", source, n);
    Map<String, String> filter = new LinkedHashMap<>();
    JsonNode f = node.get("filter");
    if (f != null && !f.isNull()) {
      if (!f.isObject()) {
        throw new GoldenFormatException(
            source, n, "filter", "must be an object of strings, e.g. {\"team\":\"platform\"}");
      }
      for (Map.Entry<String, JsonNode> e : f.properties()) {
        if (!e.getValue().isTextual()) {
          throw new GoldenFormatException(
              source, n, "filter", "value of \"" + e.getKey() + "\" must be a string");
        }
        filter.put(e.getKey(), e.getValue().asText());
      }
    }
    String kind = requiredString(node, "kind", source, n);
    if (answerable) {
      if (docIds.isEmpty()) {
        throw new GoldenFormatException(
            source, n, "doc_ids", "must name at least one document when answerable is true");
      }
      if (evidence == null || evidence.isBlank()) {
        throw new GoldenFormatException(
            source, n, "evidence", "is required when answerable is true");
      }
      if (mustContain == null || mustContain.isBlank()) {
        throw new GoldenFormatException(
            source, n, "must_contain", "is required when answerable is true");
      }
    } else {
      if (!docIds.isEmpty()) {
        throw new GoldenFormatException(
            source, n, "doc_ids", "must be empty when answerable is false");
      }
      if (evidence != null) {
        throw new GoldenFormatException(
            source, n, "evidence", "must be absent when answerable is false");
      }
      if (mustContain != null) {
        throw new GoldenFormatException(
            source, n, "must_contain", "must be absent when answerable is false");
      }
    }
    try {
      return new GoldenCase(id, question, answerable, docIds, evidence, mustContain, filter, kind);
    } catch (IllegalArgumentException e) {
      // the record's own checks name the field, e.g. "kind must match [a-z][a-z0-9_]*"
      throw new GoldenFormatException(source, n, null, String.valueOf(e.getMessage()));
    }
  }

  private static String requiredString(JsonNode node, String field, String source, int n) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      throw new GoldenFormatException(source, n, field, "is required");
    }
    if (!v.isTextual()) {
      throw new GoldenFormatException(source, n, field, "must be a string");
    }
    if (v.asText().isBlank()) {
      throw new GoldenFormatException(source, n, field, "must not be blank");
    }
    return v.asText();
  }

  private static @Nullable String optionalString(
      JsonNode node, String field, String source, int n) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isTextual()) {
      throw new GoldenFormatException(source, n, field, "must be a string");
    }
    return v.asText();
  }
}
