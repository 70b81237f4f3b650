package dev.citerag.anthropic.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * JSON shapes of {@code POST /v1/messages} (non-streaming), request and response. Field names are
 * written in snake_case by {@link Json#MAPPER}.
 */
final class MessagesWire {
  private MessagesWire() {}

  // ---- request ----

  /** At most one of {@code outputConfig} and {@code tools} is set. */
  record Request(
      String model,
      int maxTokens,
      double temperature,
      String system,
      List<Message> messages,
      @Nullable OutputConfig outputConfig,
      @Nullable List<Tool> tools,
      @Nullable ToolChoice toolChoice) {}

  /** {@code role} is {@code user}. */
  record Message(String role, List<Block> content) {}

  /**
   * A content block: {@code text} (with {@code text}) or {@code document} (with {@code source},
   * {@code title}, {@code citations}).
   */
  record Block(
      String type,
      @Nullable String text,
      @Nullable DocumentSource source,
      @Nullable String title,
      @Nullable CitationsFlag citations) {
    static Block text(String text) {
      return new Block("text", text, null, null, null);
    }

    static Block document(String data, @Nullable String title) {
      return new Block(
          "document",
          null,
          new DocumentSource("text", "text/plain", data),
          title,
          new CitationsFlag(true));
    }
  }

  /** A plain-text document: {@code type} {@code text}, {@code media_type} {@code text/plain}. */
  record DocumentSource(String type, String mediaType, String data) {}

  record CitationsFlag(boolean enabled) {}

  /** Structured outputs: {@code {"format": {"type": "json_schema", "schema": ...}}}. */
  record OutputConfig(Format format) {}

  record Format(String type, JsonNode schema) {}

  record Tool(String name, String description, JsonNode inputSchema) {}

  /** {@code {"type": "tool", "name": ...}}: the model must call that tool. */
  record ToolChoice(String type, String name) {}

  // ---- response (every field optional: a reply missing one is classified, not a crash) ----

  record Response(
      @Nullable String id,
      @Nullable String type,
      @Nullable String model,
      @Nullable List<@Nullable ContentBlock> content,
      @Nullable String stopReason,
      @Nullable Usage usage) {}

  /**
   * {@code text} blocks carry {@code text} and, with citations enabled, {@code citations}; {@code
   * tool_use} blocks carry {@code name} and {@code input}; other types (thinking, server tools) are
   * skipped.
   */
  record ContentBlock(
      @Nullable String type,
      @Nullable String text,
      @Nullable List<@Nullable CitationWire> citations,
      @Nullable String name,
      @Nullable JsonNode input) {}

  /**
   * A citation; for a plain-text document {@code type} is {@code char_location} with 0-based
   * character indices, the end exclusive.
   */
  record CitationWire(
      @Nullable String type,
      @Nullable String citedText,
      @Nullable Long documentIndex,
      @Nullable String documentTitle,
      @Nullable Long startCharIndex,
      @Nullable Long endCharIndex) {}

  /**
   * Counts as {@code long}. {@code input_tokens} excludes the prompt tokens read from or written to
   * the cache, which come apart.
   */
  record Usage(
      @Nullable Long inputTokens,
      @Nullable Long outputTokens,
      @Nullable Long cacheCreationInputTokens,
      @Nullable Long cacheReadInputTokens) {}
}
