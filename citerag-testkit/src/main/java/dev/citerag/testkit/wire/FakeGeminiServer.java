package dev.citerag.testkit.wire;

import dev.citerag.embed.Embedder;
import dev.citerag.internal.Checks;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.fakes.internal.ReplyScript;
import dev.citerag.testkit.wire.internal.EmbeddingSource;
import dev.citerag.testkit.wire.internal.FakeHttp;
import dev.citerag.testkit.wire.internal.GeminiProtocol;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import org.jspecify.annotations.Nullable;

/**
 * A local HTTP server speaking the Gemini Developer API (v1beta) wire format, for testing a Gemini
 * adapter without a key or network. Replies are scripted as answer objects ({@link Reply}), not raw
 * JSON: the server reads the real request body, finds the sources in the user turn, resolves the
 * reply against them and answers in Gemini's exact shape.
 *
 * <p>Endpoints under {@link #baseUrl()}:
 *
 * <ul>
 *   <li>{@code POST /v1beta/models/{model}:generateContent}: {@code
 *       candidates[].content.parts[].text}, {@code finishReason}, {@code usageMetadata} (zero
 *       counts omitted, {@code thoughtsTokenCount} when set), {@code modelVersion}, {@code
 *       responseId}. A {@code LENGTH} reply becomes {@code MAX_TOKENS} (with no {@code parts} when
 *       its text is empty: thinking used the budget); {@link Reply#blocked()} a {@code SAFETY}
 *       candidate with safety ratings; {@link Reply#promptBlocked} a {@code
 *       promptFeedback.blockReason} without candidates; {@link Reply#rateLimited} a 429 {@code
 *       RESOURCE_EXHAUSTED} with {@code QuotaFailure}, {@code Help} and {@code
 *       RetryInfo.retryDelay}; {@link Reply#unavailable()} a 503 {@code UNAVAILABLE}; other
 *       failures the status their exception carries. With {@code thinkingConfig.includeThoughts} a
 *       thought part precedes the answer.
 *   <li>{@code POST /v1beta/models/{model}:embedContent} and {@code :batchEmbedContents} (at most
 *       100 requests, each naming the URL's model): vectors from {@link #embedder} (queries for the
 *       {@code RETRIEVAL_QUERY}-like task types), 3072 components by default; a shorter {@code
 *       outputDimensionality} gives a prefix that is not unit length, as the real API does.
 * </ul>
 *
 * Requests are checked as the real API checks them: a missing key is 403 {@code PERMISSION_DENIED},
 * a wrong one ({@link #requireApiKey}) 400 {@code API_KEY_INVALID}; an unknown model 404; unknown
 * fields, both schema fields, a schema without {@code application/json}, a role other than {@code
 * user}/{@code model} are 400 {@code INVALID_ARGUMENT}. When the script has no reply, or cannot be
 * applied to the sources, the server answers 500 {@code INTERNAL} and records the reason ({@link
 * WireCall#scriptError()}).
 *
 * <pre>{@code
 * try (FakeGeminiServer gemini = new FakeGeminiServer()) {
 *   gemini.enqueue(Reply.quoting("deployctl rollback --service <name> --to <sha>"));
 *   GeminiChatModel model = GeminiChatModel.builder().baseUrl(gemini.apiBaseUrl()).apiKey("test-key").build();
 *   ...
 *   assertThat(gemini.lastCall().header("x-goog-api-key")).contains("test-key");
 * }
 * }</pre>
 *
 * Thread-safe. Close it to stop the server.
 */
public final class FakeGeminiServer extends FakeServer<FakeGeminiServer> implements ChatWireFake {

  /** The chat model accepted by default (others: {@link #addModel}). */
  public static final String DEFAULT_MODEL = "gemini-2.5-flash";

  /** The embedding model accepted by default. */
  public static final String DEFAULT_EMBEDDING_MODEL = "gemini-embedding-001";

  /** Native length of the default embeddings, as {@code gemini-embedding-001}. */
  public static final int NATIVE_DIMENSIONS = 3072;

