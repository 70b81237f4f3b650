package dev.citerag.examples.boot;

import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.pipeline.Trace;
import dev.citerag.pipeline.TraceContext;
import dev.citerag.store.Filter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /ask {"question": "..."}}: the result as JSON (status, answer, citations, reason,
 * trace id, what produced it). The JSON is plain maps and lists, so Boot's JSON mapper never sees a
 * citerag type.
 */
@RestController
class AskController {
  private final RagPipeline rag;

  AskController(RagPipeline rag) {
    this.rag = rag;
  }

  /** The request body. */
  record Question(@Nullable String question) {}

  @PostMapping("/ask")
  ResponseEntity<Map<String, Object>> ask(
      @RequestBody Question body,
      @RequestHeader(name = "traceparent", required = false) @Nullable String traceparent) {
    String question = body.question();
    if (question == null) {
      return ResponseEntity.badRequest().body(Map.of("error", "question must be given"));
    }
    RagResult r;
    try {
      r = rag.ask(question, Filter.ALL, TraceContext.fromTraceparent(traceparent));
    } catch (IllegalArgumentException e) {
      return ResponseEntity.badRequest().body(Map.of("error", String.valueOf(e.getMessage())));
    }
    return ResponseEntity.ok(json(r));
  }

  static Map<String, Object> json(RagResult r) {
    Map<String, Object> o = new LinkedHashMap<>();
    Trace t = r.trace();
    o.put("status", r.status());
    List<Map<String, Object>> citations = new ArrayList<>();
    if (r instanceof RagResult.Answered a) {
      o.put("answer", a.answer());
      o.put("grounding_score", a.groundingScore());
      for (ResolvedCitation c : a.citations()) {
        Map<String, Object> co = new LinkedHashMap<>();
        co.put("source", c.chunk().source());
        co.put("section", c.chunk().section());
        co.put("quote", c.quote());
        citations.add(co);
      }
    } else if (r instanceof RagResult.Abstained a) {
      o.put("reason", a.reason().wire());
      o.put("detail", a.detail());
    } else if (r instanceof RagResult.Rejected j) {
      o.put("reason", j.reason().wire());
      o.put("detail", j.detail());
    }
    o.put("citations", citations);
    o.put("trace_id", t.traceId());
    o.put("top_k", t.topK());
    o.put(
        "produced_by",
        Map.of(
            "embedding_model", t.embedder().provider() + ":" + t.embedder().model(),
            "validator_rules", t.verificationIdentity().validatorRules(),
            "prompt", t.verificationIdentity().prompt()));
    return o;
  }
}
