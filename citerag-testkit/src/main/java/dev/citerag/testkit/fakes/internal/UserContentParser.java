package dev.citerag.testkit.fakes.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Finds the question and the sources in a prompt's user content without depending on its exact
 * layout. The content produced by {@code JsonContextBuilder} is one JSON object {@code {"question":
 * ..., "sources": [{"id", "title", "section", "text"}]}}, possibly followed by feedback text on a
 * retry; other context builders may wrap the JSON in prose. So the parser reads the first JSON
 * value that starts at each of the first {@value #MAX_STARTS} opening braces or brackets, and
 * inside it looks (depth first) for an array whose elements are all objects with a textual {@code
 * id} (or {@code source_id}) and {@code text} (or {@code content}).
 */
public final class UserContentParser {
  private UserContentParser() {}

  /** How many candidate start positions are tried before giving up. */
  static final int MAX_STARTS = 64;

  /** The parse result: sources in the order they appear, and the question when one was found. */
  public record Parsed(List<String[]> sources, @Nullable String question) {}

  public static Parsed parse(String userContent) {
    int tried = 0;
    for (int i = 0; i < userContent.length() && tried < MAX_STARTS; i++) {
      char c = userContent.charAt(i);
      if (c != '{' && c != '[') {
        continue;
      }
      tried++;
      JsonNode tree = readFirstValue(userContent.substring(i));
      if (tree == null) {
        continue;
      }
      List<String[]> sources = findSources(tree);
      if (sources != null) {
        return new Parsed(sources, findQuestion(tree));
      }
      // a JSON value without sources: skip past it only if it parsed as an object with a question
      String q = findQuestion(tree);
      if (q != null) {
        return new Parsed(List.of(), q);
      }
    }
    return new Parsed(List.of(), null);
  }

  private static @Nullable JsonNode readFirstValue(String text) {
    try (JsonParser p = Json.MAPPER.createParser(text)) {
      JsonNode n = Json.MAPPER.readTree(p);
      return n != null && n.isContainerNode() ? n : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static @Nullable List<String[]> findSources(JsonNode node) {
    if (node.isArray() && node.size() > 0) {
      List<String[]> out = new ArrayList<>();
      boolean all = true;
      for (JsonNode e : node) {
        String id = textField(e, "id", "source_id");
        String text = textField(e, "text", "content");
        if (id == null || text == null) {
          all = false;
          break;
        }
        out.add(new String[] {id, text});
      }
      if (all) {
        return out;
      }
    }
    if (node.isContainerNode()) {
      Iterator<JsonNode> it = node.elements();
      while (it.hasNext()) {
        List<String[]> found = findSources(it.next());
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  private static @Nullable String findQuestion(JsonNode node) {
    if (node.isObject()) {
      JsonNode q = node.get("question");
      if (q != null && q.isTextual()) {
        return q.asText();
      }
    }
    if (node.isContainerNode()) {
      Iterator<JsonNode> it = node.elements();
      while (it.hasNext()) {
        String found = findQuestion(it.next());
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  private static @Nullable String textField(JsonNode obj, String name, String alternative) {
    if (!obj.isObject()) {
      return null;
    }
    JsonNode v = obj.get(name);
    if (v == null) {
      v = obj.get(alternative);
    }
    return v != null && v.isTextual() ? v.asText() : null;
  }
}
