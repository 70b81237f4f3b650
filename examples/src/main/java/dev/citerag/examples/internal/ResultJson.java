package dev.citerag.examples.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.TokenUsage;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.ingest.IngestReport;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.pipeline.Stage;
import dev.citerag.pipeline.Trace;
import dev.citerag.store.Chunk;
import dev.citerag.store.SearchHit;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The one JSON mapping of a {@link RagResult} (and of retrieval hits), used by the command line's
 * {@code --json} and by the web endpoints alike.
 *
 * <p>Shape of a result:
 *
 * <pre>
 * status      "answered" | "not_in_sources" | "rejected"
 * reason      null when answered; else low_similarity, no_lexical_match, no_results,
 *             not_in_sources, truncated, blocked, invalid_citations, invalid_reply,
 *             provider_error or deadline_exceeded
 * detail      a sentence for people (null when answered)
 * question    the question asked
 * answer      the verified answer text; null unless answered (a rejected reply is never shown)
 * segments    [{text, markers:[n]}]  the answer cut where citation markers go (see CitedAnswer)
 * citations   [{n, source_id, quote, chunk_id, source, section, title, page, claim}]  page: 1-based, null unless paged (PDF)
 * issues      [{type, severity, detail, source_id, quote}]  warnings of an answer, failed checks
 *             of a rejection
 * grounding_score  in [0,1] when answered, else null
 * retrieved   [{source_id (the id it was sent under, or null), chunk_id, doc_id, source, section,
 *              title, page, text, dense_score, dense_rank, lexical_rank, lexical_score, fused_score,
 *              sent, metadata}]
 * usage       {input_tokens, output_tokens, reasoning_tokens, cached_tokens, total_tokens}
 * latency_ms  {embed, retrieve, context, generate, validate, total}  (stages that ran)
 * model       the model that answered last, else the generator's name
 * generator   the generator's name, e.g. "extractive" or "gemini:gemini-2.5-flash"
 * attempts    number of model calls
 * trace_id    the request's W3C trace id (32 hex digits): the caller's traceparent, or generated
 * top_k       the chunks retrieval was asked for
 * produced_by {embedder: {provider, model, digest, dimensions, query_instruction},
 *              validator_rules, prompt}  what produced the result, to compare runs across upgrades
 * </pre>
 */
public final class ResultJson {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final ObjectMapper PRETTY =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private ResultJson() {}

