package dev.citerag.examples.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import dev.citerag.StoreException;
import dev.citerag.examples.cli.FilterSyntax;
import dev.citerag.examples.internal.ResultJson;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.ingest.IngestListener;
import dev.citerag.ingest.IngestReport;
import dev.citerag.ingest.Ingestor;
import dev.citerag.internal.Checks;
import dev.citerag.loaders.DocumentLoadException;
import dev.citerag.loaders.FrontMatter;
import dev.citerag.loaders.HtmlLoader;
import dev.citerag.pipeline.AskRequest;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.TraceContext;
import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import dev.citerag.store.VectorStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The web demo: one page ({@code GET /}, static HTML, JavaScript and CSS from the classpath, no
 * external resource) and three JSON endpoints, on a small bounded server ({@link
 * BoundedHttpServer}) that hands handlers the JDK's {@link HttpExchange}.
 *
 * <ul>
 *   <li>{@code POST /ask} {@code {"question": "...", "filter": {"team": "platform"}}} (or {@code
 *       "filter": "team = \"platform\" and year >= 2020"}, see {@link FilterSyntax}) → the result
 *       object of {@link ResultJson#result} (HTTP 200 for answers, abstentions and rejections
 *       alike: {@code status} tells them apart);
 *   <li>{@code POST /debug/retrieve} (same input) → {@code {question, retrieved}};
 *   <li>{@code POST /ingest} {@code {"documents": [{"id", "content", "format":
 *       "markdown"|"text"|"html", "title", "metadata": {..}}]}} → the ingest summary; Markdown
 *       front matter becomes metadata (explicit {@code metadata} wins);
 *   <li>{@code POST /ingest} as {@code multipart/form-data} (stored on disk while it is read, at
 *       most 64 MiB: 413 beyond, 507 when the server's upload space is full; see {@link
 *       UploadSpool}) with one or more file parts (Markdown, text, HTML, PDF; at most {@value
 *       Uploads#MAX_FILES}) and the header {@code X-Citerag-Upload: 1} → the ingest summary plus
 *       {@code skipped} (one "file: why" per file not loaded), {@code rejected} (each such file
 *       with the 4xx it would get alone: 413 past a size limit, 415 for an unsupported type, 422
 *       unreadable or past a nesting, text, page or time limit) and {@code warnings}; the good
 *       files are ingested all the same. When no file loads, the answer has that status (one file)
 *       or 422. The page's "Add documents" control uses it. A file uploaded again under the same
 *       name replaces the earlier upload's document (see {@link Uploads#uploadId}).
 * </ul>
 *
 * When the document store is unavailable (a {@link StoreException}), a request gets 503 with {@code
 * Retry-After: 5} and {@code {"error": message, "retry_after_seconds": 5}}.
 *
 * <p>Bad JSON, unknown fields or bad values get 400 with {@code {"error": message}}; a body that is
 * not {@code application/json} gets 415 (which also keeps other web sites from posting here without
 * a CORS preflight this server never grants). Binds to the loopback address unless told otherwise.
 *
 * <p>Hardening: a request whose {@code Host} is not {@code 127.0.0.1}, {@code localhost} or {@code
 * [::1]} with the bound port gets 403 (a DNS-rebinding page cannot reach the API through a name of
 * its own); a client that does not send its headers within 10 s or its body within 30 s gets 408,
 * and such clients never hold up others (see {@link BoundedHttpServer}).
 *
 * <pre>{@code
 * try (DemoServer server = DemoServer.start("127.0.0.1", 8080, pipeline, ingestor, store)) {
 *   System.out.println(server.uri());
 *   ...
 * }
 * }</pre>
 */
public final class DemoServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DemoServer.class);

  /** Largest request body accepted by {@code /ask} and {@code /debug/retrieve}. */
  public static final int MAX_QUERY_BODY = 64 * 1024;

  /**
   * Seconds a client is told to wait ({@code Retry-After}) when the document store is unavailable
   * and a request gets 503.
   */
  public static final int STORE_RETRY_AFTER_SECONDS = 5;

  /**
   * Largest JSON request body accepted by {@code /ingest} (a file upload is stored on disk and may
   * be larger; see {@link UploadSpool#MAX_UPLOAD_BYTES}).
   */
  public static final int MAX_INGEST_BODY = 16 * 1024 * 1024;

  private static final String RESOURCES = "/dev/citerag/examples/web/";
  private static final Map<String, String> STATIC =
      Map.of(
          "/", "index.html",
          "/index.html", "index.html",
          "/app.js", "app.js",
          "/app.css", "app.css");
  private static final String CSP =
      "default-src 'none'; script-src 'self'; style-src 'self'; "
          + "connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

  private @Nullable BoundedHttpServer server;
  private final RagPipeline pipeline;
  private final Ingestor ingestor;
  private final VectorStore store;
  private final UploadSpool spool;

  /**
   * Held while an upload is ingested and the documents it replaces are deleted, so that two uploads
   * of one name never delete each other's new version.
   */
  private final Object uploadLock = new Object();

  private DemoServer(
      RagPipeline pipeline, Ingestor ingestor, VectorStore store, UploadSpool spool) {
    this.pipeline = pipeline;
    this.ingestor = ingestor;
    this.store = store;
    this.spool = spool;
  }

  /**
   * Starts serving at once.
   *
   * @param host the address to bind, e.g. {@code 127.0.0.1}
   * @param port 0 to 65535; 0 picks a free port (see {@link #port()})
   * @param pipeline answers {@code /ask} and {@code /debug/retrieve}
   * @param ingestor writes {@code /ingest}'s documents
   * @param store the store {@code ingestor} writes to: a re-uploaded file's earlier version is
   *     deleted from it
   * @throws IllegalArgumentException when a value is out of range or null
   * @throws IOException when the address cannot be bound
   */
  public static DemoServer start(
      String host, int port, RagPipeline pipeline, Ingestor ingestor, VectorStore store)
      throws IOException {
    return start(host, port, pipeline, ingestor, store, BoundedHttpServer.Limits.DEFAULT);
  }

  static DemoServer start(
      String host,
      int port,
      RagPipeline pipeline,
      Ingestor ingestor,
      VectorStore store,
      BoundedHttpServer.Limits limits)
      throws IOException {
    Checks.notBlank(host, "host");
    Checks.inRange(port, 0, 65_535, "port");
    Checks.notNull(pipeline, "pipeline");
    Checks.notNull(ingestor, "ingestor");
    Checks.notNull(store, "store");
    return start(host, port, pipeline, ingestor, store, limits, new UploadSpool());
  }

  static DemoServer start(
      String host,
      int port,
      RagPipeline pipeline,
      Ingestor ingestor,
      VectorStore store,
      BoundedHttpServer.Limits limits,
      UploadSpool spool)
      throws IOException {
    DemoServer s = new DemoServer(pipeline, ingestor, store, spool);
    try {
      s.server = BoundedHttpServer.start(new InetSocketAddress(host, port), limits, s::handle);
    } catch (IOException | RuntimeException e) {
      spool.close();
      throw e;
    }
    log.info("citerag.web: serving {}", s.uri());
    return s;
  }

  private BoundedHttpServer server() {
    BoundedHttpServer s = server;
    if (s == null) {
      throw new IllegalStateException("not started");
    }
    return s;
  }

  /** The port bound. */
  public int port() {
    return server().address().getPort();
  }

  /** The page's address, e.g. {@code http://127.0.0.1:8080/}. */
  public URI uri() {
    String host = server().address().getAddress().getHostAddress();
    if (host.contains(":")) {
      host = "[" + host + "]";
    }
    return URI.create("http://" + host + ":" + port() + "/");
  }

  /** Stops accepting requests and ends the worker threads. */
  @Override
  public void close() {
    try {
      server().close();
    } finally {
      spool.close();
    }
  }

  /**
   * Whether {@code host} (the request's {@code Host} header) names this server by a loopback name
   * and the bound port. A page served from another name that resolves to 127.0.0.1 (DNS rebinding)
   * sends its own name and is refused.
   */
  static boolean allowedHost(@Nullable String host, int port) {
    if (host == null) {
      return false;
    }
    String h = host.strip().toLowerCase(Locale.ROOT);
    String suffix = ":" + port;
    if (!h.endsWith(suffix)) {
      return false;
    }
    String name = h.substring(0, h.length() - suffix.length());
    return name.equals("127.0.0.1") || name.equals("localhost") || name.equals("[::1]");
  }

  /**
   * Whether {@code origin} (a request's {@code Origin} header) is this server's page: {@code http}
   * and a loopback name the server answers to ({@link #allowedHost}) with the bound port, so that
   * the page opened at {@code http://localhost:PORT} or {@code http://[::1]:PORT} can upload as
   * well as the one opened at {@code http://127.0.0.1:PORT}.
   */
  static boolean allowedOrigin(String origin, int port) {
    String o = origin.strip();
    String scheme = "http://";
    return o.regionMatches(true, 0, scheme, 0, scheme.length())
        && allowedHost(o.substring(scheme.length()), port);
  }

  private void handle(HttpExchange ex) throws IOException {
    try {
      if (!allowedHost(ex.getRequestHeaders().getFirst("Host"), port())) {
        sendJson(
            ex,
            403,
            ResultJson.error(
                "Host must be 127.0.0.1:"
                    + port()
                    + ", localhost:"
                    + port()
                    + " or [::1]:"
                    + port()));
        return;
      }
      String path = ex.getRequestURI().getPath();
      String method = ex.getRequestMethod().toUpperCase(Locale.ROOT);
      String resource = STATIC.get(path);
      if (resource != null) {
        if (!method.equals("GET") && !method.equals("HEAD")) {
          methodNotAllowed(ex, "GET");
          return;
        }
        serveResource(ex, resource, method.equals("HEAD"));
        return;
      }
      switch (path) {
        case "/ask", "/debug/retrieve", "/ingest" -> {
          if (!method.equals("POST")) {
            methodNotAllowed(ex, "POST");
            return;
          }
          handleApi(ex, path);
        }
        default -> sendJson(ex, 404, ResultJson.error("no such page: " + path));
      }
    } catch (TimedOut e) {
      log.debug("citerag.web: {}", e.getMessage());
      sendJson(
          ex, 408, ResultJson.error(e.getMessage() == null ? "request timeout" : e.getMessage()));
    } catch (IOException e) {
      log.debug("citerag.web: connection failed: {}", e.toString());
    } catch (StoreException e) {
      // the store is down or unreachable: a passing condition, not a bug of this request
      log.warn("citerag.web: document store unavailable: {}", e.getMessage());
      try {
        ex.getResponseHeaders().set("Retry-After", Integer.toString(STORE_RETRY_AFTER_SECONDS));
        ObjectNode err =
            ResultJson.error(
                "the document store is not available right now; try again in "
                    + STORE_RETRY_AFTER_SECONDS
                    + " seconds");
        err.put("retry_after_seconds", STORE_RETRY_AFTER_SECONDS);
        sendJson(ex, 503, err);
      } catch (IOException | RuntimeException ignored) {
        // headers may be gone already; nothing more to tell the client
      }
    } catch (RuntimeException e) {
      log.warn("citerag.web: request failed", e);
      try {
        sendJson(ex, 500, ResultJson.error("internal error: " + e.getClass().getSimpleName()));
      } catch (IOException | RuntimeException ignored) {
        // headers may be gone already; nothing more to tell the client
      }
    } finally {
      ex.close();
    }
  }

  private void handleApi(HttpExchange ex, String path) throws IOException {
    String type = ex.getRequestHeaders().getFirst("Content-Type");
    if (path.equals("/ingest")
        && type != null
        && type.toLowerCase(Locale.ROOT).strip().startsWith("multipart/form-data")) {
      handleUpload(ex, type);
      return;
    }
    if (type == null || !type.toLowerCase(Locale.ROOT).strip().startsWith("application/json")) {
      sendJson(ex, 415, ResultJson.error("Content-Type must be application/json"));
      return;
    }
    int limit = path.equals("/ingest") ? MAX_INGEST_BODY : MAX_QUERY_BODY;
    byte[] body = readBody(ex.getRequestBody(), limit);
    if (body == null) {
      sendJson(ex, 413, ResultJson.error("request body must be at most " + limit + " bytes"));
      return;
    }
    JsonNode json;
    try {
      json = ResultJson.mapper().readTree(body);
    } catch (JsonProcessingException e) {
      // The parser's own message names its internals (features, source descriptions): say where.
      sendJson(
          ex,
          400,
          ResultJson.error(
              "request body is not valid JSON"
                  + (e.getLocation() == null
                      ? ""
                      : " (line "
                          + e.getLocation().getLineNr()
                          + ", column "
                          + e.getLocation().getColumnNr()
                          + ")")));
      return;
    }
    if (json == null || !json.isObject()) {
      sendJson(ex, 400, ResultJson.error("request body must be a JSON object"));
      return;
    }
    try {
      switch (path) {
        case "/ask" -> {
          Query q = query(json);
          RagResult r =
              pipeline.ask(
                  q.request,
                  TraceContext.fromTraceparent(ex.getRequestHeaders().getFirst("traceparent")));
          sendJson(ex, 200, ResultJson.result(r));
        }
        case "/debug/retrieve" -> {
          Query q = query(json);
          List<SearchHit> hits = pipeline.retrieve(q.request);
          sendJson(ex, 200, ResultJson.retrieval(q.request.question(), hits));
        }
        default -> {
          List<Document> docs = documents(json);
          IngestReport report = ingestor.ingest(docs, IngestListener.NONE);
          sendJson(ex, 200, ResultJson.ingest(report));
        }
      }
    } catch (IllegalArgumentException | DocumentLoadException e) {
      sendJson(ex, 400, ResultJson.error(e.getMessage() == null ? "bad request" : e.getMessage()));
    }
  }

  /**
   * {@code POST /ingest} with {@code multipart/form-data}: the uploaded files, loaded by type.
   * Unlike JSON, a form post is a "simple" cross-site request, so an upload must carry the header
   * {@value #UPLOAD_HEADER} (which a foreign page cannot send without a CORS preflight this server
   * never grants), and an {@code Origin}, when sent, must be this server's own.
   */
  private void handleUpload(HttpExchange ex, String type) throws IOException {
    if (ex.getRequestHeaders().getFirst(UPLOAD_HEADER) == null) {
      sendJson(
          ex, 403, ResultJson.error("an upload must carry the header " + UPLOAD_HEADER + ": 1"));
      return;
    }
    String origin = ex.getRequestHeaders().getFirst("Origin");
    if (origin != null && !allowedOrigin(origin, port())) {
      sendJson(ex, 403, ResultJson.error("uploads are accepted from this page only"));
      return;
    }
    // the body goes to disk under a quota, never whole into memory (see UploadSpool)
    long length = contentLength(ex);
    Uploads.Result up;
    try (UploadSpool.Upload upload = spool.reserve(length)) {
      Path stored = upload.copy(ex.getRequestBody(), length);
      if (stored == null) {
        sendJson(ex, 400, ResultJson.error("request body is longer than its Content-Length"));
        return;
      }
      up = Uploads.read(type, stored, upload);
    } catch (UploadSpool.Refused r) {
      sendJson(ex, r.status, ResultJson.error(String.valueOf(r.getMessage())));
      return;
    } catch (IllegalArgumentException e) {
      sendJson(ex, 400, ResultJson.error(String.valueOf(e.getMessage())));
      return;
    }
    if (up.documents().isEmpty()) {
      ObjectNode err = ResultJson.error("no uploaded file could be loaded");
      up.skipped().forEach(err.putArray("skipped")::add);
      rejected(err, up);
      sendJson(ex, up.statusWhenNoneLoaded(), err);
      return;
    }
    IngestReport report;
    try {
      // new version first, then the old one goes: a search meanwhile sees one or both, never none
      synchronized (uploadLock) {
        IngestReport written = ingestor.ingest(up.documents(), IngestListener.NONE);
        int replaced = Uploads.deleteReplaced(store, up.documents());
        report =
            new IngestReport(
                written.documentsWritten(),
                written.documentsSkipped(),
                written.chunksWritten(),
                written.chunksDeleted(),
                written.elapsed(),
                written.documentsRemoved() + replaced);
      }
    } catch (IllegalArgumentException e) {
      sendJson(ex, 400, ResultJson.error(String.valueOf(e.getMessage())));
      return;
    }
    ObjectNode out = ResultJson.ingest(report);
    up.skipped().forEach(out.putArray("skipped")::add);
    rejected(out, up);
    sendJson(ex, 200, out);
  }

  /** Each file not loaded with the 4xx status it would get alone, and the load warnings. */
  private static void rejected(ObjectNode out, Uploads.Result up) {
    var files = out.putArray("rejected");
    for (Uploads.Rejected r : up.rejected()) {
      files.addObject().put("file", r.file()).put("status", r.status()).put("reason", r.reason());
    }
    up.warnings().forEach(out.putArray("warnings")::add);
  }

  private static long contentLength(HttpExchange ex) {
    String cl = ex.getRequestHeaders().getFirst("Content-Length");
    return cl == null ? 0 : Long.parseLong(cl.strip()); // checked by BoundedExchange
  }

  /** The header a multipart upload must carry (see {@link #handleUpload}). */
  public static final String UPLOAD_HEADER = "X-Citerag-Upload";

  private record Query(AskRequest request) {}

  /**
   * {@code {"question", "filter", "k", "min_similarity", "min_rerank_score"}}: all but the question
   * optional; a number out of range is a 400 naming the field ({@code min_rerank_score} only when
   * the server was started with a reranker).
   */
  private static Query query(JsonNode json) {
    onlyFields(json, Set.of("question", "filter", "k", "min_similarity", "min_rerank_score"), "");
    JsonNode q = json.get("question");
    if (q == null || !q.isTextual()) {
      throw new IllegalArgumentException("question must be a string");
    }
    AskRequest r = AskRequest.of(q.asText()).withFilter(filter(json.get("filter")));
    JsonNode k = json.get("k");
    if (k != null && !k.isNull()) {
      if (!k.canConvertToInt() || !k.isIntegralNumber()) {
        throw new IllegalArgumentException("k must be an integer between 1 and 100");
      }
      if (k.intValue() < 1 || k.intValue() > 100) {
        throw new IllegalArgumentException(
            "k must be an integer between 1 and 100, was " + k.intValue());
      }
      r = r.withTopK(k.intValue());
    }
    JsonNode minSim = json.get("min_similarity");
    if (minSim != null && !minSim.isNull()) {
      if (!minSim.isNumber()) {
        throw new IllegalArgumentException("min_similarity must be a number between 0 and 1");
      }
      try {
        r = r.withMinSimilarity(minSim.doubleValue());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "min_similarity must be a number between 0 and 1, was " + minSim.doubleValue(), e);
      }
    }
    JsonNode minRerank = json.get("min_rerank_score");
    if (minRerank != null && !minRerank.isNull()) {
      if (!minRerank.isNumber()) {
        throw new IllegalArgumentException("min_rerank_score must be a number");
      }
      r = r.withMinRerankScore(minRerank.doubleValue());
    }
    return new Query(r);
  }

  /**
   * {@code {"k": "v", ...}} as the AND of equalities, or a string in the command line's filter
   * grammar ({@link FilterSyntax}, e.g. {@code team = "platform" and year >= 2020}); absent or null
   * means no filter.
   */
  static Filter filter(@Nullable JsonNode f) {
    if (f == null || f.isNull()) {
      return Filter.ALL;
    }
    if (f.isTextual()) {
      try {
        return FilterSyntax.parse(f.asText());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("filter " + e.getMessage(), e);
      }
    }
    if (!f.isObject()) {
      throw new IllegalArgumentException(
          "filter must be a string in the filter grammar or an object of metadata key to value");
    }
    List<Filter> parts = new ArrayList<>();
    for (Map.Entry<String, JsonNode> e : f.properties()) {
      if (!e.getValue().isTextual()) {
        throw new IllegalArgumentException("filter." + e.getKey() + " must be a string");
      }
      parts.add(Filter.eq(e.getKey(), e.getValue().asText()));
    }
    if (parts.isEmpty()) {
      return Filter.ALL;
    }
    return parts.size() == 1 ? parts.get(0) : Filter.and(parts.toArray(Filter[]::new));
  }

  private static List<Document> documents(JsonNode json) {
    onlyFields(json, Set.of("documents"), "");
    JsonNode docs = json.get("documents");
    if (docs == null || !docs.isArray() || docs.isEmpty()) {
      throw new IllegalArgumentException("documents must be a non-empty array");
    }
    List<Document> out = new ArrayList<>();
    for (int i = 0; i < docs.size(); i++) {
      JsonNode d = docs.get(i);
      String at = "documents[" + i + "]";
      if (!d.isObject()) {
        throw new IllegalArgumentException(at + " must be an object");
      }
      onlyFields(d, Set.of("id", "content", "format", "title", "source", "metadata"), at + ".");
      String id = requiredText(d, "id", at);
      String content = requiredText(d, "content", at);
      String format = text(d, "format", at);
      String title = text(d, "title", at);
      String source = text(d, "source", at);
      Map<String, String> meta = new LinkedHashMap<>();
      JsonNode m = d.get("metadata");
      if (m != null && !m.isNull()) {
        if (!m.isObject()) {
          throw new IllegalArgumentException(at + ".metadata must be an object of strings");
        }
        for (Map.Entry<String, JsonNode> e : m.properties()) {
          if (!e.getValue().isTextual()) {
            throw new IllegalArgumentException(
                at + ".metadata." + e.getKey() + " must be a string");
          }
          meta.put(e.getKey(), e.getValue().asText());
        }
      }
      DocumentFormat fmt;
      String body = content;
      Map<String, MetadataValue> typed = new LinkedHashMap<>(MetadataValue.strings(meta));
      switch (format == null ? "markdown" : format) {
        case "markdown" -> {
          // front matter is read as everywhere else; explicit "metadata" fields win over it
          FrontMatter fm = FrontMatter.parse(content, at);
          body = fm.body();
          fmt = DocumentFormat.MARKDOWN;
          typed.putAll(fm.metadata());
          typed.putAll(MetadataValue.strings(meta));
          MetadataValue fmTitle = fm.metadata().get("title");
          if (title == null && fmTitle != null) {
            title = fmTitle.asText();
          }
        }
        case "text" -> fmt = DocumentFormat.TEXT;
        case "html" -> {
          Document h =
              new HtmlLoader()
                  .load(
                      id,
                      source == null ? id : source,
                      content.getBytes(java.nio.charset.StandardCharsets.UTF_8));
          body = h.content();
          fmt = DocumentFormat.MARKDOWN;
          if (title == null) {
            title = h.title();
          }
        }
        default ->
            throw new IllegalArgumentException(
                at + ".format must be markdown, text or html, was \"" + format + "\"");
      }
      out.add(new Document(id, source == null ? id : source, title, body, fmt, typed));
    }
    return out;
  }

  private static String requiredText(JsonNode o, String field, String at) {
    String v = text(o, field, at);
    if (v == null) {
      throw new IllegalArgumentException(at + "." + field + " is required");
    }
    return v;
  }

  private static @Nullable String text(JsonNode o, String field, String at) {
    JsonNode v = o.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isTextual()) {
      throw new IllegalArgumentException(at + "." + field + " must be a string");
    }
    return v.asText();
  }

  private static void onlyFields(JsonNode o, Set<String> allowed, String prefix) {
    Iterator<String> names = o.fieldNames();
    while (names.hasNext()) {
      String n = names.next();
      if (!allowed.contains(n)) {
        throw new IllegalArgumentException(
            "unknown field "
                + prefix
                + n
                + " (allowed: "
                + String.join(", ", new java.util.TreeSet<>(allowed))
                + ")");
      }
    }
  }

  /** The body, or null when it is longer than {@code limit}. */
  private static byte @Nullable [] readBody(InputStream in, int limit) throws IOException {
    byte[] data = in.readNBytes(limit + 1);
    return data.length > limit ? null : data;
  }

  private void serveResource(HttpExchange ex, String name, boolean head) throws IOException {
    byte[] bytes;
    try (InputStream in = DemoServer.class.getResourceAsStream(RESOURCES + name)) {
      if (in == null) {
        sendJson(ex, 404, ResultJson.error("missing resource " + name));
        return;
      }
      bytes = in.readAllBytes();
    }
    String type =
        name.endsWith(".html")
            ? "text/html; charset=utf-8"
            : name.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8";
    ex.getResponseHeaders().set("Content-Type", type);
    securityHeaders(ex);
    if (head) {
      ex.sendResponseHeaders(200, -1);
      return;
    }
    ex.sendResponseHeaders(200, bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static void methodNotAllowed(HttpExchange ex, String allow) throws IOException {
    ex.getResponseHeaders().set("Allow", allow);
    sendJson(
        ex,
        405,
        ResultJson.error("method " + ex.getRequestMethod() + " not allowed here; use " + allow));
  }

  private static void sendJson(HttpExchange ex, int status, ObjectNode body) throws IOException {
    byte[] bytes = ResultJson.compact(body).getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
    securityHeaders(ex);
    ex.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static void securityHeaders(HttpExchange ex) {
    ex.getResponseHeaders().set("Content-Security-Policy", CSP);
    ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
    ex.getResponseHeaders().set("Referrer-Policy", "no-referrer");
    ex.getResponseHeaders().set("Cache-Control", "no-store");
  }
}
