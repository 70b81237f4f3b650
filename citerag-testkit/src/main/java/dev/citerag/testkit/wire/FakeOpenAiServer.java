package dev.citerag.testkit.wire;

import dev.citerag.embed.Embedder;
import dev.citerag.internal.Checks;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.fakes.internal.ReplyScript;
import dev.citerag.testkit.wire.internal.EmbeddingSource;
import dev.citerag.testkit.wire.internal.FakeHttp;
import dev.citerag.testkit.wire.internal.OpenAiProtocol;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * A local HTTP server speaking the OpenAI-compatible API (Chat Completions and Embeddings, no
 * streaming), for testing an adapter without a key or network. Replies are scripted as answer
 * objects ({@link Reply}); the server reads the real request, finds the sources in the last user
 * message, resolves the reply against them and answers in OpenAI's exact shape.
 *
 * <p>Endpoints under {@link #apiBaseUrl()} ({@code baseUrl() + "/v1"}):
 *
 * <ul>
 *   <li>{@code POST /v1/chat/completions}: {@code choices[0].message.content}, {@code
 *       finish_reason}, {@code usage} with {@code prompt_tokens_details.cached_tokens} and {@code
 *       completion_tokens_details.reasoning_tokens}, and the model as a dated snapshot ({@code
 *       gpt-4o-mini} answers as {@value #DEFAULT_MODEL_SNAPSHOT}). A {@code LENGTH} reply is {@code
 *       length}; {@link Reply#blocked()} is {@code content_filter} with null content; {@code
 *       Reply.blocked("refusal")} a {@code message.refusal}; a scripted {@code OTHER} reply with
 *       provider reason {@code tool_calls} a tool call. {@link Reply#rateLimited} is a 429 {@code
 *       rate_limit_exceeded} with {@code retry-after-ms}, {@code Retry-After} and {@code
 *       x-ratelimit-*} headers ({@link #retryHints}); a permanent rate limit a 429 {@code
 *       insufficient_quota}; {@link Reply#unavailable()} a 503 {@code server_error}.
 *   <li>{@code POST /v1/embeddings}: {@code input} as a string or up to 2048 strings, {@code
 *       dimensions} (only on models that shorten), {@code encoding_format} {@code float} or {@code
 *       base64}; unit vectors, each with its {@code index} ({@link #scrambleEmbeddingOrder} sends
 *       them back to front).
 *   <li>{@code GET /v1/models}.
 * </ul>
 *
 * Requests are checked as OpenAI checks them: unknown fields, an unknown model (404 {@code
 * model_not_found}), {@code max_tokens} on a reasoning model, a strict schema that lacks {@code
 * additionalProperties: false} or lists a property outside {@code required}, {@code json_object}
 * without the word "json" in the messages are all 400s. With {@link #requireApiKey} a missing key
 * is 401 and a wrong one 401 {@code invalid_api_key} whose message echoes the start and the end of
 * the key, as OpenAI's does; without it any key or none is accepted, as on a local server.
 *
 * <pre>{@code
 * try (FakeOpenAiServer openai = new FakeOpenAiServer()) {
 *   openai.enqueue(Reply.quoting("deployctl rollback --service <name> --to <sha>"));
 *   OpenAiChatModel model = OpenAiChatModel.builder().baseUrl(openai.apiBaseUrl()).apiKey("sk-test").build();
 *   ...
 * }
 * }</pre>
 *
 * Thread-safe. Close it to stop the server.
 */
public final class FakeOpenAiServer extends FakeServer<FakeOpenAiServer> implements ChatWireFake {

  /** The chat model accepted by default. */
  public static final String DEFAULT_MODEL = "gpt-4o-mini";

  /** The id replies of {@link #DEFAULT_MODEL} carry. */
  public static final String DEFAULT_MODEL_SNAPSHOT = "gpt-4o-mini-2024-07-18";

  /**
   * A reasoning model accepted by default: it reports reasoning tokens and refuses {@code
   * max_tokens}.
   */
  public static final String REASONING_MODEL = "o4-mini";

  /** The embedding model accepted by default. */
  public static final String DEFAULT_EMBEDDING_MODEL = "text-embedding-3-small";

  /** Native length of {@link #DEFAULT_EMBEDDING_MODEL}. */
  public static final int DEFAULT_EMBEDDING_DIMENSIONS = 1536;

  /** Which retry hints a 429 carries. */
  public enum RetryHint {
    /** {@code retry-after-ms: 1500}. */
    RETRY_AFTER_MS,
    /** {@code Retry-After: 2} (whole seconds, rounded up). */
    RETRY_AFTER_SECONDS,
    /** {@code Retry-After: <HTTP-date>} (instead of seconds). */
    RETRY_AFTER_DATE,
    /**
     * {@code x-ratelimit-remaining-requests: 0}, {@code x-ratelimit-reset-requests: 1.5s} and the
     * token pair.
     */
    RATELIMIT_RESET
  }

  private final Map<String, OpenAiProtocol.ChatModel> chatModels = new ConcurrentHashMap<>();
  private final Map<String, OpenAiProtocol.EmbeddingModel> embeddingModels =
      new ConcurrentHashMap<>();
  private volatile @Nullable String requiredApiKey;
  private volatile boolean jsonSchemaSupported = true;
  private volatile boolean scramble;
  private volatile int reasoningTokens = 64;
  private volatile int cachedTokens;
  private volatile Set<OpenAiProtocol.Hint> hints =
      EnumSet.of(
          OpenAiProtocol.Hint.RETRY_AFTER_MS,
          OpenAiProtocol.Hint.RETRY_AFTER_SECONDS,
          OpenAiProtocol.Hint.RATELIMIT_RESET);
  private final OpenAiProtocol protocol;

  /**
   * Starts the server on a free loopback port with {@value #DEFAULT_MODEL}, {@value
   * #REASONING_MODEL}, {@value #DEFAULT_EMBEDDING_MODEL} (1536, shortens), {@code
   * text-embedding-3-large} (3072, shortens) and {@code text-embedding-ada-002} (1536, does not).
   *
   * @throws java.io.UncheckedIOException when it cannot start
   */
  public FakeOpenAiServer() {
    super("FakeOpenAiServer", msg -> OpenAiProtocol.error(500, msg, "server_error", null, null));
    chatModels.put(
        DEFAULT_MODEL, new OpenAiProtocol.ChatModel(DEFAULT_MODEL, DEFAULT_MODEL_SNAPSHOT, false));
    chatModels.put(
        REASONING_MODEL, new OpenAiProtocol.ChatModel(REASONING_MODEL, "o4-mini-2025-04-16", true));
    embeddingModels.put(
        DEFAULT_EMBEDDING_MODEL,
        new OpenAiProtocol.EmbeddingModel(
            DEFAULT_EMBEDDING_MODEL,
            EmbeddingSource.deterministic(DEFAULT_EMBEDDING_DIMENSIONS),
            true));
    embeddingModels.put(
        "text-embedding-3-large",
        new OpenAiProtocol.EmbeddingModel(
            "text-embedding-3-large", EmbeddingSource.deterministic(3072), true));
    embeddingModels.put(
        "text-embedding-ada-002",
        new OpenAiProtocol.EmbeddingModel(
            "text-embedding-ada-002", EmbeddingSource.deterministic(1536), false));
    OpenAiProtocol protocol =
        new OpenAiProtocol(
            new OpenAiProtocol.Settings() {
              @Override
              public Map<String, OpenAiProtocol.ChatModel> chatModels() {
                return chatModels;
              }

              @Override
              public Map<String, OpenAiProtocol.EmbeddingModel> embeddingModels() {
                return embeddingModels;
              }

              @Override
              public @Nullable String requiredApiKey() {
                return requiredApiKey;
              }

              @Override
              public boolean jsonSchemaSupported() {
                return jsonSchemaSupported;
              }

              @Override
              public boolean scrambleEmbeddingOrder() {
                return scramble;
              }

              @Override
              public int reasoningTokens() {
                return reasoningTokens;
              }

              @Override
              public int cachedTokens() {
                return cachedTokens;
              }

              @Override
              public Set<OpenAiProtocol.Hint> hints() {
                return hints;
              }

              @Override
              public ReplyScript script() {
                return script;
              }
            });
    this.protocol = protocol;
  }

  /** {@return the API root as clients configure it, {@code baseUrl() + "/v1"}} */
  public String apiBaseUrl() {
    return http.baseUrl() + "/v1";
  }

  // ---- settings ----

  /**
   * Serves another chat model, replying with {@code reported} as its id.
   *
   * @param name the model name requests use
   * @param reported the model id replies carry (providers often report a dated version)
   * @return this server
   * @param reasoning whether it is a reasoning model (reports reasoning tokens, refuses {@code
   *     max_tokens})
   * @throws IllegalArgumentException when a name is blank
   */
  public FakeOpenAiServer addChatModel(String name, String reported, boolean reasoning) {
    Checks.notBlank(name, "name");
    chatModels.put(
        name, new OpenAiProtocol.ChatModel(name, Checks.notBlank(reported, "reported"), reasoning));
    return this;
  }

  /**
   * Serves another embedding model with deterministic vectors.
   *
   * @param name the model name
   * @param dimensions the native vector length, 4 to 8192
   * @return this server
   * @param shortens whether it accepts {@code dimensions}
   * @throws IllegalArgumentException when the name is blank or dimensions not in 4..8192
   */
  public FakeOpenAiServer addEmbeddingModel(String name, int dimensions, boolean shortens) {
    Checks.notBlank(name, "name");
    Checks.inRange(dimensions, 4, 8192, "dimensions");
    embeddingModels.put(
        name,
        new OpenAiProtocol.EmbeddingModel(
            name, EmbeddingSource.deterministic(dimensions), shortens));
    return this;
  }

  /**
   * Serves an embedding model whose vectors come from {@code embedder} (as documents: the API has
   * no query mode).
   *
   * @param name the model name
   * @param embedder makes the served vectors
   * @return this server
   * @throws IllegalArgumentException when the name is blank or the embedder null
   */
  public FakeOpenAiServer addEmbeddingModel(String name, Embedder embedder) {
    Checks.notBlank(name, "name");
    embeddingModels.put(
        name,
        new OpenAiProtocol.EmbeddingModel(
            name, EmbeddingSource.of(Checks.notNull(embedder, "embedder")), true));
    return this;
  }

  /**
   * Stops serving a model (chat or embedding), so requests for it get 404 {@code model_not_found}.
   *
   * @param name a chat or embedding model name
   * @return this server
   */
  public FakeOpenAiServer removeModel(String name) {
    chatModels.remove(name);
    embeddingModels.remove(name);
    return this;
  }

  /**
   * Accepts only this key ({@code Authorization: Bearer}); another one is 401 {@code
   * invalid_api_key}, none 401. Default: any key or none.
   *
   * @param apiKey the only key accepted
   * @return this server
   * @throws IllegalArgumentException when blank
   */
  public FakeOpenAiServer requireApiKey(String apiKey) {
    this.requiredApiKey = Checks.notBlank(apiKey, "apiKey");
    return this;
  }

  /**
   * Whether {@code response_format} {@code json_schema} is accepted; false makes the server one of
   * those that know only {@code json_object} (400 otherwise). Default true.
   *
   * @param supported whether {@code json_schema} response formats are accepted
   * @return this server
   */
  public FakeOpenAiServer jsonSchemaSupported(boolean supported) {
    this.jsonSchemaSupported = supported;
    return this;
  }

  /**
   * Sends embedding batches back to front (each item keeps its true {@code index}). Default false.
   *
   * @param scramble whether batches come back in reverse order
   * @return this server
   */
  public FakeOpenAiServer scrambleEmbeddingOrder(boolean scramble) {
    this.scramble = scramble;
    return this;
  }

  /**
   * Reasoning tokens a reasoning model reports per reply. Default 64.
   *
   * @param tokens reasoning tokens per reply
   * @return this server
   * @throws IllegalArgumentException when negative
   */
  public FakeOpenAiServer reasoningTokens(int tokens) {
    this.reasoningTokens = Checks.nonNegative(tokens, "reasoningTokens");
    return this;
  }

  /**
   * Prompt tokens reported as served from the cache. Default 0.
   *
   * @param tokens cached prompt tokens per reply
   * @return this server
   * @throws IllegalArgumentException when negative
   */
  public FakeOpenAiServer cachedTokens(int tokens) {
    this.cachedTokens = Checks.nonNegative(tokens, "cachedTokens");
    return this;
  }

  /**
   * Which retry hints a 429 carries. Default {@code RETRY_AFTER_MS}, {@code RETRY_AFTER_SECONDS},
   * {@code RATELIMIT_RESET}; none at all is allowed.
   *
   * @param which the hints to send; none sends a bare 429
   * @return this server
   */
  public FakeOpenAiServer retryHints(RetryHint... which) {
    Set<OpenAiProtocol.Hint> h = EnumSet.noneOf(OpenAiProtocol.Hint.class);
    for (RetryHint w : Checks.noNullElements(Arrays.asList(which), "which")) {
      h.add(OpenAiProtocol.Hint.valueOf(w.name()));
    }
    this.hints = h;
    return this;
  }

  // ---- records ----

  /** {@return requests to {@code /v1/chat/completions} only} */
  @Override
  public List<WireCall> chatCalls() {
    return http.calls().stream().filter(c -> c.path().equals("/v1/chat/completions")).toList();
  }

  /** {@return requests to {@code /v1/embeddings} only} */
  public List<WireCall> embeddingCalls() {
    return http.calls().stream().filter(c -> c.path().equals("/v1/embeddings")).toList();
  }

  @Override
  FakeHttp.Reply handle(FakeHttp.Request request) {
    return protocol.handle(request);
  }
}