  /** The mapper used to read request bodies and write replies. */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  /** Serialises compactly (one line). */
  public static String compact(Object node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise JSON", e);
    }
  }

  /** Serialises with indentation. */
  public static String pretty(Object node) {
    try {
      return PRETTY.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise JSON", e);
    }
  }

  /** The JSON object of a result. */
  public static ObjectNode result(RagResult r) {
    ObjectNode o = F.objectNode();
    Trace t = r.trace();
    o.put("status", r.status());
    ArrayNode citations = F.arrayNode();
    ArrayNode segments = F.arrayNode();
    ArrayNode issues = F.arrayNode();
    if (r instanceof RagResult.Answered a) {
      o.putNull("reason");
      o.putNull("detail");
      o.put("question", t.question());
      o.put("answer", a.answer());
      CitedAnswer layout = CitedAnswer.of(a);
      for (CitedAnswer.Segment s : layout.segments()) {
        ObjectNode so = segments.addObject();
        so.put("text", s.text());
        ArrayNode ms = so.putArray("markers");
        s.markers().forEach(ms::add);
      }
      for (CitedAnswer.Reference ref : layout.references()) {
        citations.add(citation(ref.number(), ref.citation()));
      }
      a.warnings().forEach(i -> issues.add(issue(i)));
      o.put("grounding_score", round(a.groundingScore(), 4));
    } else if (r instanceof RagResult.Abstained a) {
      o.put("reason", a.reason().wire());
      o.put("detail", a.detail());
      o.put("question", t.question());
      o.putNull("answer");
      o.putNull("grounding_score");
    } else if (r instanceof RagResult.Rejected j) {
      o.put("reason", j.reason().wire());
      o.put("detail", j.detail());
      o.put("question", t.question());
      o.putNull("answer");
      j.issues().forEach(i -> issues.add(issue(i)));
      o.putNull("grounding_score");
    }
    o.set("segments", segments);
    o.set("citations", citations);
    o.set("issues", issues);
    o.set("retrieved", retrieved(t.retrieved(), t.sent()));
    o.set("usage", usage(t.usage()));
    o.set("latency_ms", latency(t.latency()));
    o.put("model", Objects.requireNonNullElse(t.model(), t.generator()));
    o.put("generator", t.generator());
    o.put("attempts", t.attempts().size());
    o.put("trace_id", t.traceId());
    o.put("top_k", t.topK());
    o.set("produced_by", producedBy(t));
    return o;
  }

  /** The embedder's identity, the validator's rules version and the prompt version. */
  private static ObjectNode producedBy(Trace t) {
    ObjectNode o = F.objectNode();
    EmbedderIdentity e = t.embedder();
    ObjectNode emb = o.putObject("embedder");
    emb.put("provider", e.provider());
    emb.put("model", e.model());
    putNullable(emb, "digest", e.digest());
    emb.put("dimensions", e.dimensions());
    putNullable(emb, "query_instruction", e.queryInstruction());
    o.put("validator_rules", t.verificationIdentity().validatorRules());
    o.put("prompt", t.verificationIdentity().prompt());
    return o;
  }

  /** Retrieval only ({@code search}, {@code /debug/retrieve}): {@code {question, retrieved}}. */
  public static ObjectNode retrieval(String question, List<SearchHit> hits) {
    ObjectNode o = F.objectNode();
    o.put("question", question);
    o.set("retrieved", retrieved(hits, List.of()));
    return o;
  }

  /** Every hit with its scores; {@code sent}/{@code source_id} from the sources sent. */
  public static ArrayNode retrieved(List<SearchHit> hits, List<SentSource> sent) {
    Map<String, String> sentIds = new HashMap<>();
    for (SentSource s : sent) {
      sentIds.put(s.chunk().id(), s.sourceId());
    }
    ArrayNode arr = F.arrayNode();
    for (SearchHit h : hits) {
      Chunk c = h.chunk();
      ObjectNode o = arr.addObject();
      String sid = sentIds.get(c.id());
      if (sid == null) {
        o.putNull("source_id");
      } else {
        o.put("source_id", sid);
      }
      o.put("chunk_id", c.id());
      o.put("doc_id", c.docId());
      o.put("source", c.source());
      o.put("section", c.section());
      putNullable(o, "title", c.title());
      putPage(o, c);
      o.put("text", c.text());
      if (h.cosine() == null) {
        o.putNull("dense_score");
      } else {
        o.put("dense_score", round(h.cosine(), 4));
      }
      putNullable(o, "dense_rank", h.denseRank());
      putNullable(o, "lexical_rank", h.lexicalRank());
      o.put("lexical_score", round(h.lexicalScore(), 4));
      o.put("fused_score", round(h.fusedScore(), 6));
      o.put("sent", sid != null);
      ObjectNode meta = o.putObject("metadata");
      new TreeMap<>(c.metadata()).forEach(meta::put);
    }
    return arr;
  }

  /** An ingest run's summary. */
  public static ObjectNode ingest(IngestReport r) {
    ObjectNode o = F.objectNode();
    o.put("documents_written", r.documentsWritten());
    o.put("documents_skipped", r.documentsSkipped());
    o.put("documents_removed", r.documentsRemoved());
    o.put("chunks_written", r.chunksWritten());
    o.put("chunks_deleted", r.chunksDeleted());
    o.put("elapsed_ms", ms(r.elapsed()));
    return o;
  }

  /** {@code "page": N} for a chunk of a paged document, {@code null} otherwise. */
  private static void putPage(ObjectNode o, Chunk c) {
    if (c.page() == null) {
      o.putNull("page");
    } else {
      o.put("page", c.page().intValue());
    }
  }

  /** {@code {"error": message}}. */
  public static ObjectNode error(String message) {
    ObjectNode o = F.objectNode();
    o.put("error", message);
    return o;
  }

  private static ObjectNode citation(int n, ResolvedCitation c) {
    ObjectNode o = F.objectNode();
    o.put("n", n);
    o.put("source_id", c.sourceId());
    o.put("quote", c.quote());
    o.put("chunk_id", c.chunk().id());
    o.put("source", c.chunk().source());
    o.put("section", c.chunk().section());
    putNullable(o, "title", c.chunk().title());
    putPage(o, c.chunk());
    o.put("claim", c.claimIndex());
    return o;
  }

  private static ObjectNode issue(ValidationIssue i) {
    ObjectNode o = F.objectNode();
    o.put("type", i.type().wire());
    o.put("severity", i.severity().name().toLowerCase(java.util.Locale.ROOT));
    o.put("detail", i.detail());
    putNullable(o, "source_id", i.sourceId());
    putNullable(o, "quote", i.quote());
    return o;
  }

  private static ObjectNode usage(TokenUsage u) {
    ObjectNode o = F.objectNode();
    o.put("input_tokens", u.inputTokens());
    o.put("output_tokens", u.outputTokens());
    o.put("reasoning_tokens", u.reasoningTokens());
    o.put("cached_tokens", u.cachedTokens());
    o.put("total_tokens", u.totalTokens());
    return o;
  }

  private static ObjectNode latency(Map<Stage, Duration> latency) {
    ObjectNode o = F.objectNode();
    for (Stage s : Stage.values()) {
      Duration d = latency.get(s);
      if (d != null) {
        o.put(s.wire(), ms(d));
      }
    }
    return o;
  }

  private static BigDecimal ms(Duration d) {
    return BigDecimal.valueOf(d.toNanos()).movePointLeft(6).setScale(3, RoundingMode.HALF_UP);
  }

  private static BigDecimal round(double v, int places) {
    return BigDecimal.valueOf(v).setScale(places, RoundingMode.HALF_UP);
  }

  private static void putNullable(
      ObjectNode o, String field, @org.jspecify.annotations.Nullable Object v) {
    if (v == null) {
      o.putNull(field);
    } else if (v instanceof Integer i) {
      o.put(field, i);
    } else {
      o.put(field, v.toString());
    }
  }
}
