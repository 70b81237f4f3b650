package dev.citerag.examples.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.ingest.IngestReport;
import dev.citerag.pipeline.RagResult;
import dev.citerag.store.SearchHit;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.List;

/**
 * The JSON the command line's {@code --json} and the web endpoints print: results and retrieval
 * hits in the library's {@link dev.citerag.render.ResultJson} form (see there for the fields), plus
 * the command line's own ingest summary and error objects.
 */
public final class ResultJson {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final ObjectMapper PRETTY =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  // keeps the library's decimals as written (0.9000 stays 0.9000)
  private static final ObjectMapper EXACT =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

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

  /** The JSON object of a result: the library's {@link dev.citerag.render.ResultJson} form. */
  public static ObjectNode result(RagResult r) {
    return parse(dev.citerag.render.ResultJson.toJson(r));
  }

  /** Retrieval only ({@code search}, {@code /debug/retrieve}): {@code {question, retrieved}}. */
  public static ObjectNode retrieval(String question, List<SearchHit> hits) {
    return parse(dev.citerag.render.ResultJson.toJson(question, hits));
  }

  private static ObjectNode parse(String json) {
    try {
      return (ObjectNode) EXACT.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot read the library's JSON", e);
    }
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

  /** {@code {"error": message}}. */
  public static ObjectNode error(String message) {
    ObjectNode o = F.objectNode();
    o.put("error", message);
    return o;
  }

  private static BigDecimal ms(Duration d) {
    return BigDecimal.valueOf(d.toNanos()).movePointLeft(6).setScale(3, RoundingMode.HALF_UP);
  }
}