  private final Set<String> chatModels =
      new CopyOnWriteArraySet<>(Set.of(DEFAULT_MODEL, "gemini-2.5-pro", "gemini-2.5-flash-lite"));
  private final Set<String> embeddingModels =
      new CopyOnWriteArraySet<>(Set.of(DEFAULT_EMBEDDING_MODEL));
  private volatile @Nullable String requiredApiKey;
  private volatile EmbeddingSource embeddings = EmbeddingSource.deterministic(NATIVE_DIMENSIONS);
  private volatile int thoughtsTokens;
  private final GeminiProtocol protocol;

  /**
   * Starts the server on a free loopback port.
   *
   * @throws java.io.UncheckedIOException when it cannot start
   */
  public FakeGeminiServer() {
    super("FakeGeminiServer", msg -> GeminiProtocol.error(500, "INTERNAL", msg));
    GeminiProtocol protocol =
        new GeminiProtocol(
            new GeminiProtocol.Settings() {
              @Override
              public Set<String> chatModels() {
                return chatModels;
              }

              @Override
              public Set<String> embeddingModels() {
                return embeddingModels;
              }

              @Override
              public @Nullable String requiredApiKey() {
                return requiredApiKey;
              }

              @Override
              public EmbeddingSource embeddings() {
                return embeddings;
              }

              @Override
              public int thoughtsTokens() {
                return thoughtsTokens;
              }

              @Override
              public ReplyScript script() {
                return script;
              }
            });
    this.protocol = protocol;
  }

  /**
   * The API root as Gemini clients configure it, {@code baseUrl() + "/v1beta"} (the real one is
   * {@code https://generativelanguage.googleapis.com/v1beta}).
   *
   * @return the API root to configure a Gemini client with
   */
  public String apiBaseUrl() {
    return http.baseUrl() + "/v1beta";
  }

  // ---- settings ----

  /**
   * Accepts another chat model name in generateContent URLs.
   *
   * @param model a model name, e.g. {@code gemini-2.5-pro}
   * @return this server
   * @throws IllegalArgumentException when blank
   */
  public FakeGeminiServer addModel(String model) {
    chatModels.add(Checks.notBlank(model, "model"));
    return this;
  }

  /**
   * Accepts another embedding model name.
   *
   * @param model a model name
   * @return this server
   * @throws IllegalArgumentException when blank
   */
  public FakeGeminiServer addEmbeddingModel(String model) {
    embeddingModels.add(Checks.notBlank(model, "model"));
    return this;
  }

  /**
   * Accepts only this API key (header {@code x-goog-api-key} or query {@code key}); a different key
   * gets 400 {@code API_KEY_INVALID}. Default: any non-empty key; a missing key is always 403.
   *
   * @param apiKey the only key accepted
   * @return this server
   * @throws IllegalArgumentException when blank
   */
  public FakeGeminiServer requireApiKey(String apiKey) {
    this.requiredApiKey = Checks.notBlank(apiKey, "apiKey");
    return this;
  }

  /**
   * Serves embeddings from this embedder (its length is the native length; shorter requested
   * lengths are cut from it); default: deterministic vectors of {@value #NATIVE_DIMENSIONS}.
   *
   * @param embedder makes the served vectors
   * @return this server
   */
  public FakeGeminiServer embedder(Embedder embedder) {
    this.embeddings = EmbeddingSource.of(Checks.notNull(embedder, "embedder"));
    return this;
  }

  /**
   * Reports this many reasoning tokens ({@code thoughtsTokenCount}) on every reply; default 0
   * (omitted, as the API omits zero counts).
   *
   * @param tokens reasoning tokens per reply
   * @return this server
   * @throws IllegalArgumentException when negative
   */
  public FakeGeminiServer thoughtsTokens(int tokens) {
    this.thoughtsTokens = Checks.nonNegative(tokens, "thoughtsTokens");
    return this;
  }

  // ---- records ----

  /** {@return requests to generateContent only} */
  @Override
  public List<WireCall> chatCalls() {
    return http.calls().stream().filter(c -> c.path().endsWith(":generateContent")).toList();
  }

  @Override
  FakeHttp.Reply handle(FakeHttp.Request request) {
    return protocol.handle(request);
  }
}
