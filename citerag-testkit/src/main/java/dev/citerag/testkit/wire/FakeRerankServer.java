package dev.citerag.testkit.wire;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.testkit.wire.internal.FakeHttp;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A local HTTP server speaking the rerank APIs, for testing a reranker adapter without a model:
 *
 * <ul>
 *   <li>the Cohere shape that Jina, vLLM and llama.cpp's server also serve, on {@code POST
 *       /v1/rerank}, {@code /v2/rerank} and {@code /rerank}: {@code {model, query, documents,
 *       top_n}} → {@code {"results": [{"index", "relevance_score"}]}}, best first;
 *   <li>Hugging Face TEI's shape on {@code POST /rerank} when the body has {@code texts}: {@code
 *       {query, texts}} → {@code [{"index", "score"}]}, best first.
 * </ul>
 *
 * The score of a document is the share of the query's words (lower-cased, letters and digits) that
 * it contains, so a test can predict the order. Malformed requests (missing query, no documents, a
 * non-string document, {@code top_n} below 1) are 422s with an error body, as the servers answer.
 * {@link #failNext(int)} scripts an error status; {@link #delayResponses} slows every answer.
 *
 * <pre>{@code
 * try (FakeRerankServer rerank = new FakeRerankServer()) {
 *   RerankClient r = RerankClient.builder().baseUrl(rerank.apiBaseUrl()).model("bge-reranker").build();
 *   ...
 * }
 * }</pre>
 *
 * Thread-safe. Close it to stop the server.
 */
public final class FakeRerankServer implements AutoCloseable {
  private final FakeHttp http;
  private final Deque<Integer> failures = new ArrayDeque<>();

  /**
   * Starts the server on the loopback interface.
   *
   * @throws java.io.UncheckedIOException when it cannot start
   */
  public FakeRerankServer() {
    this.http =
        new FakeHttp(
            "fake-rerank", this::handle, error -> FakeHttp.Reply.json(500, Map.of("error", error)));
  }

  /** {@return the server's root URL, e.g. {@code http://127.0.0.1:40123}} */
  public String baseUrl() {
    return http.baseUrl();
  }

  /** {@return the root URL plus {@code /v1}, where OpenAI-compatible servers serve rerank} */
  public String apiBaseUrl() {
    return http.baseUrl() + "/v1";
  }

  /**
   * Answers the next request with {@code status} and an error body instead of scores.
   *
   * @param status an HTTP error status, 400 to 599
   * @return this server
   * @throws IllegalArgumentException when out of range
   */
  public FakeRerankServer failNext(int status) {
    if (status < 400 || status > 599) {
      throw new IllegalArgumentException("status must be 400 to 599, was " + status);
    }
    synchronized (failures) {
      failures.add(status);
    }
    return this;
  }

  /**
   * Delays every response by {@code delay}.
   *
   * @param delay the delay, 0 or more
   * @return this server
   */
  public FakeRerankServer delayResponses(Duration delay) {
    http.delay(delay);
    return this;
  }

  /** {@return every request received, oldest first} */
  public List<WireCall> calls() {
    return http.calls();
  }

  @Override
  public void close() {
    http.close();
  }

  private FakeHttp.Reply handle(FakeHttp.Request req) {
    Integer failure;
    synchronized (failures) {
      failure = failures.poll();
    }
    if (failure != null) {
      return FakeHttp.Reply.json(
              failure, Map.of("error", "scripted failure", "message", "status " + failure))
          .withHeader("Retry-After", "0");
    }
    if (!req.method().equals("POST")) {
      return FakeHttp.Reply.json(405, Map.of("error", "method not allowed"));
    }
    boolean rerankPath =
        req.path().equals("/rerank")
            || req.path().equals("/v1/rerank")
            || req.path().equals("/v2/rerank");
    JsonNode body = req.json();
    if (!rerankPath) {
      return FakeHttp.Reply.json(404, Map.of("error", "no route " + req.path()));
    }
    if (body == null || !body.isObject()) {
      return invalid("the body is not a JSON object");
    }
    JsonNode query = body.get("query");
    if (query == null || !query.isTextual() || query.asText().isBlank()) {
      return invalid("query must be a non-empty string");
    }
    boolean tei = req.path().equals("/rerank") && body.has("texts");
    JsonNode docs = body.get(tei ? "texts" : "documents");
    if (docs == null || !docs.isArray() || docs.isEmpty()) {
      return invalid((tei ? "texts" : "documents") + " must be a non-empty list of strings");
    }
    List<String> texts = new ArrayList<>();
    for (JsonNode d : docs) {
      if (!d.isTextual()) {
        return invalid((tei ? "texts" : "documents") + " must hold strings only");
      }
      texts.add(d.asText());
    }
    int topN = texts.size();
    JsonNode n = body.get("top_n");
    if (!tei && n != null && !n.isNull()) {
      if (!n.canConvertToInt() || n.asInt() < 1) {
        return invalid("top_n must be a positive integer");
      }
      topN = Math.min(topN, n.asInt());
    }
    List<Integer> order = new ArrayList<>();
    double[] scores = new double[texts.size()];
    Set<String> q = words(query.asText());
    for (int i = 0; i < texts.size(); i++) {
      scores[i] = score(q, words(texts.get(i)));
      order.add(i);
    }
    order.sort(Comparator.comparingDouble((Integer i) -> scores[i]).reversed());
    List<Map<String, Object>> results = new ArrayList<>();
    for (int i : order.subList(0, topN)) {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("index", i);
      r.put(tei ? "score" : "relevance_score", scores[i]);
      results.add(r);
    }
    if (tei) {
      return FakeHttp.Reply.json(200, results);
    }
    JsonNode model = body.get("model");
    Map<String, Object> reply = new LinkedHashMap<>();
    reply.put("id", "rerank-" + calls().size());
    reply.put("model", model == null ? "fake-reranker" : model.asText());
    reply.put("results", results);
    reply.put("usage", Map.of("total_tokens", texts.stream().mapToInt(String::length).sum() / 4));
    return FakeHttp.Reply.json(200, reply);
  }

  private static FakeHttp.Reply invalid(String message) {
    return FakeHttp.Reply.json(422, Map.of("error", message));
  }

  private static Set<String> words(String text) {
    Set<String> out = new HashSet<>();
    for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+", -1)) {
      if (!w.isEmpty()) {
        out.add(w);
      }
    }
    return out;
  }

  private static double score(Set<String> query, Set<String> doc) {
    if (query.isEmpty()) {
      return 0;
    }
    int hit = 0;
    for (String w : query) {
      if (doc.contains(w)) {
        hit++;
      }
    }
    return (double) hit / query.size();
  }
}
