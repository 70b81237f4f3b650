package dev.citerag.anthropic;

import dev.citerag.ProviderException;
import dev.citerag.anthropic.internal.AnthropicTransport;
import dev.citerag.anthropic.internal.MessagesCodec;
import dev.citerag.anthropic.internal.Settings;
import dev.citerag.chat.ChatModel;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.http.internal.CallLog;
import dev.citerag.http.internal.Connection;
import dev.citerag.http.internal.ConnectionSettings;
import dev.citerag.internal.Checks;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.provider.internal.Retrier;
import java.time.Duration;
import java.util.Map;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Claude over {@code POST {base}/v1/messages}, the Anthropic Messages API (non-streaming), on
 * OkHttp with no vendor SDK. The key travels in {@code x-api-key}, every request names {@code
 * anthropic-version: 2023-06-01}.
 *
 * <p>Two ways to answer:
 *
 * <ul>
 *   <li>{@link #answerGenerator()}, by default Claude's <b>native citations</b>: each sent source
 *       is a plain-text document with citations enabled, and the reply's cited text blocks become
 *       the claims, each {@code cited_text} a quote, which citerag checks like any model's (the
 *       offsets Claude gives must hold its {@code cited_text}; the quote must be a token-bounded
 *       excerpt of the chunk; the claim must be supported). Uncited text that states anything fails
 *       the answer; a reply of exactly {@code NOT_IN_SOURCES} is the abstention.
 *   <li>{@link #chat(ChatRequest)}, the {@link ChatModel} contract: the answer contract's JSON,
 *       asked for as a structured output ({@code output_config.format}) or through a forced tool
 *       ({@link StructuredOutput}). {@link AnswerGenerator#of(ChatModel)} uses it, and so does
 *       {@link #answerGenerator()} with {@link Citations#JSON_SCHEMA}.
 * </ul>
 *
 * <pre>{@code
 * AnthropicChatModel claude = AnthropicChatModel.builder()   // ANTHROPIC_API_KEY, ANTHROPIC_MODEL
 *     .model("claude-sonnet-4-5")
 *     .build();
 * RagPipeline rag = RagPipeline.builder().embedder(embedder).store(store)
 *     .generator(claude.answerGenerator())                     // native citations, re-verified
 *     .build();
 * }</pre>
 *
 * <p>Outcomes: {@code stop_reason} {@code end_turn} and {@code stop_sequence} are {@link
 * dev.citerag.chat.FinishReason#STOP}; {@code max_tokens} {@link
 * dev.citerag.chat.FinishReason#LENGTH} (rejected as truncated); {@code refusal} {@link
 * dev.citerag.chat.FinishReason#BLOCKED} with no text; others {@link
 * dev.citerag.chat.FinishReason#OTHER}. Usage counts the prompt tokens read from and written to the
 * cache as input and the ones read as cached. Failures throw a typed {@link ProviderException}
 * (provider {@code anthropic}) after the retries of the {@link RetryPolicy}: 401 and 403 are
 * permanent and name the error type; 429 waits for {@code retry-after}; 529 (overloaded) and 5xx
 * are retried within the deadline. Immutable and thread-safe.
 */
public final class AnthropicChatModel implements ChatModel {
  private static final Logger log = LoggerFactory.getLogger(AnthropicChatModel.class);

  /** {@value}: used when neither {@code model(...)} nor {@code ANTHROPIC_MODEL} names one. */
  public static final String DEFAULT_MODEL = "claude-sonnet-4-5";

  /** 120 s: a non-streaming reply sends nothing until the model has finished. */
  public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofMinutes(2);

  /** 120 s per attempt (the retry policy and the request's timeout bound the whole call). */
  public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofMinutes(2);

  private static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

  /** How {@link #answerGenerator()} gets its citations. */
  public enum Citations {
    /**
     * Claude's own citations: sources sent as documents with citations enabled, cited text blocks
     * mapped to claims and quotes, then validated. The default.
     */
    NATIVE,
    /** The answer contract's JSON through {@link #chat(ChatRequest)}, as for other adapters. */
    JSON_SCHEMA
  }

  /** How {@link #chat(ChatRequest)} asks for the answer contract's JSON. */
  public enum StructuredOutput {
    /**
     * {@code output_config: {format: {type: json_schema, schema}}}: decoding constrained to the
     * schema. The default.
     */
    OUTPUT_FORMAT,
    /**
     * A tool whose {@code input_schema} is the schema, forced with {@code tool_choice}; the reply
     * is the tool call's input. For models without structured outputs.
     */
    TOOL
  }

  private final @Nullable String modelSetting;
  private final String model;
  private final Citations citations;
  private final StructuredOutput structuredOutput;
  private final @Nullable Double temperature;
  private final @Nullable Integer maxOutputTokens;
  private final Connection connection;

  private AnthropicChatModel(Builder b, Connection connection, String model) {
    this.modelSetting = b.model;
    this.model = model;
    this.citations = b.citations;
    this.structuredOutput = b.structuredOutput;
    this.temperature = b.temperature;
    this.maxOutputTokens = b.maxOutputTokens;
    this.connection = connection;
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

  /**
   * A builder holding this model's settings (key, base URL and model as given: explicit or from the
   * environment).
   *
   * @return a new builder; this model is not affected
   */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.settings = connection.settings().copy();
    b.model = modelSetting;
    b.citations = citations;
    b.structuredOutput = structuredOutput;
    b.temperature = temperature;
    b.maxOutputTokens = maxOutputTokens;
    return b;
  }

  /**
   * The generator a pipeline answers with: Claude's native citations, re-verified by citerag
   * ({@link Citations#NATIVE}, the default), or {@link AnswerGenerator#of(ChatModel)} over this
   * model ({@link Citations#JSON_SCHEMA}). Either way at most {@code maxOutputTokens} (default
   * {@value AnswerGenerator#DEFAULT_MAX_OUTPUT_TOKENS}) output tokens per call.
   *
   * @return the generator, thread-safe
   */
  public AnswerGenerator answerGenerator() {
    int limit =
        maxOutputTokens != null ? maxOutputTokens : AnswerGenerator.DEFAULT_MAX_OUTPUT_TOKENS;
    return citations == Citations.NATIVE
        ? new NativeCitationsGenerator(this, limit)
        : AnswerGenerator.of(this, limit);
  }

  /**
   * One {@code /v1/messages} call (with retries) for the answer contract's JSON, bounded by {@link
   * ChatRequest#timeout()} when the request has one.
   *
   * @throws ProviderException when the API fails (after retries) or replies outside its format
   * @throws IllegalArgumentException when {@code request} is null
   */
  @Override
  public ChatResponse chat(ChatRequest request) {
    Checks.notNull(request, "request");
    MessagesCodec.JsonMode mode =
        structuredOutput == StructuredOutput.TOOL
            ? MessagesCodec.JsonMode.TOOL
            : MessagesCodec.JsonMode.OUTPUT_FORMAT;
    byte[] body = MessagesCodec.encodeJson(request, model, mode, temperature, maxOutputTokens);
    long t0 = System.nanoTime();
    ChatResponse r =
        AnthropicTransport.post(
            connection,
            model,
            body,
            request.timeout(),
            bytes ->
                MessagesCodec.toChatResponse(
                    MessagesCodec.decode(bytes, model, connection.apiKey()), mode));
    CallLog.chat(log, AnthropicTransport.PROVIDER, AnthropicTransport.PATH, r, t0);
    return r;
  }

  /** One native-citations call: the decoded reply. */
  MessagesCodec.Decoded send(byte[] body, @Nullable Duration timeout) {
    return AnthropicTransport.post(
        connection,
        model,
        body,
        timeout,
        bytes -> MessagesCodec.decode(bytes, model, connection.apiKey()));
  }

  /** The temperature sent in native mode: the configured one, else 0. */
  double nativeTemperature() {
    return temperature != null ? temperature : 0.0;
  }

  /** {@code anthropic:<model>}. */
  @Override
  public String name() {
    return AnthropicTransport.PROVIDER + ":" + model;
  }

  /** {@return the model id sent, e.g. {@code claude-sonnet-4-5}} */
  public String model() {
    return model;
  }

  /** {@return the resolved base URL, e.g. {@code https://api.anthropic.com}} */
  public String baseUrl() {
    return connection.baseUrl().toString();
  }

  /** The settings, with the key masked. */
  @Override
  public String toString() {
    return "AnthropicChatModel{model="
        + model
        + ", "
        + connection
        + ", citations="
        + citations
        + ", structuredOutput="
        + structuredOutput
        + ", temperature="
        + (temperature == null ? "from request" : temperature)
        + ", maxOutputTokens="
        + (maxOutputTokens == null ? "from request" : maxOutputTokens)
        + ", sharedHttpClient="
        + connection.sharedHttpClient()
        + "}";
  }

  /**
   * Settings of an {@link AnthropicChatModel}. Setters reject bad values at once, naming the field;
   * {@link #build()} resolves the environment. Not thread-safe.
   */
  public static final class Builder {
    private ConnectionSettings settings =
        new ConnectionSettings(DEFAULT_CONNECT_TIMEOUT, DEFAULT_READ_TIMEOUT, DEFAULT_CALL_TIMEOUT);
    private @Nullable String model;
    private Citations citations = Citations.NATIVE;
    private StructuredOutput structuredOutput = StructuredOutput.OUTPUT_FORMAT;
    private @Nullable Double temperature;
    private @Nullable Integer maxOutputTokens;

    private Builder() {}

    /**
     * The API key, sent only as {@code x-api-key}. Default: the environment variable {@code
     * ANTHROPIC_API_KEY}; {@code build()} fails when neither is set.
     *
     * @param apiKey the key; never logged or shown by {@code toString()}
     * @return this builder
     * @throws IllegalArgumentException when blank or not visible ASCII (the message never shows it)
     */
    public Builder apiKey(String apiKey) {
      settings.apiKey(apiKey);
      return this;
    }

    /**
     * Where {@code build()} looks up {@code ANTHROPIC_API_KEY}, {@code ANTHROPIC_BASE_URL} and
     * {@code ANTHROPIC_MODEL}. Default: {@link System#getenv()}. Tests pass a map so that they
     * never read the real environment.
     *
     * @param environment variable name to value
     * @return this builder
     * @throws IllegalArgumentException when null or holding a null key or value
     */
    public Builder environment(Map<String, String> environment) {
      settings.environment(environment);
      return this;
    }

    /**
     * The API root, the part before {@code /v1/messages}. Default: the environment variable {@code
     * ANTHROPIC_BASE_URL}, else {@value dev.citerag.anthropic.internal.Settings#DEFAULT_BASE_URL}.
     *
     * @param baseUrl the API root, http or https
     * @return this builder
     * @throws IllegalArgumentException when not an http(s) URL, or it has user info, a query or a
     *     fragment
     */
    public Builder baseUrl(String baseUrl) {
      settings.baseUrl(Settings.parseBaseUrl(baseUrl, "baseUrl"));
      return this;
    }

    /**
     * The model id ({@code claude-sonnet-4-5}, {@code claude-haiku-4-5}, ...). Default: the
     * environment variable {@code ANTHROPIC_MODEL}, else {@value #DEFAULT_MODEL}.
     *
     * @param model the model id
     * @return this builder
     * @throws IllegalArgumentException when not a model id (1 to 128 letters, digits, '.', '_',
     *     ':', '@' or '-')
     */
    public Builder model(String model) {
      this.model = Settings.model(model, "model");
      return this;
    }

    /**
     * How {@link AnthropicChatModel#answerGenerator()} gets citations. Default {@link
     * Citations#NATIVE}.
     *
     * @param citations native citations or the answer contract's JSON
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder citations(Citations citations) {
      this.citations = Checks.notNull(citations, "citations");
      return this;
    }

    /**
     * How {@link AnthropicChatModel#chat(ChatRequest)} asks for JSON. Default {@link
     * StructuredOutput#OUTPUT_FORMAT}.
     *
     * @param structuredOutput structured output or a forced tool
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder structuredOutput(StructuredOutput structuredOutput) {
      this.structuredOutput = Checks.notNull(structuredOutput, "structuredOutput");
      return this;
    }

    /**
     * Sampling temperature sent instead of the request's. Default null: the request's value (the
     * pipeline sends 0), and 0 in native-citations mode.
     *
     * @param temperature 0 to 1 (the API's range), or {@code null} for the default
     * @return this builder
     * @throws IllegalArgumentException when not between 0 and 1
     */
    public Builder temperature(@Nullable Double temperature) {
      if (temperature != null) {
        Checks.inRange(temperature, 0.0, 1.0, "temperature");
      }
      this.temperature = temperature;
      return this;
    }

    /**
     * The {@code max_tokens} sent instead of the request's. Default null: the request's value, and
     * {@value AnswerGenerator#DEFAULT_MAX_OUTPUT_TOKENS} for {@link
     * AnthropicChatModel#answerGenerator()}.
     *
     * @param maxOutputTokens 1 to 65536, or {@code null} for the default
     * @return this builder
     * @throws IllegalArgumentException when not in 1 to 65536
     */
    public Builder maxOutputTokens(@Nullable Integer maxOutputTokens) {
      if (maxOutputTokens != null) {
        Checks.inRange(maxOutputTokens, 1, 65_536, "maxOutputTokens");
      }
      this.maxOutputTokens = maxOutputTokens;
      return this;
    }

    /**
     * TCP/TLS connect timeout. Default 10 s.
     *
     * @param connectTimeout the bound per attempt
     * @return this builder
     * @throws IllegalArgumentException when null, zero or negative
     */
    public Builder connectTimeout(Duration connectTimeout) {
      settings.connectTimeout(connectTimeout);
      return this;
    }

    /**
     * Longest silence while waiting for reply bytes. Default 120 s.
     *
     * @param readTimeout the bound per attempt
     * @return this builder
     * @throws IllegalArgumentException when null, zero or negative
     */
    public Builder readTimeout(Duration readTimeout) {
      settings.readTimeout(readTimeout);
      return this;
    }

    /**
     * Bound on one HTTP attempt, from connecting to reading the last byte. Default 120 s. The retry
     * policy's total timeout and a request's own timeout bound the whole call.
     *
     * @param callTimeout the bound on one attempt
     * @return this builder
     * @throws IllegalArgumentException when null, zero or negative
     */
    public Builder callTimeout(Duration callTimeout) {
      settings.callTimeout(callTimeout);
      return this;
    }

    /**
     * How transient failures (408, 409, 429, 500, 529 overloaded, other 5xx, timeouts, dropped
     * connections) are retried, never sooner than the server's {@code retry-after}. Default {@link
     * RetryPolicy#DEFAULT}; {@link RetryPolicy#NONE} turns retries off. 400, 401, 403, 404, a spend
     * limit and a refused connection are never retried.
     *
     * @param retryPolicy attempts, backoff and total time
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder retryPolicy(RetryPolicy retryPolicy) {
      settings.retryPolicy(retryPolicy);
      return this;
    }

    /** Test hook: how the retrier waits between attempts. Default {@link Retrier.Sleeper#REAL}. */
    Builder retrySleeper(Retrier.Sleeper sleeper) {
      settings.retrySleeper(sleeper);
      return this;
    }

    /**
     * A client whose connection pool and dispatcher to share. Default null: a client of its own.
     * The timeouts above are applied to a derived client, and redirects are not followed. Do not
     * give a client with an interceptor that logs headers unless it redacts {@code x-api-key}.
     *
     * @param httpClient the client to derive from, or {@code null} for a private one; it is not
     *     closed
     * @return this builder
     */
    public Builder httpClient(@Nullable OkHttpClient httpClient) {
      settings.httpClient(httpClient);
      return this;
    }

    /**
     * An immutable, thread-safe model.
     *
     * @return the model
     * @throws IllegalStateException when no API key is set (naming {@code ANTHROPIC_API_KEY})
     * @throws IllegalArgumentException when settings contradict each other or {@code
     *     ANTHROPIC_BASE_URL} / {@code ANTHROPIC_MODEL} is not valid
     */
    public AnthropicChatModel build() {
      Connection c = AnthropicTransport.connect(settings);
      String resolved = Settings.model(model, settings, DEFAULT_MODEL);
      AnthropicChatModel m = new AnthropicChatModel(this, c, resolved);
      log.debug("citerag.anthropic: configured {}", m);
      return m;
    }
  }
}
