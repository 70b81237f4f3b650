package dev.citerag.gemini;

import dev.citerag.ProviderException;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.gemini.internal.EmbedCodec;
import dev.citerag.gemini.internal.GeminiTransport;
import dev.citerag.gemini.internal.Secrets;
import dev.citerag.gemini.internal.Settings;
import dev.citerag.internal.Checks;
import dev.citerag.provider.Retrier;
import dev.citerag.provider.RetryPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;
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
  /** {@value}: a good balance of quality and size for gemini-embedding-001 (768, 1536 or 3072 are recommended). */
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

  private final @Nullable String apiKeySetting;
  private final Map<String, String> environment;
  private final @Nullable HttpUrl baseUrlSetting;
  private final String model;
  private final int dimensions;
  private final Duration connectTimeout;
  private final Duration readTimeout;
  private final Duration callTimeout;
  private final RetryPolicy retryPolicy;
  private final Retrier.Sleeper sleeper;
  private final @Nullable OkHttpClient httpClient;

  private final String apiKey;
  private final HttpUrl baseUrl;
  private final GeminiTransport transport;
  private final EmbedderIdentity identity;

  private GeminiEmbedder(Builder b) {
    this.apiKeySetting = b.apiKey;
    this.environment = b.environment;
    this.baseUrlSetting = b.baseUrl;
    this.model = b.model;
    this.dimensions = b.outputDimensionality;
    this.connectTimeout = b.connectTimeout;
    this.readTimeout = b.readTimeout;
    this.callTimeout = b.callTimeout;
    this.retryPolicy = b.retryPolicy;
    this.sleeper = b.sleeper;
    this.httpClient = b.httpClient;
    this.apiKey = Settings.apiKey(apiKeySetting, environment);
    this.baseUrl = Settings.baseUrl(baseUrlSetting, environment);
    this.transport = new GeminiTransport(apiKey, baseUrl, connectTimeout, readTimeout, callTimeout,
        httpClient, new Retrier(GeminiTransport.PROVIDER, retryPolicy, sleeper, System::nanoTime));
    this.identity = new EmbedderIdentity(
        GeminiTransport.PROVIDER, model, null, dimensions, "taskType=" + EmbedCodec.TASK_QUERY);
  }

  /** A builder with the defaults; nothing is checked against the environment until {@link Builder#build()}. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this embedder's settings (the key as it was given: explicit or from the environment). */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.apiKey = apiKeySetting;
    b.environment = environment;
    b.baseUrl = baseUrlSetting;
    b.model = model;
    b.outputDimensionality = dimensions;
    b.connectTimeout = connectTimeout;
    b.readTimeout = readTimeout;
    b.callTimeout = callTimeout;
    b.retryPolicy = retryPolicy;
    b.sleeper = sleeper;
    b.httpClient = httpClient;
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
    Checks.noNullElements(documents, "documents");
    List<EmbedCodec.Text> texts = new ArrayList<>(documents.size());
    for (int i = 0; i < documents.size(); i++) {
      DocumentText d = documents.get(i);
      if (d.text().isBlank()) {
        throw new IllegalArgumentException("documents[" + i + "].text must not be blank");
      }
      texts.add(new EmbedCodec.Text(d.text(), d.title()));
    }
    List<float[]> out = new ArrayList<>(texts.size());
    for (int from = 0; from < texts.size(); from += MAX_BATCH_SIZE) {
      out.addAll(batch(texts.subList(from, Math.min(from + MAX_BATCH_SIZE, texts.size())),
          EmbedCodec.TASK_DOCUMENT));
    }
    return out;
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
    List<float[]> vectors = transport.post(model, METHOD, body, null,
        bytes -> EmbedCodec.decode(bytes, texts.size(), dimensions, apiKey));
    log.debug("citerag.gemini: {} model={} status=200 taskType={} texts={} dimensions={} latencyMs={}",
        METHOD, model, taskType, texts.size(), dimensions,
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
    return vectors;
  }

  /** The configured model id, e.g. {@code gemini-embedding-001}. */
  public String model() {
    return model;
  }

  /** The resolved base URL. */
  public String baseUrl() {
    return baseUrl.toString();
  }

  /** The settings, with the key masked. */
  @Override
  public String toString() {
    return "GeminiEmbedder{model=" + model
        + ", outputDimensionality=" + dimensions
        + ", baseUrl=" + baseUrl
        + ", apiKey=" + Secrets.mask(apiKey)
        + ", connectTimeout=" + connectTimeout
        + ", readTimeout=" + readTimeout
        + ", callTimeout=" + callTimeout
        + ", retryPolicy=" + retryPolicy
        + ", sharedHttpClient=" + (httpClient != null)
        + "}";
  }

  /**
   * Settings of a {@link GeminiEmbedder}. Setters reject bad values at once, naming the field;
   * {@link #build()} checks combinations and resolves the key and base URL. Not thread-safe.
   */
  public static final class Builder {
    private @Nullable String apiKey;
    private Map<String, String> environment = System.getenv();
    private @Nullable HttpUrl baseUrl;
    private String model = DEFAULT_MODEL;
    private int outputDimensionality = DEFAULT_DIMENSIONS;
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private Duration readTimeout = DEFAULT_READ_TIMEOUT;
    private Duration callTimeout = DEFAULT_CALL_TIMEOUT;
    private RetryPolicy retryPolicy = RetryPolicy.DEFAULT;
    private Retrier.Sleeper sleeper = Retrier.Sleeper.REAL;
    private @Nullable OkHttpClient httpClient;

    private Builder() {}

    /**
     * The API key, sent only in the {@code x-goog-api-key} header. Default: the environment
     * variable {@code GEMINI_API_KEY}, else {@code GOOGLE_API_KEY}.
     *
     * @throws IllegalArgumentException when blank or not visible ASCII (the message never shows it)
     */
    public Builder apiKey(String apiKey) {
      this.apiKey = Settings.apiKeyValue(apiKey, "apiKey");
      return this;
    }

    /**
     * Where {@link #build()} looks up {@code GEMINI_API_KEY}, {@code GOOGLE_API_KEY} and {@code
     * GEMINI_BASE_URL}. Default: {@link System#getenv()}. Tests pass a map so that they never read
     * the real environment.
     *
     * @throws IllegalArgumentException when null or holding a null key or value
     */
    public Builder environment(Map<String, String> environment) {
      this.environment = GeminiChatModel.copyEnvironment(environment);
      return this;
    }

    /**
     * The API root, ending with the version. Default: the environment variable {@code
     * GEMINI_BASE_URL}, else {@value dev.citerag.gemini.internal.Settings#DEFAULT_BASE_URL}.
     *
     * @throws IllegalArgumentException when not an http(s) URL, or it has a query, fragment or user info
     */
    public Builder baseUrl(String baseUrl) {
      this.baseUrl = Settings.parseBaseUrl(baseUrl, "baseUrl");
      return this;
    }

    /**
     * The model id as in {@code models/{model}:batchEmbedContents}. Default {@value #DEFAULT_MODEL}.
     *
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
     * @throws IllegalArgumentException when not between 128 and 3072 (gemini-embedding-001's range)
     */
    public Builder outputDimensionality(int outputDimensionality) {
      this.outputDimensionality = Checks.inRange(outputDimensionality, 128, 3072, "outputDimensionality");
      return this;
    }

    /**
     * TCP/TLS connect timeout. Default 10 s.
     *
     * @throws IllegalArgumentException when null, zero or negative
     */
    public Builder connectTimeout(Duration connectTimeout) {
      this.connectTimeout = Settings.positive(connectTimeout, "connectTimeout");
      return this;
    }

    /**
     * Longest silence while waiting for reply bytes. Default 60 s.
     *
     * @throws IllegalArgumentException when null, zero or negative
     */
    public Builder readTimeout(Duration readTimeout) {
      this.readTimeout = Settings.positive(readTimeout, "readTimeout");
      return this;
    }

    /**
     * Bound on one HTTP attempt (one batch). Default 60 s. The retry policy's total timeout bounds
     * all attempts of a batch.
     *
     * @throws IllegalArgumentException when null, zero or negative
     */
    public Builder callTimeout(Duration callTimeout) {
      this.callTimeout = Settings.positive(callTimeout, "callTimeout");
      return this;
    }

    /**
     * How transient failures (429, 408, 5xx, timeouts, dropped connections) are retried, per batch.
     * Default {@link RetryPolicy#DEFAULT}; {@link RetryPolicy#NONE} turns retries off.
     *
     * @throws IllegalArgumentException when null
     */
    public Builder retryPolicy(RetryPolicy retryPolicy) {
      this.retryPolicy = Checks.notNull(retryPolicy, "retryPolicy");
      return this;
    }

    /** Test hook: how the retrier waits between attempts. Default {@link Retrier.Sleeper#REAL}. */
    Builder retrySleeper(Retrier.Sleeper sleeper) {
      this.sleeper = Checks.notNull(sleeper, "retrySleeper");
      return this;
    }

    /**
     * A client whose connection pool and dispatcher to share. Default null: a client of its own.
     * The timeouts above are applied to a derived client, and redirects are not followed. Do not
     * give a client with an interceptor that logs headers unless it redacts {@code x-goog-api-key}.
     */
    public Builder httpClient(@Nullable OkHttpClient httpClient) {
      this.httpClient = httpClient;
      return this;
    }

    /**
     * An immutable, thread-safe embedder.
     *
     * @throws IllegalStateException when no API key is set (naming {@code GEMINI_API_KEY} and
     *     {@code GOOGLE_API_KEY})
     * @throws IllegalArgumentException when settings contradict each other or {@code
     *     GEMINI_BASE_URL} is not a valid base URL
     */
    public GeminiEmbedder build() {
      if (connectTimeout.compareTo(callTimeout) > 0) {
        throw new IllegalArgumentException("connectTimeout (" + connectTimeout
            + ") must be <= callTimeout (" + callTimeout + ")");
      }
      GeminiEmbedder e = new GeminiEmbedder(this);
      log.debug("citerag.gemini: configured {}", e);
      return e;
    }
  }
}
