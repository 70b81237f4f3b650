package dev.citerag.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.answer.ClaimCheck;
import dev.citerag.answer.JudgeVerdict;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.SupportVerdict;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.TokenUsage;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.internal.Checks;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.pipeline.Stage;
import dev.citerag.pipeline.Trace;
import dev.citerag.store.Chunk;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The JSON form of a {@link RagResult} and of retrieval hits: one object per result, the shape that
 * citerag's command line prints with {@code --json} and its web demo serves, so a host's own
 * endpoint can answer with the same fields. Citations are numbered as {@link CitedAnswer} numbers
 * them; a rejected reply's text is never included.
 *
 * <pre>{@code
 * String json = ResultJson.toJson(rag.ask("How do I roll back a deploy?"));
 * }</pre>
 *
 * <p>Fields of a result:
 *
 * <pre>
 * status      "answered" | "not_in_sources" | "rejected"
 * reason      null when answered; else low_similarity, no_lexical_match, no_results,
 *             not_in_sources, truncated, blocked, invalid_citations, invalid_reply,
 *             provider_error, judge_unavailable or deadline_exceeded
 * detail      a sentence for people (null when answered)
 * question    the question asked
 * answer      the verified answer text; null unless answered
 * segments    [{text, markers:[n]}]  the answer cut where citation markers go
 * citations   [{n, source_id, quote, start, end, document_start, document_end, chunk_id, source,
 *             section, title, page, claim}]
 *             start, end: where the quote is in the chunk's text (UTF-16 indices, end exclusive),
 *             checked by citerag; document_start, document_end: where it is in the source
 *             document's text (in the text of its page for a PDF), null when unknown (a chunk
 *             stored by an earlier version); page: 1-based, null unless the document has pages
 * issues      [{type, severity, detail, source_id, quote}]  warnings of an answer, failed checks
 *             of a rejection
 * grounding_score  in [0,1] when answered, else null
 * verified    one line saying what was checked, e.g. "quotes checked · support checked by rules"
 *             (null unless answered)
 * checks      [{claim, quotes:[..], rules, judge:{name, verdict, evidence}}]  per claim, what was
 *             checked: rules and judge are null when they did not run; verdicts are supported,
 *             contradicted or not_enough
 * retrieved   [{source_id (the id it was sent under, or null), chunk_id, doc_id, source, section,
 *              title, page, text, dense_score, dense_rank, lexical_rank, lexical_score, fused_score,
 *              rerank_score (null without a reranker), sent, metadata}]  metadata: text a string,
 *              a number a number, a boolean a boolean, a date its ISO text, a list an array
 * usage       {input_tokens, output_tokens, reasoning_tokens, cached_tokens, total_tokens}
 * latency_ms  {embed, retrieve, context, generate, validate, total}  (the stages that ran)
 * model       the model that answered last, else the generator's name
 * generator   the generator's name, e.g. "extractive" or "gemini:gemini-2.5-flash"
 * attempts    number of model calls
 * trace_id    the request's W3C trace id (32 hex digits): the caller's traceparent, or generated
 * top_k       the chunks retrieval was asked for
 * warnings    [".."]  e.g. a filter key that no stored chunk has (empty when none)
 * produced_by {embedder: {provider, model, digest, dimensions, query_instruction},
 *              validator_rules, prompt}  what produced the result, to compare runs across upgrades
 * </pre>
 */
public final class ResultJson {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private ResultJson() {}

  /**
   * A result as one line of JSON (the fields above).
   *
   * @param result any result of {@code RagPipeline.ask}
   * @return a JSON object, on one line
   * @throws IllegalArgumentException when {@code result} is null
   */
  public static String toJson(RagResult result) {
    return write(result(Checks.notNull(result, "result")));
  }

  /**
   * Retrieval hits as one line of JSON: {@code {"question": ..., "retrieved": [...]}}, each hit
   * with the fields of {@code retrieved} above ({@code source_id} null and {@code sent} false:
   * nothing was sent to a model).
   *
   * @param question the question searched for
   * @param hits the hits, best first
   * @return a JSON object, on one line
   * @throws IllegalArgumentException when an argument is null
   */
  public static String toJson(String question, List<SearchHit> hits) {
    return write(retrieval(Checks.notNull(question, "question"), Checks.notNull(hits, "hits")));
  }

