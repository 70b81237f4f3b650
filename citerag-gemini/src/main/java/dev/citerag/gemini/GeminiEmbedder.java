package dev.citerag.gemini;

import dev.citerag.ProviderException;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.gemini.internal.EmbedCodec;
import dev.citerag.gemini.internal.GeminiTransport;
import dev.citerag.gemini.internal.Settings;
import dev.citerag.http.internal.Connection;
import dev.citerag.http.internal.Embeddings;
import dev.citerag.internal.Checks;
import dev.citerag.provider.RetryPolicy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link Embedder} over Gemini's {@code models/{model}:batchEmbedContents} (REST, {@code
 * v1beta}). Documents are embedded with task {@code RETRIEVAL_DOCUMENT} and their title, queries
 * with {@code RETRIEVAL_QUERY}; texts go in batches of {@value #MAX_BATCH_SIZE}, the API's limit,
 * and every vector is L2-normalised here (the API normalises only full 3072-dimension vectors).
 * Each batch is retried on its own under the {@link RetryPolicy}. Immutable and thread-safe.
 *
 * <pre>{@code
 * Embedder embedder = GeminiEmbedder.builder()   // key from GEMINI_API_KEY or GOOGLE_API_KEY
 *     .outputDimensionality(768)
 *     .build();
 * float[] q = embedder.embedQuery("How do I roll back a deploy?");
 * }</pre>
 */
public final class GeminiEmbedder implements Embedder {
  private static final Logger log = LoggerFactory.getLogger(GeminiEmbedder.class);

  /** {@value}. */
  public static final String DEFAULT_MODEL = "gemini-embedding-001";

  /**
   * {@value}: a good balance of quality and size for gemini-embedding-001 (768, 1536 or 3072 are
   * recommended).
   */
  public static final int DEFAULT_DIMENSIONS = 768;

  /** {@value}: the most texts one {@code batchEmbedContents} request may carry. */
  public static final int MAX_BATCH_SIZE = 100;

  /** 10 s. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

  /** 60 s. */
  public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(60);

  /** 60 s per attempt. */
  public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(60);

  private static final String METHOD = "batchEmbedContents";

  private final String model;
  private final int dimensions;
  private final Connection connection;
  private final EmbedderIdentity identity;

  private GeminiEmbedder(Builder b, Connection connection) {
    this.model = b.model;
    this.dimensions = b.outputDimensionality;
    this.connection = connection;
    this.identity =
        new EmbedderIdentity(
            GeminiTransport.PROVIDER, model, null, dimensions, "taskType=" + EmbedCodec.TASK_QUERY);
  }

  /**
   * A builder with the defaults; nothing is checked against the environment until {@link
   * Builder#build()}.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder holding this embedder's settings (the key as it was given: explicit or from the
   * environment).
   *
   * @return a new builder; this embedder is not affected
   */
  public Builder toBuilder() {
    Builder b = new Builder().connection(connection);
    b.model = model;
    b.outputDimensionality = dimensions;
    return b;
  }

  /**
   * Embeds passages with {@code RETRIEVAL_DOCUMENT} (and their title when present), in batches of
   * {@value #MAX_BATCH_SIZE}; one normalised vector per input, in input order. An empty list makes
   * no call.
   *
   * @throws IllegalArgumentException when the list or an element is null, or a text is blank
   * @throws ProviderException when a batch fails (after retries) or a vector is malformed
   */
  @Override
  public List<float[]> embedDocuments(List<DocumentText> documents) {
    List<EmbedCodec.Text> texts =
        Embeddings.texts(documents, d -> new EmbedCodec.Text(d.text(), d.title()));
    return Embeddings.inBatches(
        texts, MAX_BATCH_SIZE, batch -> batch(batch, EmbedCodec.TASK_DOCUMENT));
  }

  /**
   * Embeds a question with {@code RETRIEVAL_QUERY}.
   *
   * @throws IllegalArgumentException when {@code query} is null or blank
   * @throws ProviderException when the call fails (after retries) or the vector is malformed
   */
  @Override
  public float[] embedQuery(String query) {
    Checks.notBlank(query, "query");
    return batch(List.of(new EmbedCodec.Text(query, null)), EmbedCodec.TASK_QUERY).get(0);
  }

  /** {@code gemini}, the model, no digest, the dimensions, {@code taskType=RETRIEVAL_QUERY}. */
  @Override
  public EmbedderIdentity identity() {
    return identity;
  }

  private List<float[]> batch(List<EmbedCodec.Text> texts, String taskType) {
    byte[] body = EmbedCodec.encode(model, texts, taskType, dimensions);
    long t0 = System.nanoTime();
    String key = connection.apiKey() == null ? "" : connection.apiKey();
    List<float[]> vectors =
        GeminiTransport.post(
            connection,
            model,
            METHOD,
            body,
            null,
            bytes -> EmbedCodec.decode(bytes, texts.size(), dimensions, key));
    log.debug(
        "citerag.gemini: {} model={} status=200 taskType={} texts={} dimensions={} latencyMs={}",
        METHOD,
        model,
        taskType,
        texts.size(),
        dimensions,
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
    return vectors;
  }

  /** {@return the configured model id, e.g. {@code gemini-embedding-001}} */
  public String model() {
    return model;
  }

  /** {@return the resolved base URL} */
  public String baseUrl() {
    return connection.baseUrl().toString();
  }

  /** The settings, with the key masked. */
  @Override
  public String toString() {
    return "GeminiEmbedder{model="
        + model
        + ", outputDimensionality="
        + dimensions
        + ", "
        + connection
        + ", sharedHttpClient="
        + connection.sharedHttpClient()
        + "}";
  }

  /**
   * Settings of a {@link GeminiEmbedder}. Setters reject bad values at once, naming the field;
   * {@link #build()} checks combinations and resolves the key and base URL. Not thread-safe.
   */
  public static final class Builder extends ClientBuilder<Builder> {
    private String model = DEFAULT_MODEL;
    private int outputDimensionality = DEFAULT_DIMENSIONS;

    private Builder() {
      super(DEFAULT_CONNECT_TIMEOUT, DEFAULT_READ_TIMEOUT, DEFAULT_CALL_TIMEOUT);
    }

    /**
     * The model id as in {@code models/{model}:batchEmbedContents}. Default {@value
     * #DEFAULT_MODEL}.
     *
     * @param model the model id
     * @return this builder
     * @throws IllegalArgumentException when blank, prefixed with {@code models/} or holding other
     *     characters than letters, digits, '.', '_' and '-'
     */
    public Builder model(String model) {
      this.model = Settings.model(model, "model");
      return this;
    }

    /**
     * {@code outputDimensionality}: the vector length asked for and checked on every reply. Default
     * {@value #DEFAULT_DIMENSIONS}.
     *
     * @param outputDimensionality the vector length
     * @return this builder
     * @throws IllegalArgumentException when not between 128 and 3072 (gemini-embedding-001's range)
     */
    public Builder outputDimensionality(int outputDimensionality) {
      this.outputDimensionality =
          Checks.inRange(outputDimensionality, 128, 3072, "outputDimensionality");
      return this;
    }

    /**
     * An immutable, thread-safe embedder.
     *
     * @return the embedder
     * @throws IllegalStateException when no API key is set (naming {@code GEMINI_API_KEY} and
     *     {@code GOOGLE_API_KEY})
     * @throws IllegalArgumentException when settings contradict each other or {@code
     *     GEMINI_BASE_URL} is not a valid base URL
     */
    public GeminiEmbedder build() {
      GeminiEmbedder e = new GeminiEmbedder(this, connect());
      log.debug("citerag.gemini: configured {}", e);
      return e;
    }
  }
}
