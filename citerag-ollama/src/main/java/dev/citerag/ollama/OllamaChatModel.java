package dev.citerag.ollama;

import dev.citerag.chat.ChatModel;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.internal.Checks;
import dev.citerag.ollama.internal.ConnectionOptions;
import dev.citerag.ollama.internal.OllamaChatClient;
import dev.citerag.ollama.internal.OllamaTransport;
import dev.citerag.ollama.internal.TransportConfig;
import dev.citerag.provider.RetryPolicy;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link ChatModel} over Ollama's {@code POST /api/chat}: one non-streamed call per request, with
 * the request's JSON schema as {@code format}, thinking switched off explicitly, and the reply text
 * returned verbatim (the pipeline parses and validates it). Immutable and thread-safe.
 *
 * <pre>{@code
 * ChatModel model = OllamaChatModel.builder()
 *     .model("llama3.2")                       // default: $OLLAMA_MODEL, else llama3.2
 *     .baseUrl("http://127.0.0.1:11434")       // default: $OLLAMA_HOST, else this
 *     .numCtx(8192)
 *     .build();
 * ChatResponse reply = model.chat(request);
 * }</pre>
 *
 * <p>Failures are {@link dev.citerag.ProviderException}s with provider {@code ollama}: HTTP 400 is
 * {@code BAD_REQUEST}; 404 is {@code NOT_FOUND} and names the model to {@code ollama pull}; 401/403
 * {@code AUTH}; 429 {@code RATE_LIMITED} (its {@code Retry-After} honoured); 500/502/503 {@code
 * UNAVAILABLE}; a refused connection {@code CONNECTION} ("Ollama is not reachable at ..."); an
 * expired bound {@code TIMEOUT}. The transient ones are retried under the {@link RetryPolicy}; a
 * request's {@link ChatRequest#timeout()} bounds the whole call, retries included. An {@code
 * {"error": ...}} line appended to a reply that had started (status 200) is also a failure.
 *
 * <p>Left out: {@code top_k}, {@code top_p}, stop sequences and other sampling knobs (the pipeline
 * asks for temperature 0 and a schema, which make them moot), tools, images and streaming.
 */
public final class OllamaChatModel implements ChatModel {
  private static final Logger log = LoggerFactory.getLogger(OllamaChatModel.class);

  /** The model used when neither the builder nor {@code OLLAMA_MODEL} names one. */
  public static final String DEFAULT_MODEL = "llama3.2";

  /** The environment variable naming the default chat model. */
  public static final String ENV_MODEL = "OLLAMA_MODEL";

  private static final Set<String> THINK_LEVELS = Set.of("low", "medium", "high", "max");

  private final TransportConfig config;
  private final OllamaChatClient.ChatOptions options;
  private final OllamaChatClient client;

  private OllamaChatModel(TransportConfig config, OllamaChatClient.ChatOptions options) {
    this.config = config;
    this.options = options;
    this.client = new OllamaChatClient(new OllamaTransport(config), options);
  }

  /** {@return a builder with every default in place} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder holding this model's effective settings (base URL and model resolved)} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Sends {@code request} to {@code /api/chat} and returns the visible reply.
   *
   * @throws IllegalArgumentException when {@code request} is null
   * @throws dev.citerag.ProviderException when Ollama fails (after retries)
   */
  @Override
  public ChatResponse chat(ChatRequest request) {
    Checks.notNull(request, "request");
    return client.chat(request);
  }

  /** {@code ollama:<model>}. */
  @Override
  public String name() {
    return "ollama:" + config.model();
  }

  /** {@return the model name as configured, e.g. {@code llama3.2}} */
  public String model() {
    return config.model();
  }

  /** {@return the server's base URL, e.g. {@code http://127.0.0.1:11434}} */
  public String baseUrl() {
    return config.displayUrl();
  }

  /** {@return the temperature sent instead of the request's, when one was configured} */
  public Optional<Double> temperature() {
    return Optional.ofNullable(options.temperature());
  }

  /** {@return the context window configured, when one was} */
  public OptionalInt numCtx() {
    return options.numCtx() == null ? OptionalInt.empty() : OptionalInt.of(options.numCtx());
  }

