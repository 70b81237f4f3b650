package dev.citerag.testkit.wire;

import dev.citerag.embed.Embedder;
import dev.citerag.internal.Checks;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.fakes.internal.ReplyScript;
import dev.citerag.testkit.wire.internal.EmbeddingSource;
import dev.citerag.testkit.wire.internal.FakeHttp;
import dev.citerag.testkit.wire.internal.OllamaProtocol;
import dev.citerag.text.internal.Hashing;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * A local HTTP server speaking the Ollama REST API, for testing an Ollama adapter without Ollama.
 * Replies are scripted as answer objects ({@link Reply}); the server reads the real request, finds
 * the sources in the last user message, resolves the reply and answers in Ollama's exact shape.
 *
 * <p>Endpoints under {@link #baseUrl()}:
 *
 * <ul>
 *   <li>{@code POST /api/chat}: with {@code "stream": false} one object with {@code
 *       message.content}, {@code done_reason} ({@code stop} or {@code length}), {@code done} and
 *       the counts and nanosecond durations; with {@code stream} true or absent (Ollama's default)
 *       NDJSON chunks then a final {@code done: true} line. {@code message.thinking} appears when
 *       thinking is on (requested, or omitted on a thinking model); {@code think: true} on another
 *       model is a 400. An empty {@code messages} list answers {@code done_reason: load}.
 *   <li>{@code POST /api/embed}: {@code input} as a string or an array of strings, optional {@code
 *       dimensions} (cut and normalised again, as Ollama does); the reply echoes the requested
 *       model name. {@code POST /api/embeddings} (legacy): one {@code prompt}, a vector that is
 *       <em>not</em> normalised.
 *   <li>{@code GET /api/tags} with each model's 64-hex {@code digest}; {@code POST /api/show} with
 *       {@code model_info} and {@code capabilities}; {@code GET /api/version}.
 * </ul>
 *
 * Errors are {@code {"error": "..."}}: an unknown model is 404 {@code model 'x' not found}, a chat
 * model on the embedding endpoints (or the reverse) 400, a non-string input 400 {@code invalid
 * input type}; {@link Reply#unavailable()} is 503, {@link Reply#rateLimited} 429. {@link
 * Reply#blocked()} does not exist in Ollama and is answered with a 500 script error. Model names
 * without a tag mean {@code :latest}.
 *
 * <p>Defaults: chat model {@value #DEFAULT_CHAT_MODEL}, embedding model {@value
 * #DEFAULT_EMBEDDING_MODEL} with deterministic vectors of {@value #DEFAULT_EMBEDDING_DIMENSIONS}
 * components.
 *
 * <pre>{@code
 * try (FakeOllamaServer ollama = new FakeOllamaServer()) {
 *   ollama.onQuestion("roll back", Reply.quoting("deployctl rollback --service <name> --to <sha>"));
 *   OllamaChatModel model = OllamaChatModel.builder().baseUrl(ollama.baseUrl()).model("llama3.2").build();
 *   ...
 * }
 * }</pre>
 *
 * Thread-safe. Close it to stop the server.
 */
public final class FakeOllamaServer extends FakeServer<FakeOllamaServer> implements ChatWireFake {

  /** The chat model a new server serves. */
  public static final String DEFAULT_CHAT_MODEL = "llama3.2:latest";

  /** The embedding model a new server serves. */
  public static final String DEFAULT_EMBEDDING_MODEL = "all-minilm:latest";

  /** The vector length of {@link #DEFAULT_EMBEDDING_MODEL}. */
  public static final int DEFAULT_EMBEDDING_DIMENSIONS = 384;

  private static final Pattern DIGEST = Pattern.compile("[0-9a-f]{64}");

  private final Map<String, OllamaProtocol.Model> models = new ConcurrentHashMap<>();
  private final OllamaProtocol protocol;

  /**
   * Starts the server on a free loopback port with the default models.
   *
   * @throws java.io.UncheckedIOException when it cannot start
   */
  public FakeOllamaServer() {
    super("FakeOllamaServer", msg -> OllamaProtocol.error(500, msg));
    addChatModel(DEFAULT_CHAT_MODEL, false);
    addEmbeddingModel(DEFAULT_EMBEDDING_MODEL, DEFAULT_EMBEDDING_DIMENSIONS);
    OllamaProtocol protocol =
        new OllamaProtocol(
            new OllamaProtocol.Settings() {
              @Override
              public Map<String, OllamaProtocol.Model> models() {
                return models;
              }

              @Override
              public ReplyScript script() {
                return script;
              }
            });
    this.protocol = protocol;
  }

  // ---- script ----

  // ---- models ----

  /**
   * Adds (or replaces) a chat model.
   *
   * @param name the model name; a missing tag means {@code :latest}
   * @return this server
   * @param thinking whether it can think (then {@code think} defaults to on, as in Ollama)
   * @throws IllegalArgumentException when the name is blank
   */
  public FakeOllamaServer addChatModel(String name, boolean thinking) {
    String n = OllamaProtocol.normalize(Checks.notBlank(name, "name"));
    models.put(
        n,
        new OllamaProtocol.Model(
            n, false, thinking, defaultDigest(n), EmbeddingSource.deterministic(1)));
    return this;
  }

  /**
   * Adds (or replaces) an embedding model with deterministic vectors of {@code dimensions}.
   *
   * @param name the model name; a missing tag means {@code :latest}
   * @param dimensions the vector length
   * @return this server
   * @throws IllegalArgumentException when the name is blank or dimensions is not in 4..4096
   */
  public FakeOllamaServer addEmbeddingModel(String name, int dimensions) {
    String n = OllamaProtocol.normalize(Checks.notBlank(name, "name"));
    Checks.inRange(dimensions, 4, 4096, "dimensions");
    models.put(
        n,
        new OllamaProtocol.Model(
            n, true, false, defaultDigest(n), EmbeddingSource.deterministic(dimensions)));
    return this;
  }

  /**
   * Adds (or replaces) an embedding model whose vectors come from {@code embedder} (every input is
   * embedded as a document; Ollama has no query mode).
   *
   * @param name the model name; a missing tag means {@code :latest}
   * @param embedder makes the served vectors
   * @return this server
   * @throws IllegalArgumentException when the name is blank or the embedder null
   */
  public FakeOllamaServer addEmbeddingModel(String name, Embedder embedder) {
    String n = OllamaProtocol.normalize(Checks.notBlank(name, "name"));
    Checks.notNull(embedder, "embedder");
    models.put(
        n,
        new OllamaProtocol.Model(n, true, false, defaultDigest(n), EmbeddingSource.of(embedder)));
    return this;
  }

  /**
   * Changes a model's digest, as if it had been pulled again in a new version (to test embedding
   * identity checks).
   *
   * @param model a model this server knows
   * @param digest 64 lower-case hex characters
   * @return this server
   * @throws IllegalArgumentException when the model is unknown or the digest is not 64 lower-case
   *     hex characters
   */
  public FakeOllamaServer setDigest(String model, String digest) {
    String n = OllamaProtocol.normalize(Checks.notBlank(model, "model"));
    Checks.notNull(digest, "digest");
    if (!DIGEST.matcher(digest).matches()) {
      throw new IllegalArgumentException(
          "digest must be 64 lower-case hex characters, was \"" + digest + "\"");
    }
    OllamaProtocol.Model m = models.get(n);
    if (m == null) {
      throw new IllegalArgumentException("model \"" + model + "\" is not known to this server");
    }
    models.put(
        n, new OllamaProtocol.Model(m.name(), m.embedding(), m.thinking(), digest, m.embeddings()));
    return this;
  }

  /**
   * The digest {@code /api/tags} reports for a model.
   *
   * @param model a model this server knows
   * @return the digest, 64 lower-case hex characters
   * @throws IllegalArgumentException when the model is unknown
   */
  public String digestOf(String model) {
    OllamaProtocol.Model m = models.get(OllamaProtocol.normalize(Checks.notBlank(model, "model")));
    if (m == null) {
      throw new IllegalArgumentException("model \"" + model + "\" is not known to this server");
    }
    return m.digest();
  }

  /**
   * Removes a model, so requests for it get 404 (as before {@code ollama pull}).
   *
   * @param name the model name
   * @return this server
   */
  public FakeOllamaServer removeModel(String name) {
    models.remove(OllamaProtocol.normalize(Checks.notBlank(name, "name")));
    return this;
  }

  private static String defaultDigest(String name) {
    return Hashing.sha256Hex("fake-ollama-model", name);
  }

  // ---- records ----

  /** {@return requests to {@code /api/chat} only} */
  @Override
  public List<WireCall> chatCalls() {
    return http.calls().stream().filter(c -> c.path().equals("/api/chat")).toList();
  }

  @Override
  FakeHttp.Reply handle(FakeHttp.Request request) {
    return protocol.handle(request);
  }
}