  private static String write(ObjectNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise JSON", e);
    }
  }

  private static ObjectNode result(RagResult r) {
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
      o.put("verified", Verified.summary(a));
      o.set("checks", checks(a.checks()));
    } else if (r instanceof RagResult.Abstained a) {
      o.put("reason", a.reason().wire());
      o.put("detail", a.detail());
      o.put("question", t.question());
      o.putNull("answer");
      o.putNull("grounding_score");
      o.putNull("verified");
      o.set("checks", F.arrayNode());
    } else if (r instanceof RagResult.Rejected j) {
      o.put("reason", j.reason().wire());
      o.put("detail", j.detail());
      o.put("question", t.question());
      o.putNull("answer");
      j.issues().forEach(i -> issues.add(issue(i)));
      o.putNull("grounding_score");
      o.putNull("verified");
      o.set("checks", F.arrayNode());
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
    ArrayNode warnings = o.putArray("warnings");
    t.warnings().forEach(warnings::add);
    o.set("produced_by", producedBy(t));
    return o;
  }

  /**
   * The embedder's identity, the validator's rules version, the prompt version and the server that
   * answered the search ({@code null} when the index does not say).
   */
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
    putNullable(o, "search_server", t.searchServer());
    return o;
  }

  private static ObjectNode retrieval(String question, List<SearchHit> hits) {
    ObjectNode o = F.objectNode();
    o.put("question", question);
    o.set("retrieved", retrieved(hits, List.of()));
    return o;
  }

  private static ArrayNode retrieved(List<SearchHit> hits, List<SentSource> sent) {
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
      if (h.rerankScore() == null) {
        o.putNull("rerank_score");
      } else {
        o.put("rerank_score", round(h.rerankScore(), 4));
      }
      o.put("sent", sid != null);
      ObjectNode meta = o.putObject("metadata");
      new TreeMap<>(c.metadata()).forEach((k, v) -> putMetadata(meta, k, v));
    }
    return arr;
  }

  /**
   * A metadata value as JSON: text a string, a number a number, a boolean a boolean, a date its ISO
   * text ({@code "2024-05-01"}), a list an array of those.
   */
  private static void putMetadata(ObjectNode meta, String key, MetadataValue v) {
    if (v instanceof MetadataValue.ListValue l) {
      ArrayNode arr = meta.putArray(key);
      for (MetadataValue item : l.items()) {
        if (item instanceof MetadataValue.NumberValue n) {
          arr.add(n.value());
        } else if (item instanceof MetadataValue.BooleanValue b) {
          arr.add(b.value());
        } else {
          arr.add(item.asText());
        }
      }
    } else if (v instanceof MetadataValue.NumberValue n) {
      meta.put(key, n.value());
    } else if (v instanceof MetadataValue.BooleanValue b) {
      meta.put(key, b.value());
    } else {
      meta.put(key, v.asText());
    }
  }

  /** {@code "page": N} for a chunk of a paged document, {@code null} otherwise. */
  private static void putPage(ObjectNode o, Chunk c) {
    if (c.page() == null) {
      o.putNull("page");
    } else {
      o.put("page", c.page().intValue());
    }
  }

  private static ObjectNode citation(int n, ResolvedCitation c) {
    ObjectNode o = F.objectNode();
    o.put("n", n);
    o.put("source_id", c.sourceId());
    o.put("quote", c.quote());
    o.put("start", c.start());
    o.put("end", c.end());
    putNullable(o, "document_start", c.documentStart());
    putNullable(o, "document_end", c.documentEnd());
    o.put("chunk_id", c.chunk().id());
    o.put("source", c.chunk().source());
    o.put("section", c.chunk().section());
    putNullable(o, "title", c.chunk().title());
    putPage(o, c.chunk());
    o.put("claim", c.claimIndex());
    return o;
  }

  /** Per claim: its quotes, and the rules' and the judge's verdicts where they ran. */
  private static ArrayNode checks(List<ClaimCheck> checks) {
    ArrayNode out = F.arrayNode();
    for (ClaimCheck c : checks) {
      ObjectNode o = out.addObject();
      o.put("claim", c.claim());
      ArrayNode qs = o.putArray("quotes");
      c.quotes().forEach(qs::add);
      SupportVerdict.Support rules = c.rules();
      if (rules == null) {
        o.putNull("rules");
      } else {
        o.put("rules", rules.name().toLowerCase(Locale.ROOT));
      }
      JudgeVerdict j = c.judge();
      if (j == null) {
        o.putNull("judge");
      } else {
        ObjectNode jo = o.putObject("judge");
        jo.put("name", j.judge());
        jo.put("verdict", j.support().name().toLowerCase(Locale.ROOT));
        jo.put("evidence", j.evidence());
      }
    }
    return out;
  }

  private static ObjectNode issue(ValidationIssue i) {
    ObjectNode o = F.objectNode();
    o.put("type", i.type().wire());
    o.put("severity", i.severity().name().toLowerCase(Locale.ROOT));
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

  private static void putNullable(ObjectNode o, String field, @Nullable Object v) {
    if (v == null) {
      o.putNull(field);
    } else if (v instanceof Integer i) {
      o.put(field, i);
    } else {
      o.put(field, v.toString());
    }
  }
}