  @Override
  public String toString() {
    return "OllamaChatModel{"
        + config
        + ", temperature="
        + options.temperature()
        + ", seed="
        + options.seed()
        + ", numCtx="
        + options.numCtx()
        + ", think="
        + options.think()
        + "}";
  }

  /**
   * Builds an {@link OllamaChatModel}. Every setter rejects a bad value at once with an {@link
   * IllegalArgumentException} naming the field; {@link #build()} applies the environment and checks
   * combinations. Not thread-safe; the built model is.
   */
  public static final class Builder extends ClientBuilder<Builder> {
    private @Nullable Double temperature;
    private @Nullable Integer seed;
    private @Nullable Integer numCtx;
    private Object think = false;

    private Builder() {
      super(new ConnectionOptions());
    }

    private Builder(OllamaChatModel model) {
      super(ConnectionOptions.from(model.config));
      this.temperature = model.options.temperature();
      this.seed = model.options.seed();
      this.numCtx = model.options.numCtx();
      this.think = model.options.think();
    }

    /**
     * The model, e.g. {@code llama3.2} or {@code qwen3:8b}. Default: {@code OLLAMA_MODEL} from the
     * environment, else {@value #DEFAULT_MODEL}.
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
     * Sampling temperature sent instead of the request's. Default: the request's value (the
     * pipeline sends 0).
     *
     * @param temperature 0 to 2
     * @return this builder
     * @throws IllegalArgumentException when not between 0 and 2
     */
    public Builder temperature(double temperature) {
      this.temperature = Checks.inRange(temperature, 0.0, 2.0, "temperature");
      return this;
    }

    /**
     * Sampling seed, for repeatable replies. Default: not sent (the server picks one).
     *
     * @param seed the seed
     * @return this builder
     */
    public Builder seed(int seed) {
      this.seed = seed;
      return this;
    }

    /**
     * Context window in tokens ({@code options.num_ctx}); the prompt with its sources must fit.
     * Default: not sent (the model's or server's default, often 2048 to 4096).
     *
     * @param numCtx the context window, in tokens
     * @return this builder
     * @throws IllegalArgumentException when not between 1 and 2,097,152
     */
    public Builder numCtx(int numCtx) {
      this.numCtx = Checks.inRange(numCtx, 1, 2_097_152, "numCtx");
      return this;
    }

    /**
     * Whether a thinking model reasons before it answers. Default {@code false}, always sent:
     * Ollama turns thinking on by itself for models that can think when the field is missing. A
     * model that cannot think answers {@code true} with HTTP 400. The reasoning text is never
     * returned either way.
     *
     * @param think whether to think
     * @return this builder
     */
    public Builder think(boolean think) {
      this.think = think;
      return this;
    }

    /**
     * Thinking at a level, for models that take one (GPT-OSS ignores booleans). Replaces {@link
     * #think(boolean)}.
     *
     * @param level {@code low}, {@code medium}, {@code high} or {@code max}
     * @return this builder
     * @throws IllegalArgumentException unless one of {@code low}, {@code medium}, {@code high},
     *     {@code max}
     */
    public Builder thinkLevel(String level) {
      Checks.notNull(level, "thinkLevel");
      if (!THINK_LEVELS.contains(level)) {
        throw new IllegalArgumentException(
            "thinkLevel must be one of low, medium, high, max, was \"" + level + "\"");
      }
      this.think = level;
      return this;
    }

    /**
     * Resolves the environment and builds the model. Makes no network call.
     *
     * @return the model, thread-safe
     * @throws IllegalArgumentException when {@code OLLAMA_HOST} or {@code OLLAMA_MODEL} is
     *     malformed, or {@code firstCallTimeout < readTimeout}
     */
    public OllamaChatModel build() {
      TransportConfig config = connection.resolve(ENV_MODEL, DEFAULT_MODEL);
      OllamaChatModel model =
          new OllamaChatModel(
              config, new OllamaChatClient.ChatOptions(temperature, seed, numCtx, think));
      log.debug("citerag.ollama: built {}", model);
      return model;
    }
  }
}
