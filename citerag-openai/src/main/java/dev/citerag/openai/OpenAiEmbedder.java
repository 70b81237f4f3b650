package dev.citerag.openai;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.http.internal.Connection;
import dev.citerag.http.internal.Embeddings;
import dev.citerag.internal.Checks;
import dev.citerag.openai.internal.EmbedCodec;
import dev.citerag.openai.internal.OpenAiTransport;
import dev.citerag.openai.internal.Settings;
import dev.citerag.provider.RetryPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link Embedder} over {@code POST {base}/embeddings}, the OpenAI-compatible Embeddings API.
 * Texts go in batches ({@link Builder#batchSize}, default {@value #DEFAULT_BATCH_SIZE}); the
 * vectors are put back in input order by their {@code index} (not by their position in the reply),
 * checked (count, length, finite, non-zero) and L2-normalised. Documents and queries are embedded
 * alike: the API has no task type. Each batch is retried on its own under the {@link RetryPolicy}.
 * Immutable and thread-safe.
 *
 * <p><b>Dimensions and identity.</b> {@link Builder#dimensions(int)} asks for shorter vectors
 * ({@code dimensions}, which {@code text-embedding-3-*} and some servers support; others reject
 * it). Otherwise the length is the model's own: known for OpenAI's models, and read from the first
 * reply for any other (then {@link #identity()} makes one small call the first time it is asked).
 * The identity is {@code openai}, the model id, no digest, the length.
 *
 * <pre>{@code
 * Embedder embedder = OpenAiEmbedder.builder()   // OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_EMBED_MODEL
 *     .model("text-embedding-3-small")
 *     .dimensions(512)
 *     .build();
 * float[] q = embedder.embedQuery("How do I roll back a deploy?");
 * }</pre>
 */
public final class OpenAiEmbedder implements Embedder {
  private static final Logger log = LoggerFactory.getLogger(OpenAiEmbedder.class);

  /** {@value}: used when neither {@code model(...)} nor {@code OPENAI_EMBED_MODEL} names one. */
  public static final String DEFAULT_MODEL = "text-embedding-3-small";

  /** {@value} texts per request. */
  public static final int DEFAULT_BATCH_SIZE = 128;

  /** {@value}: the most inputs OpenAI accepts in one request. */
  public static final int MAX_BATCH_SIZE = 2048;

  /** 60 s. */
  public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(60);

  /** 60 s per attempt. */
  public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(60);

  /** Native lengths of OpenAI's own embedding models. */
  private static final Map<String, Integer> KNOWN_DIMENSIONS =
      Map.of(
          "text-embedding-3-small", 1536,
          "text-embedding-3-large", 3072,
          "text-embedding-ada-002", 1536);

  private static final String PATH = "embeddings";
  private static final String PROBE_TEXT = "dimension probe";

  private final @Nullable String modelSetting;
  private final String model;
  private final @Nullable Integer dimensions;
  private final int batchSize;
  private final Connection connection;

  /** The vector length once known (configured, known model, or first reply); 0 before. */
  private volatile int length;

  private OpenAiEmbedder(Builder b, Connection connection, String model) {
    this.modelSetting = b.model;
    this.model = model;
    this.dimensions = b.dimensions;
    this.batchSize = b.batchSize;
    this.connection = connection;
    this.length = dimensions != null ? dimensions : KNOWN_DIMENSIONS.getOrDefault(model, 0);
  }

  /**
   * A builder with the defaults; nothing is read from the environment until {@link
   * Builder#build()}.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder holding this embedder's settings (key, base URL and model as given)} */
  public Builder toBuilder() {
    Builder b = new Builder().connection(connection);
    b.model = modelSetting;
    b.dimensions = dimensions;
    b.batchSize = batchSize;
    return b;
  }

  /**
   * Embeds passages in batches; one normalised vector per input, in input order. An empty list
   * makes no call. The document title is not sent (chunks carry their heading in their text).
   *
   * @throws IllegalArgumentException when the list or an element is null, or a text is blank
   * @throws ProviderException when a batch fails (after retries) or a vector is malformed
   */
  @Override
  public List<float[]> embedDocuments(List<DocumentText> documents) {
    List<String> texts = Embeddings.texts(documents, DocumentText::text);
    return Embeddings.inBatches(texts, batchSize, this::batch);
  }

  /**
   * Embeds a question.
   *
   * @throws IllegalArgumentException when {@code query} is null or blank
   * @throws ProviderException when the call fails (after retries) or the vector is malformed
   */
  @Override
  public float[] embedQuery(String query) {
    Checks.notBlank(query, "query");
    return batch(List.of(query)).get(0);
  }

  /**
   * {@code openai}, the model id, no digest, the vector length, no query instruction. For a model
   * whose length is neither configured nor known, the first call embeds a short probe text.
   *
   * @throws ProviderException when that probe fails
   */
  @Override
  public EmbedderIdentity identity() {
    if (length == 0) {
      batch(List.of(PROBE_TEXT));
    }
    return new EmbedderIdentity(OpenAiTransport.PROVIDER, model, null, length, null);
  }

  private List<float[]> batch(List<String> texts) {
    byte[] body = EmbedCodec.encode(model, texts, dimensions);
    long t0 = System.nanoTime();
    int expected = length;
    List<float[]> vectors =
        OpenAiTransport.post(
            connection,
            PATH,
            model,
            body,
            null,
            bytes -> EmbedCodec.decode(bytes, texts.size(), expected, connection.apiKey()));
    if (expected == 0) {
      settleLength(vectors.get(0).length);
    }
    log.debug(
        "citerag.openai: {} model={} status=200 texts={} dimensions={} latencyMs={}",
        PATH,
        model,
        texts.size(),
        vectors.get(0).length,
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
    return vectors;
  }

  /** Fixes the length learned from the first reply; a later reply of another length is an error. */
  private synchronized void settleLength(int n) {
    if (length == 0) {
      length = n;
    } else if (length != n) {
      throw new PermanentProviderException(
          OpenAiTransport.PROVIDER,
          ProviderException.Kind.PROTOCOL,
          200,
          null,
          "embeddings of "
              + model
              + " came back with "
              + n
              + " values, earlier ones with "
              + length,
          null);
    }
  }

  /** {@return the model id sent, e.g. {@code text-embedding-3-small}} */
  public String model() {
    return model;
  }

  /** {@return the {@code dimensions} asked for, when set} */
  public OptionalInt dimensions() {
    return dimensions == null ? OptionalInt.empty() : OptionalInt.of(dimensions);
  }

  /** {@return the resolved base URL} */
  public String baseUrl() {
    return connection.baseUrl().toString();
  }

  /** The settings, with the key masked. */
  @Override
  public String toString() {
    return "OpenAiEmbedder{model="
        + model
        + ", dimensions="
        + (dimensions == null ? "model default" : dimensions)
        + ", batchSize="
        + batchSize
        + ", "
        + connection
        + ", sharedHttpClient="
        + connection.sharedHttpClient()
        + "}";
  }

  /**
   * Settings of an {@link OpenAiEmbedder}. Setters reject bad values at once, naming the field;
   * {@link #build()} resolves the environment. Not thread-safe.
   */
  public static final class Builder extends ClientBuilder<Builder> {
    private @Nullable String model;
    private @Nullable Integer dimensions;
    private int batchSize = DEFAULT_BATCH_SIZE;

    private Builder() {
      super(DEFAULT_READ_TIMEOUT, DEFAULT_CALL_TIMEOUT);
    }

    /**
     * The model id sent in the body. Default: the environment variable {@code OPENAI_EMBED_MODEL},
     * else {@value #DEFAULT_MODEL}.
     *
     * @param model the model id
     * @return this builder
     * @throws IllegalArgumentException when blank, longer than 256 characters or holding whitespace
     *     or control characters
     */
    public Builder model(String model) {
      this.model = Settings.model(model, "model");
      return this;
    }

    /**
     * The vector length to ask for, sent as {@code dimensions} and checked on every reply. Default:
     * not sent, the model's own length.
     *
     * @param dimensions the vector length
     * @return this builder
     * @throws IllegalArgumentException when not between 1 and 65536
     */
    public Builder dimensions(int dimensions) {
      this.dimensions = Checks.inRange(dimensions, 1, 65_536, "dimensions");
      return this;
    }

    /**
     * Texts per request. Default {@value #DEFAULT_BATCH_SIZE}.
     *
     * @param batchSize texts per request
     * @return this builder
     * @throws IllegalArgumentException when not between 1 and {@value #MAX_BATCH_SIZE}
     */
    public Builder batchSize(int batchSize) {
      this.batchSize = Checks.inRange(batchSize, 1, MAX_BATCH_SIZE, "batchSize");
      return this;
    }

    /**
     * An immutable, thread-safe embedder.
     *
     * @return the embedder
     * @throws IllegalStateException when no API key is set for {@code api.openai.com} (naming
     *     {@code OPENAI_API_KEY})
     * @throws IllegalArgumentException when settings contradict each other or {@code
     *     OPENAI_BASE_URL} / {@code OPENAI_EMBED_MODEL} is not valid
     */
    public OpenAiEmbedder build() {
      Connection c = connect();
      String resolved = Settings.model(model, settings(), Settings.ENV_EMBED_MODEL, DEFAULT_MODEL);
      OpenAiEmbedder e = new OpenAiEmbedder(this, c, resolved);
      log.debug("citerag.openai: configured {}", e);
      return e;
    }
  }
}
