package dev.citerag.ollama;

import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.internal.Checks;
import dev.citerag.ollama.internal.ConnectionOptions;
import dev.citerag.ollama.internal.OllamaEmbedClient;
import dev.citerag.ollama.internal.OllamaTransport;
import dev.citerag.ollama.internal.TransportConfig;
import java.util.List;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link Embedder} over Ollama's {@code POST /api/embed}: texts are sent in batches (order
 * kept), each vector is checked (count, length, finite components) and L2-normalised again, and
 * model-specific prefixes are applied to queries and documents separately. Immutable and
 * thread-safe.
 *
 * <pre>{@code
 * OllamaEmbedder embedder = OllamaEmbedder.builder()
 *     .model("nomic-embed-text")                    // default: $OLLAMA_EMBED_MODEL, else this
 *     .prefixes(OllamaEmbedder.Prefixes.NOMIC)
 *     .build();
 * float[] q = embedder.embedQuery("How do I roll back a deploy?");
 * EmbedderIdentity id = embedder.identity();       // digest from GET /api/tags
 * }</pre>
 *
 * <p><b>Identity.</b> {@link #identity()} names the model with its tag ({@code
 * nomic-embed-text:latest}), the SHA-256 digest Ollama lists for it in {@code /api/tags}, the
 * vector length (configured, else seen, else from {@code /api/tags} or {@code /api/show}, else from
 * one probe embedding) and the query prefix. It is read once and cached; after {@code ollama pull}
 * replaced the model, {@link #refreshIdentity()} reads the new digest, which a store's identity
 * check then refuses for an existing collection. A change of vector length seen while embedding
 * throws {@link dev.citerag.IdentityMismatchException} at once.
 *
 * <p>Failures are {@link dev.citerag.ProviderException}s as described for {@link OllamaChatModel}.
 * Left out: {@code truncate} (the server's default, {@code true}, applies: over-long text is cut to
 * the model's context rather than failing) and the legacy {@code /api/embeddings} endpoint.
 */
public final class OllamaEmbedder implements Embedder {
  private static final Logger log = LoggerFactory.getLogger(OllamaEmbedder.class);

  /** The model used when neither the builder nor {@code OLLAMA_EMBED_MODEL} names one. */
  public static final String DEFAULT_MODEL = "nomic-embed-text";

  /** The environment variable naming the default embedding model. */
  public static final String ENV_MODEL = "OLLAMA_EMBED_MODEL";

  /** Texts per request by default. */
  public static final int DEFAULT_BATCH_SIZE = 64;

  /**
   * The text a model expects before queries and before documents. Either may be empty.
   *
   * @param query prepended to every query
   * @param document prepended to every document
   */
  public record Prefixes(String query, String document) {
    /** No prefixes (all-minilm, bge-m3, mxbai-embed-large for documents, ...). */
    public static final Prefixes NONE = new Prefixes("", "");

    /** e5 models ({@code multilingual-e5}, {@code e5-*}): {@code query: } and {@code passage: }. */
    public static final Prefixes E5 = new Prefixes("query: ", "passage: ");

    /** {@code nomic-embed-text}: {@code search_query: } and {@code search_document: }. */
    public static final Prefixes NOMIC = new Prefixes("search_query: ", "search_document: ");

    /** {@code mxbai-embed-large}: an instruction before queries only. */
    public static final Prefixes MXBAI =
        new Prefixes("Represent this sentence for searching relevant passages: ", "");

    /** {@code qwen3-embedding} with its model card's retrieval task; see {@link #qwen3(String)}. */
    public static final Prefixes QWEN3 =
        qwen3("Given a web search query, retrieve relevant passages that answer the query");

    /**
     * Checks the prefixes.
     *
     * @param query prepended to every query
     * @param document prepended to every document
     * @throws IllegalArgumentException when a prefix is null
     */
    public Prefixes {
      Checks.notNull(query, "query");
      Checks.notNull(document, "document");
    }

    /**
     * Qwen3-Embedding's query template, {@code Instruct: <task>\nQuery:}, as written on its model
     * card (no space after {@code Query:}); documents get no instruction.
     *
     * @param task the retrieval task, in words
     * @return the prefixes
     * @throws IllegalArgumentException when {@code task} is blank
     */
    public static Prefixes qwen3(String task) {
      Checks.notBlank(task, "task");
      return new Prefixes("Instruct: " + task.strip() + "\nQuery:", "");
    }
  }

  private final TransportConfig config;
  private final OllamaEmbedClient.EmbedOptions options;
  private final OllamaEmbedClient client;

  private OllamaEmbedder(TransportConfig config, OllamaEmbedClient.EmbedOptions options) {
    this.config = config;
    this.options = options;
    this.client = new OllamaEmbedClient(new OllamaTransport(config), options);
  }

  /** {@return a builder with every default in place} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * {@return a builder holding this embedder's effective settings (base URL and model resolved)}
   */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Embeds {@code documents} (document prefix applied), {@link #batchSize()} per request, in order.
   * An empty list returns an empty list without a request. Titles are not sent: Ollama has no field
   * for them, and citerag's chunks already begin with their heading.
   *
   * @throws IllegalArgumentException when the list or an element is null, or a text is blank
   * @throws dev.citerag.ProviderException when Ollama fails or replies malformed vectors
   * @throws dev.citerag.IdentityMismatchException when the vector length changed under us
   */
  @Override
  public List<float[]> embedDocuments(List<DocumentText> documents) {
    return client.embedDocuments(documents);
  }

  /**
   * Embeds one question, query prefix applied.
   *
   * @throws IllegalArgumentException when {@code query} is null or blank
   * @throws dev.citerag.ProviderException when Ollama fails or replies a malformed vector
   */
  @Override
  public float[] embedQuery(String query) {
    return client.embedQuery(query);
  }

  /**
   * The identity of the model, read from the server on the first call ({@code GET /api/tags}, maybe
   * {@code POST /api/show}) and cached.
   *
   * @throws dev.citerag.ProviderException when the server cannot be asked, or does not list the
   *     model ({@code NOT_FOUND}, suggesting {@code ollama pull})
   */
  @Override
  public EmbedderIdentity identity() {
    return client.identity();
  }

  /**
   * Reads the identity again, caches and returns it; call it after the model was pulled anew.
   *
   * @return the identity read from the server now
   * @throws dev.citerag.ProviderException as {@link #identity()}
   */
  public EmbedderIdentity refreshIdentity() {
    return client.refreshIdentity();
  }

  /** {@return the model name as configured, e.g. {@code nomic-embed-text}} */
  public String model() {
    return config.model();
  }

  /** {@return the server's base URL, e.g. {@code http://127.0.0.1:11434}} */
  public String baseUrl() {
    return config.displayUrl();
  }

  /** {@return texts per request} */
  public int batchSize() {
    return options.batchSize();
  }

  /** {@return the vector length requested from the server, when one was configured} */
  public OptionalInt dimensions() {
    return options.dimensions() == null
        ? OptionalInt.empty()
        : OptionalInt.of(options.dimensions());
  }

  /** {@return the prefixes applied to queries and documents} */
  public Prefixes prefixes() {
    return new Prefixes(options.queryPrefix(), options.documentPrefix());
  }

  @Override
  public String toString() {
    return "OllamaEmbedder{"
        + config
        + ", batchSize="
        + options.batchSize()
        + ", dimensions="
        + options.dimensions()
        + ", prefixes="
        + prefixes()
        + "}";
  }

  /**
   * Builds an {@link OllamaEmbedder}. Every setter rejects a bad value at once with an {@link
   * IllegalArgumentException} naming the field; {@link #build()} applies the environment and checks
   * combinations. Not thread-safe; the built embedder is.
   */
  public static final class Builder extends ClientBuilder<Builder> {
    private int batchSize = DEFAULT_BATCH_SIZE;
    private @Nullable Integer dimensions;
    private String queryPrefix = "";
    private String documentPrefix = "";

    private Builder() {
      super(new ConnectionOptions());
    }

    private Builder(OllamaEmbedder embedder) {
      super(ConnectionOptions.from(embedder.config));
      this.batchSize = embedder.options.batchSize();
      this.dimensions = embedder.options.dimensions();
      this.queryPrefix = embedder.options.queryPrefix();
      this.documentPrefix = embedder.options.documentPrefix();
    }

    /**
     * The embedding model, e.g. {@code nomic-embed-text} or {@code qwen3-embedding:0.6b}. Default:
     * {@code OLLAMA_EMBED_MODEL} from the environment, else {@value #DEFAULT_MODEL}.
     *
     * @param model the model name, with or without a tag
     * @return this builder
     * @throws IllegalArgumentException when blank or containing whitespace
     */
    public Builder model(String model) {
      connection.model(model);
      return this;
    }

    /**
     * Texts per {@code /api/embed} request. Default {@value #DEFAULT_BATCH_SIZE}.
     *
     * @param batchSize texts per request
     * @return this builder
     * @throws IllegalArgumentException when not between 1 and 2048
     */
    public Builder batchSize(int batchSize) {
      this.batchSize = Checks.inRange(batchSize, 1, 2048, "batchSize");
      return this;
    }

    /**
     * The vector length to ask for ({@code dimensions}); the server cuts the model's vector to it
     * and normalises again, for models trained for that (Matryoshka: nomic-embed-text v1.5,
     * qwen3-embedding). Default: not sent (the model's full length).
     *
     * @param dimensions the vector length
     * @return this builder
     * @throws IllegalArgumentException when not between 1 and 65,536
     */
    public Builder dimensions(int dimensions) {
      this.dimensions = Checks.inRange(dimensions, 1, 65_536, "dimensions");
      return this;
    }

    /**
     * Text prepended to every query, e.g. {@code "query: "}; it is part of the {@linkplain
     * #identity() identity}. Default: empty.
     *
     * @param prefix the query prefix, possibly empty
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder queryPrefix(String prefix) {
      this.queryPrefix = Checks.notNull(prefix, "queryPrefix");
      return this;
    }

    /**
     * Text prepended to every document, e.g. {@code "passage: "}. Default: empty.
     *
     * @param prefix the document prefix, possibly empty
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder documentPrefix(String prefix) {
      this.documentPrefix = Checks.notNull(prefix, "documentPrefix");
      return this;
    }

    /**
     * Both prefixes at once, e.g. {@link Prefixes#NOMIC}. Default {@link Prefixes#NONE}.
     *
     * @param prefixes the query and document prefixes
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder prefixes(Prefixes prefixes) {
      Checks.notNull(prefixes, "prefixes");
      this.queryPrefix = prefixes.query();
      this.documentPrefix = prefixes.document();
      return this;
    }

    /**
     * Resolves the environment and builds the embedder. Makes no network call.
     *
     * @return the embedder, thread-safe
     * @throws IllegalArgumentException when {@code OLLAMA_HOST} or {@code OLLAMA_EMBED_MODEL} is
     *     malformed, or {@code firstCallTimeout < readTimeout}
     */
    public OllamaEmbedder build() {
      TransportConfig config = connection.resolve(ENV_MODEL, DEFAULT_MODEL);
      OllamaEmbedder embedder =
          new OllamaEmbedder(
              config,
              new OllamaEmbedClient.EmbedOptions(
                  batchSize, dimensions, queryPrefix, documentPrefix));
      log.debug("citerag.ollama: built {}", embedder);
      return embedder;
    }
  }
}
