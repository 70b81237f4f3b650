package dev.citerag.examples.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.pipeline.Attempt;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.Stage;
import dev.citerag.pipeline.TermCoverage;
import dev.citerag.pipeline.Trace;
import dev.citerag.pipeline.VerificationIdentity;
import dev.citerag.render.ResultJson;
import dev.citerag.store.Chunk;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import dev.citerag.store.SourceMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One line of an evaluation record ({@code citerag eval --record FILE}): a case, the sources sent
 * to the model with their full text, the model's raw reply of every attempt as it was sent, the
 * result as {@link ResultJson} writes it, and the trace's identities, so the line can be
 * re-validated later without the model, the embedder or the store ({@link EvalReplay}).
 *
 * <p>Fields of a line: {@code record} (the format, {@value #FORMAT}), {@code case}, {@code
 * question}, {@code result} (the {@link ResultJson} object), {@code trace}: {@code {trace_id,
 * generator, model, top_k, context_tokens, verification: {validator_rules, prompt}, embedder:
 * {provider, model, dimensions}, latency_ms, usage, sent: [{source_id, cosine, dense_rank,
 * lexical_rank, lexical_score, fused_score, chunk: {id, doc_id, source, title, heading_path, page,
 * text, token_count, content_hash, metadata}}], attempts: [{number, raw_reply, finish_reason,
 * provider_finish_reason, model, response_id, usage, latency_ms, issues: [{type, severity,
 * detail}]}], question_coverage: [{term, kind, source_ids, covered}]}}.
 *
 * @param caseId the case's id in the evaluation set
 * @param question the question asked
 * @param generator the generator's name
 * @param promptVersion the prompt version the replies were produced under
 * @param validatorRules the validator rules version that checked them
 * @param contextTokens the estimated tokens of the sources sent
 * @param sent the sources sent to the model, with the ids the model saw
 * @param replies the model's replies, one per attempt, in order (empty when it was not called)
 * @param result the result as {@link ResultJson} wrote it
 */
public record EvalRecord(
    String caseId,
    String question,
    String generator,
    String promptVersion,
    String validatorRules,
    int contextTokens,
    List<SentSource> sent,
    List<ChatResponse> replies,
    JsonNode result) {

  /** The format name in every line's {@code record} field. */
  public static final String FORMAT = "citerag-eval-record/1";

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** Copies the lists. */
  public EvalRecord {
    sent = List.copyOf(sent);
    replies = List.copyOf(replies);
  }

  /**
   * The record line of one answered case (no line break).
   *
   * @param caseId the case's id
   * @param result what the pipeline returned for it
   * @return one line of JSON
   */
  public static String line(String caseId, RagResult result) {
    Trace t = result.trace();
    ObjectNode o = F.objectNode();
    o.put("record", FORMAT);
    o.put("case", caseId);
    o.put("question", t.question());
    try {
      o.set("result", MAPPER.readTree(ResultJson.toJson(result)));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("ResultJson wrote invalid JSON", e);
    }
    ObjectNode trace = o.putObject("trace");
    trace.put("trace_id", t.traceId());
    trace.put("generator", t.generator());
    trace.put("model", t.model());
    trace.put("top_k", t.topK());
    trace.put("context_tokens", t.contextTokens());
    VerificationIdentity v = t.verificationIdentity();
    ObjectNode verification = trace.putObject("verification");
    verification.put("validator_rules", v.validatorRules());
    verification.put("prompt", v.prompt());
    ObjectNode embedder = trace.putObject("embedder");
    embedder.put("provider", t.embedder().provider());
    embedder.put("model", t.embedder().model());
    embedder.put("dimensions", t.embedder().dimensions());
    ObjectNode latency = trace.putObject("latency_ms");
    for (Map.Entry<Stage, java.time.Duration> e : t.latency().entrySet()) {
      latency.put(e.getKey().name().toLowerCase(Locale.ROOT), e.getValue().toMillis());
    }
    trace.set("usage", usage(t.usage()));
    ArrayNode sent = trace.putArray("sent");
    for (SentSource s : t.sent()) {
      sent.add(source(s));
    }
    ArrayNode attempts = trace.putArray("attempts");
    for (Attempt a : t.attempts()) {
      attempts.add(attempt(a));
    }
    ArrayNode coverage = trace.putArray("question_coverage");
    for (TermCoverage c : t.questionCoverage()) {
      ObjectNode n = coverage.addObject();
      n.put("term", c.term());
      n.put("kind", c.kind());
      ArrayNode ids = n.putArray("source_ids");
      c.sourceIds().forEach(ids::add);
      n.put("covered", c.covered());
    }
    return write(o);
  }

  private static ObjectNode source(SentSource s) {
    SearchHit h = s.hit();
    Chunk c = h.chunk();
    ObjectNode n = F.objectNode();
    n.put("source_id", s.sourceId());
    n.put("cosine", h.cosine());
    n.put("dense_rank", h.denseRank());
    n.put("lexical_rank", h.lexicalRank());
    n.put("lexical_score", h.lexicalScore());
    n.put("fused_score", h.fusedScore());
    n.put("rerank_score", h.rerankScore());
    ObjectNode chunk = n.putObject("chunk");
    chunk.put("id", c.id());
    chunk.put("doc_id", c.docId());
    chunk.put("source", c.source());
    chunk.put("title", c.title());
    ArrayNode path = chunk.putArray("heading_path");
    c.headingPath().forEach(path::add);
    chunk.put("page", c.page());
    chunk.put("text", c.text());
    chunk.put("token_count", c.tokenCount());
    chunk.put("content_hash", c.contentHash());
    ObjectNode metadata = chunk.putObject("metadata");
    new java.util.TreeMap<>(c.metadata()).forEach((k, v) -> metadata.set(k, metadataJson(v)));
    SourceMap map = c.sourceMap();
    chunk.put("source_map", map == null ? null : map.encode());
    return n;
  }

  /** A metadata value as JSON that reads back as the same type: a date is {"$date": "..."}. */
  private static JsonNode metadataJson(MetadataValue v) {
    if (v instanceof MetadataValue.ListValue l) {
      ArrayNode arr = F.arrayNode();
      l.items().forEach(item -> arr.add(metadataJson(item)));
      return arr;
    } else if (v instanceof MetadataValue.NumberValue n) {
      return F.numberNode(n.value());
    } else if (v instanceof MetadataValue.BooleanValue b) {
      return F.booleanNode(b.value());
    } else if (v instanceof MetadataValue.DateValue d) {
      return F.objectNode().put("$date", d.value().toString());
    }
    return F.textNode(v.asText());
  }

  private static MetadataValue metadataValue(JsonNode n, String field) {
    if (n.isArray()) {
      List<MetadataValue> items = new ArrayList<>();
      n.forEach(item -> items.add(metadataValue(item, field + "[]")));
      return MetadataValue.list(items);
    } else if (n.isNumber()) {
      return MetadataValue.of(n.decimalValue());
    } else if (n.isBoolean()) {
      return MetadataValue.of(n.booleanValue());
    } else if (n.isObject() && n.hasNonNull("$date")) {
      try {
        return MetadataValue.of(java.time.LocalDate.parse(n.get("$date").asText()));
      } catch (java.time.format.DateTimeParseException e) {
        throw new IllegalArgumentException(field + " must be an ISO date", e);
      }
    } else if (n.isTextual()) {
      return MetadataValue.of(n.asText());
    }
    throw new IllegalArgumentException(
        field + " must be a string, number, boolean, {\"$date\": ...} or an array of those");
  }

  private static ObjectNode attempt(Attempt a) {
    ObjectNode n = F.objectNode();
    n.put("number", a.number());
    n.put("raw_reply", a.rawReply());
    n.put("finish_reason", a.finishReason().name().toLowerCase(Locale.ROOT));
    n.put("provider_finish_reason", a.providerFinishReason());
    n.put("model", a.model());
    n.put("response_id", a.responseId());
    n.set("usage", usage(a.usage()));
    n.put("latency_ms", a.latency().toMillis());
    ArrayNode issues = n.putArray("issues");
    for (ValidationIssue i : a.issues()) {
      ObjectNode in = issues.addObject();
      in.put("type", i.type().name().toLowerCase(Locale.ROOT));
      in.put("severity", i.severity().name().toLowerCase(Locale.ROOT));
      in.put("detail", i.detail());
    }
    return n;
  }

  private static ObjectNode usage(TokenUsage u) {
    ObjectNode n = F.objectNode();
    n.put("input_tokens", u.inputTokens());
    n.put("output_tokens", u.outputTokens());
    n.put("reasoning_tokens", u.reasoningTokens());
    n.put("cached_tokens", u.cachedTokens());
    n.put("total_tokens", u.totalTokens());
    return n;
  }

  private static String write(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise JSON", e);
    }
  }

  /**
   * Reads one record line.
   *
   * @param text the line
   * @return the record
   * @throws IllegalArgumentException naming the field and the rule when the line is not a record
   */
  public static EvalRecord parse(String text) {
    JsonNode o;
    try {
      o = MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "not JSON: " + e.getOriginalMessage().replace('\n', ' '), e);
    }
    if (o == null || !o.isObject()) {
      throw new IllegalArgumentException("a record line must be a JSON object");
    }
    String format = text(o, "record");
    if (!FORMAT.equals(format)) {
      throw new IllegalArgumentException(
          "field record must be \"" + FORMAT + "\", was \"" + format + "\"");
    }
    JsonNode result = o.get("result");
    if (result == null || !result.isObject()) {
      throw new IllegalArgumentException("field result must be an object");
    }
    JsonNode trace = object(o, "trace");
    JsonNode verification = object(trace, "verification");
    List<SentSource> sent = new ArrayList<>();
    for (JsonNode s : array(trace, "sent")) {
      sent.add(sentSource(s));
    }
    List<ChatResponse> replies = new ArrayList<>();
    for (JsonNode a : array(trace, "attempts")) {
      replies.add(reply(a));
    }
    return new EvalRecord(
        text(o, "case"),
        text(o, "question"),
        text(trace, "generator"),
        text(verification, "prompt"),
        text(verification, "validator_rules"),
        integer(trace, "context_tokens"),
        sent,
        replies,
        result);
  }

  private static SentSource sentSource(JsonNode s) {
    JsonNode c = object(s, "chunk");
    List<String> path = new ArrayList<>();
    for (JsonNode h : array(c, "heading_path")) {
      path.add(h.asText());
    }
    Map<String, MetadataValue> metadata = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : object(c, "metadata").properties()) {
      metadata.put(e.getKey(), metadataValue(e.getValue(), "metadata." + e.getKey()));
    }
    SourceMap map =
        c.hasNonNull("source_map") ? SourceMap.parse(c.get("source_map").asText()) : null;
    try {
      Chunk chunk =
          new Chunk(
              text(c, "id"),
              text(c, "doc_id"),
              text(c, "source"),
              optionalText(c, "title").orElse(null),
              path,
              c.hasNonNull("page") ? c.get("page").asInt() : null,
              text(c, "text"),
              integer(c, "token_count"),
              text(c, "content_hash"),
              metadata,
              map);
      SearchHit hit =
          new SearchHit(
              chunk,
              number(s, "cosine"),
              s.hasNonNull("dense_rank") ? s.get("dense_rank").asInt() : null,
              s.hasNonNull("lexical_rank") ? s.get("lexical_rank").asInt() : null,
              s.path("lexical_score").asDouble(),
              s.path("fused_score").asDouble(),
              number(s, "rerank_score"));
      return new SentSource(text(s, "source_id"), hit);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("trace.sent: " + e.getMessage(), e);
    }
  }

  private static ChatResponse reply(JsonNode a) {
    String finish = text(a, "finish_reason");
    FinishReason reason;
    try {
      reason = FinishReason.valueOf(finish.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "field trace.attempts[].finish_reason must be stop, length or blocked, was \""
              + finish
              + "\"",
          e);
    }
    JsonNode u = object(a, "usage");
    return new ChatResponse(
        text(a, "raw_reply"),
        reason,
        text(a, "provider_finish_reason"),
        new TokenUsage(
            integer(u, "input_tokens"),
            integer(u, "output_tokens"),
            integer(u, "reasoning_tokens"),
            integer(u, "cached_tokens"),
            integer(u, "total_tokens")),
        text(a, "model"),
        optionalText(a, "response_id").orElse(null));
  }

  private static String text(JsonNode o, String field) {
    JsonNode n = o.get(field);
    if (n == null || !n.isTextual()) {
      throw new IllegalArgumentException("field " + field + " must be a string");
    }
    return n.asText();
  }

  private static Optional<String> optionalText(JsonNode o, String field) {
    JsonNode n = o.get(field);
    return n == null || n.isNull() ? Optional.empty() : Optional.of(text(o, field));
  }

  private static int integer(JsonNode o, String field) {
    JsonNode n = o.get(field);
    if (n == null || !n.canConvertToInt() || !n.isIntegralNumber()) {
      throw new IllegalArgumentException("field " + field + " must be an integer");
    }
    return n.asInt();
  }

  private static @Nullable Double number(JsonNode o, String field) {
    JsonNode n = o.get(field);
    return n == null || n.isNull() ? null : n.asDouble();
  }

  private static JsonNode object(JsonNode o, String field) {
    JsonNode n = o.get(field);
    if (n == null || !n.isObject()) {
      throw new IllegalArgumentException("field " + field + " must be an object");
    }
    return n;
  }

  private static JsonNode array(JsonNode o, String field) {
    JsonNode n = o.get(field);
    if (n == null || !n.isArray()) {
      throw new IllegalArgumentException("field " + field + " must be an array");
    }
    return n;
  }
}
