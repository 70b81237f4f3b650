package dev.citerag.openai;

import dev.citerag.http.internal.Connection;
import dev.citerag.internal.Checks;
import dev.citerag.openai.internal.OpenAiTransport;
import dev.citerag.openai.internal.RerankCodec;
import dev.citerag.openai.internal.Settings;
import dev.citerag.rerank.Reranker;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link Reranker} over the rerank APIs that local and hosted reranking servers serve: vLLM and
 * llama.cpp's server ({@code /v1/rerank}), Jina ({@code /v1/rerank}), Cohere ({@code /v2/rerank})
 * in one shape, and Hugging Face Text Embeddings Inference ({@code /rerank}, {@link Format#TEI}) in
 * another. The base URL is required (OpenAI itself serves no rerank API); the key, timeouts,
 * retries and HTTP client are set as for {@link OpenAiChatModel}.
 *
 * <pre>{@code
 * Reranker reranker = RerankClient.builder()
 *     .baseUrl("http://localhost:8000/v1")     // vLLM serving BAAI/bge-reranker-v2-m3
 *     .model("BAAI/bge-reranker-v2-m3")
 *     .build();
 * RagPipeline rag = RagPipeline.builder()...reranker(reranker).build();
 * }</pre>
 *
 * Every call sends all candidates and asks for all of them back ({@code top_n} = their number), so
 * that every hit gets its score. Thread-safe.
 */
public final class RerankClient implements Reranker {
  private static final Logger log = LoggerFactory.getLogger(RerankClient.class);

  /** The request and reply shape a server speaks. */
  public enum Format {
    /**
     * {@code {model, query, documents, top_n}} → {@code {"results": [{"index",
     * "relevance_score"}]}}: Cohere, Jina, vLLM, llama.cpp's server.
     */
    COHERE,
    /** {@code {query, texts}} → {@code [{"index", "score"}]}: Hugging Face TEI. */
    TEI
  }

  /** Default read timeout: a cross-encoder over 30 passages on a CPU can take seconds. */
  public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(60);

  /** Default bound on one call, retries included. */
  public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(60);

  /** The most documents one call may carry. */
  public static final int MAX_DOCUMENTS = 1000;

  private final @Nullable String model;
  private final Format format;
  private final String path;
  private final Connection connection;

  private RerankClient(Builder b, Connection connection) {
    this.model = b.model;
    this.format = b.format;
    this.path = b.path;
    this.connection = connection;
  }

  /** {@return a new builder; {@code baseUrl} is required} */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public String name() {
    return model != null ? model : "rerank@" + connection.baseUrl().host();
  }

  @Override
  public List<Double> score(String query, List<String> documents) {
    Checks.notBlank(query, "query");
    Checks.noNullElements(documents, "documents");
    if (documents.isEmpty() || documents.size() > MAX_DOCUMENTS) {
      throw new IllegalArgumentException(
          "documents must hold 1 to " + MAX_DOCUMENTS + " texts, was " + documents.size());
    }
    boolean tei = format == Format.TEI;
    byte[] body = RerankCodec.encode(tei, model, query, documents);
    long t0 = System.nanoTime();
    List<Double> scores =
        OpenAiTransport.post(
            connection,
            path,
            name(),
            body,
            null,
            bytes -> RerankCodec.decode(bytes, tei, documents.size(), connection.apiKey()));
    log.debug(
        "citerag.openai: {} model={} documents={} latencyMs={}",
        path,
        name(),
        documents.size(),
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
    return scores;
  }

  /** {@return the base URL requests go to (no credential)} */
  public String baseUrl() {
    return connection.baseUrl().toString();
  }

  @Override
  public String toString() {
    return "RerankClient{model="
        + (model == null ? "server default" : model)
        + ", format="
        + format
        + ", path="
        + path
        + ", "
        + connection
        + "}";
  }

  /** Configures a {@link RerankClient}. */
  public static final class Builder extends ClientBuilder<Builder> {
    private @Nullable String model;
    private Format format = Format.COHERE;
    private String path = "rerank";
    private boolean baseUrlSet;

    private Builder() {
      super(DEFAULT_READ_TIMEOUT, DEFAULT_CALL_TIMEOUT);
    }

    /**
     * The server's base URL, e.g. {@code http://localhost:8000/v1} (vLLM), {@code
     * https://api.jina.ai/v1}, {@code https://api.cohere.com/v2} or {@code http://localhost:8080}
     * (TEI); required.
     *
     * @param baseUrl an http or https URL
     * @return this builder
     * @throws IllegalArgumentException when it is not a valid http(s) URL
     */
    @Override
    public Builder baseUrl(String baseUrl) {
      super.baseUrl(baseUrl);
      baseUrlSet = true;
      return this;
    }

    /**
     * The model id sent in the body; default none (a server that serves one model needs none).
     *
     * @param model the reranking model's id
     * @return this builder
     * @throws IllegalArgumentException when blank, longer than 256 characters or holding whitespace
     *     or control characters
     */
    public Builder model(String model) {
      this.model = Settings.model(model, "model");
      return this;
    }

    /**
     * The shape the server speaks; default {@link Format#COHERE}.
     *
     * @param format the request and reply shape
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder format(Format format) {
      this.format = Checks.notNull(format, "format");
      return this;
    }

    /**
     * The endpoint under the base URL; default {@code rerank} (llama.cpp also serves {@code
     * reranking}).
     *
     * @param path one or more path segments, without a leading slash
     * @return this builder
     * @throws IllegalArgumentException when blank, starting with {@code /}, or holding characters
     *     other than letters, digits, {@code -}, {@code _}, {@code .} and {@code /}
     */
    public Builder path(String path) {
      Checks.notBlank(path, "path");
      if (path.startsWith("/") || !path.matches("[A-Za-z0-9._/-]+")) {
        throw new IllegalArgumentException(
            "path must be segments of letters, digits, - _ . joined by / (no leading /), was "
                + path);
      }
      this.path = path;
      return this;
    }

    /**
     * An immutable, thread-safe reranker.
     *
     * @return the reranker
     * @throws IllegalStateException when no base URL is set
     * @throws IllegalArgumentException when settings contradict each other
     */
    public RerankClient build() {
      if (!baseUrlSet) {
        throw new IllegalStateException(
            "baseUrl must be set: OpenAI serves no rerank API; point it at vLLM, llama.cpp, TEI,"
                + " Jina or Cohere");
      }
      RerankClient r = new RerankClient(this, connect());
      log.debug("citerag.openai: configured {}", r);
      return r;
    }
  }
}
