package dev.citerag.openai;

import dev.citerag.ProviderException;
import dev.citerag.chat.ChatModel;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.http.internal.CallLog;
import dev.citerag.http.internal.Connection;
import dev.citerag.internal.Checks;
import dev.citerag.openai.internal.ChatCodec;
import dev.citerag.openai.internal.OpenAiTransport;
import dev.citerag.openai.internal.Settings;
import dev.citerag.provider.RetryPolicy;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link ChatModel} over {@code POST {base}/chat/completions}, the OpenAI-compatible Chat
 * Completions API (non-streaming). Every call sends a system and a user message and asks for the
 * request's schema as a strict structured output ({@code response_format: {"type": "json_schema",
 * "json_schema": {"name", "strict": true, "schema"}}}); the reply text is returned verbatim and the
 * pipeline's strict parser decides whether it is an answer.
 *
 * <p>Outcomes: {@code finish_reason} {@code stop} is {@link dev.citerag.chat.FinishReason#STOP},
 * {@code length} {@link dev.citerag.chat.FinishReason#LENGTH} (the pipeline rejects it as
 * truncated), {@code content_filter} {@link dev.citerag.chat.FinishReason#BLOCKED}; a {@code
 * message.refusal} is {@code BLOCKED} with provider reason {@code refusal} and no text; {@code
 * tool_calls} and unknown values are {@link dev.citerag.chat.FinishReason#OTHER}. The model id the
 * server reports (e.g. {@code gpt-4o-mini-2024-07-18}) is the response's model, and so the trace's.
 * Usage counts {@code reasoning_tokens} apart from the visible output tokens and reports {@code
 * cached_tokens}. Transport and API failures throw a typed {@link ProviderException} (provider
 * {@code openai}) after the retries of the {@link RetryPolicy}. Immutable and thread-safe.
 *
 * <pre>{@code
 * ChatModel model = OpenAiChatModel.builder()        // OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL
 *     .baseUrl("http://127.0.0.1:8000/v1")            // e.g. vLLM
 *     .model("Qwen/Qwen2.5-7B-Instruct")
 *     .build();
 * ChatResponse r = model.chat(request);
 * }</pre>
 *
 * <p>Servers that accept only {@code {"type": "json_object"}} get {@link
 * StructuredOutput#JSON_OBJECT}: the schema then goes into the system message, and the strict
 * parser still rejects anything off-schema. What it leaves out: streaming, tools, images,
 * multi-turn history, {@code n} &gt; 1, logprobs; the pipeline needs one structured answer per
 * call.
 */
public final class OpenAiChatModel implements ChatModel {
  private static final Logger log = LoggerFactory.getLogger(OpenAiChatModel.class);

  /** {@value}: used when neither {@code model(...)} nor {@code OPENAI_MODEL} names one. */
  public static final String DEFAULT_MODEL = "gpt-4o-mini";

  /** 120 s: a non-streaming reply sends nothing until the model has finished. */
  public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofMinutes(2);

  /** 120 s per attempt (the retry policy and the request's timeout bound the whole call). */
  public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofMinutes(2);

  private static final String PATH = "chat/completions";

  /** How the answer's shape is asked for. */
  public enum StructuredOutput {
    /**
     * {@code {"type":"json_schema","json_schema":{"name":"citerag_answer","strict":true,
     * "schema":...}}}: the server constrains decoding to the schema (OpenAI, vLLM, llama.cpp, LM
     * Studio, Ollama). The default.
     */
    JSON_SCHEMA,
    /**
     * {@code {"type":"json_object"}} for servers that know only JSON mode: they promise valid JSON,
     * not the shape, so the schema is written into the system message and the pipeline's strict
     * parser rejects whatever does not match it.
     */
    JSON_OBJECT
  }

  /** Which request field carries the output limit. */
  public enum TokenLimit {
    /**
     * {@code max_tokens}: what most compatible servers read; OpenAI's reasoning models refuse it.
     */
    MAX_TOKENS,
    /** {@code max_completion_tokens}: OpenAI's current field (reasoning tokens included). */
    MAX_COMPLETION_TOKENS
  }

  private final @Nullable String modelSetting;
  private final String model;
  private final StructuredOutput structuredOutput;
  private final @Nullable TokenLimit tokenLimitSetting;
  private final TokenLimit tokenLimit;
  private final @Nullable Double temperature;
  private final @Nullable Integer maxOutputTokens;
  private final Connection connection;

  private OpenAiChatModel(Builder b, Connection connection, String model) {
    this.modelSetting = b.model;
    this.model = model;
    this.structuredOutput = b.structuredOutput;
    this.tokenLimitSetting = b.tokenLimit;
    this.tokenLimit =
        b.tokenLimit != null
            ? b.tokenLimit
            : Settings.isOpenAi(connection.baseUrl())
                ? TokenLimit.MAX_COMPLETION_TOKENS
                : TokenLimit.MAX_TOKENS;
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
    Builder b = new Builder().connection(connection);
    b.model = modelSetting;
    b.structuredOutput = structuredOutput;
    b.tokenLimit = tokenLimitSetting;
    b.temperature = temperature;
    b.maxOutputTokens = maxOutputTokens;
    return b;
  }

  /**
   * One {@code chat/completions} call (with retries), bounded by {@link ChatRequest#timeout()} when
   * the request has one.
   *
   * @throws ProviderException when the API fails (after retries) or replies outside its format
   * @throws IllegalArgumentException when {@code request} is null
   */
  @Override
  public ChatResponse chat(ChatRequest request) {
    Checks.notNull(request, "request");
    byte[] body =
        ChatCodec.encode(
            request,
            model,
            structuredOutput == StructuredOutput.JSON_SCHEMA
                ? ChatCodec.Format.JSON_SCHEMA
                : ChatCodec.Format.JSON_OBJECT,
            tokenLimit == TokenLimit.MAX_COMPLETION_TOKENS,
            temperature,
            maxOutputTokens);
    long t0 = System.nanoTime();
    ChatResponse r =
        OpenAiTransport.post(
            connection,
            PATH,
            model,
            body,
            request.timeout(),
            bytes -> ChatCodec.decode(bytes, model, connection.apiKey()));
    CallLog.chat(log, OpenAiTransport.PROVIDER, PATH, r, t0);
    return r;
  }

  /** {@code openai:<model>}. */
  @Override
  public String name() {
    return OpenAiTransport.PROVIDER + ":" + model;
  }

  /** {@return the model id sent, e.g. {@code gpt-4o-mini}} */
  public String model() {
    return model;
  }

  /** {@return the resolved base URL, e.g. {@code https://api.openai.com/v1}} */
  public String baseUrl() {
    return connection.baseUrl().toString();
  }

  /** The settings, with the key masked. */
  @Override
  public String toString() {
    return "OpenAiChatModel{model="
        + model
        + ", "
        + connection
        + ", structuredOutput="
        + structuredOutput
        + ", tokenLimit="
        + tokenLimit
        + ", temperature="
        + (temperature == null ? "from request" : temperature)
        + ", maxOutputTokens="
        + (maxOutputTokens == null ? "from request" : maxOutputTokens)
        + ", sharedHttpClient="
        + connection.sharedHttpClient()
        + "}";
  }

  /**
   * Settings of an {@link OpenAiChatModel}. Setters reject bad values at once, naming the field;
   * {@link #build()} resolves the environment. Not thread-safe.
   */
  public static final class Builder extends ClientBuilder<Builder> {
    private @Nullable String model;
    private StructuredOutput structuredOutput = StructuredOutput.JSON_SCHEMA;
    private @Nullable TokenLimit tokenLimit;
    private @Nullable Double temperature;
    private @Nullable Integer maxOutputTokens;

    private Builder() {
      super(DEFAULT_READ_TIMEOUT, DEFAULT_CALL_TIMEOUT);
    }

    /**
     * The model id sent in the body, as the server names it ({@code gpt-4o-mini}, {@code
     * meta-llama/Llama-3.1-8B-Instruct}, {@code llama3.2:latest}). Default: the environment
     * variable {@code OPENAI_MODEL}, else {@value #DEFAULT_MODEL}.
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
     * How the answer's shape is asked for. Default {@link StructuredOutput#JSON_SCHEMA}.
     *
     * @param structuredOutput the response format to ask for
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder structuredOutput(StructuredOutput structuredOutput) {
      this.structuredOutput = Checks.notNull(structuredOutput, "structuredOutput");
      return this;
    }

    /**
     * Which field carries the output limit. Default: {@link TokenLimit#MAX_COMPLETION_TOKENS} for
     * {@code api.openai.com}, {@link TokenLimit#MAX_TOKENS} for any other server.
     *
     * @param tokenLimit the body field of the output limit
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder tokenLimit(TokenLimit tokenLimit) {
      this.tokenLimit = Checks.notNull(tokenLimit, "tokenLimit");
      return this;
    }

    /**
     * Sampling temperature sent instead of the request's. Default null: the request's value is sent
     * (the pipeline sends 0).
     *
     * @param temperature 0 to 2, or {@code null} to send the request's
     * @return this builder
     * @throws IllegalArgumentException when not between 0 and 2
     */
    public Builder temperature(@Nullable Double temperature) {
      if (temperature != null) {
        Checks.inRange(temperature, 0.0, 2.0, "temperature");
      }
      this.temperature = temperature;
      return this;
    }

    /**
     * Output token limit sent instead of the request's; on reasoning models it includes reasoning
     * tokens. Default null: the request's value is sent.
     *
     * @param maxOutputTokens the limit in tokens, or {@code null} to send the request's
     * @return this builder
     * @throws IllegalArgumentException when not &gt; 0
     */
    public Builder maxOutputTokens(@Nullable Integer maxOutputTokens) {
      if (maxOutputTokens != null) {
        Checks.positive(maxOutputTokens, "maxOutputTokens");
      }
      this.maxOutputTokens = maxOutputTokens;
      return this;
    }

    /**
     * An immutable, thread-safe model.
     *
     * @return the model
     * @throws IllegalStateException when no API key is set for {@code api.openai.com} (naming
     *     {@code OPENAI_API_KEY})
     * @throws IllegalArgumentException when settings contradict each other or {@code
     *     OPENAI_BASE_URL} / {@code OPENAI_MODEL} is not valid
     */
    public OpenAiChatModel build() {
      Connection c = connect();
      String resolved = Settings.model(model, settings(), Settings.ENV_MODEL, DEFAULT_MODEL);
      OpenAiChatModel m = new OpenAiChatModel(this, c, resolved);
      log.debug("citerag.openai: configured {}", m);
      return m;
    }
  }
}
