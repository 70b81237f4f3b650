package dev.citerag.gemini;

import dev.citerag.ProviderException;
import dev.citerag.chat.ChatModel;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.TokenUsage;
import dev.citerag.gemini.internal.ChatCodec;
import dev.citerag.gemini.internal.GeminiTransport;
import dev.citerag.gemini.internal.Secrets;
import dev.citerag.gemini.internal.Settings;
import dev.citerag.internal.Checks;
import dev.citerag.provider.Retrier;
import dev.citerag.provider.RetryPolicy;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link ChatModel} over Gemini's {@code models/{model}:generateContent} (REST, {@code v1beta}).
 * Every call asks for JSON ({@code responseMimeType: application/json}) matching the request's
 * schema ({@code responseJsonSchema}); the reply text is returned verbatim. Blocked and truncated
 * replies are {@link ChatResponse}s with {@link dev.citerag.chat.FinishReason#BLOCKED} or {@link
 * dev.citerag.chat.FinishReason#LENGTH}; transport and API failures throw a typed {@link
 * ProviderException} (provider {@code gemini}) after the retries of the {@link RetryPolicy}.
 * Immutable and thread-safe.
 *
 * <pre>{@code
 * ChatModel gemini = GeminiChatModel.builder()   // key from GEMINI_API_KEY or GOOGLE_API_KEY
 *     .model("gemini-2.5-flash")
 *     .thinkingBudget(0)
 *     .build();
 * ChatResponse r = gemini.chat(request);
 * }</pre>
 *
 * <p>What it leaves out: streaming, multi-turn history, tools, images and safety settings (the
 * API's defaults apply); the pipeline needs one structured answer per call.
 */
public final class GeminiChatModel implements ChatModel {
  private static final Logger log = LoggerFactory.getLogger(GeminiChatModel.class);

  /** {@value}. */
  public static final String DEFAULT_MODEL = "gemini-2.5-flash";
  /** 10 s. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
  /** 120 s: a non-streaming reply sends nothing until the model has finished thinking. */
  public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(120);
  /** 120 s per attempt (the retry policy and the request's timeout bound the whole call). */
  public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(120);

  private static final String METHOD = "generateContent";

  private final @Nullable String apiKeySetting;
  private final Map<String, String> environment;
  private final @Nullable HttpUrl baseUrlSetting;
  private final String model;
  private final Duration connectTimeout;
  private final Duration readTimeout;
  private final Duration callTimeout;
  private final RetryPolicy retryPolicy;
  private final Retrier.Sleeper sleeper;
  private final @Nullable Double temperature;
  private final @Nullable Integer maxOutputTokens;
  private final @Nullable Integer thinkingBudget;
  private final @Nullable OkHttpClient httpClient;

  private final String apiKey;
  private final HttpUrl baseUrl;
  private final GeminiTransport transport;

  private GeminiChatModel(Builder b) {
    this.apiKeySetting = b.apiKey;
    this.environment = b.environment;
    this.baseUrlSetting = b.baseUrl;
    this.model = b.model;
    this.connectTimeout = b.connectTimeout;
    this.readTimeout = b.readTimeout;
    this.callTimeout = b.callTimeout;
    this.retryPolicy = b.retryPolicy;
    this.sleeper = b.sleeper;
    this.temperature = b.temperature;
    this.maxOutputTokens = b.maxOutputTokens;
    this.thinkingBudget = b.thinkingBudget;
    this.httpClient = b.httpClient;
    this.apiKey = Settings.apiKey(apiKeySetting, environment);
    this.baseUrl = Settings.baseUrl(baseUrlSetting, environment);
    this.transport = new GeminiTransport(apiKey, baseUrl, connectTimeout, readTimeout, callTimeout,
        httpClient, new Retrier(GeminiTransport.PROVIDER, retryPolicy, sleeper, System::nanoTime));
  }

  /** A builder with the defaults; nothing is checked against the environment until {@link Builder#build()}. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this model's settings (the key as it was given: explicit or from the environment). */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.apiKey = apiKeySetting;
    b.environment = environment;
    b.baseUrl = baseUrlSetting;
    b.model = model;
    b.connectTimeout = connectTimeout;
    b.readTimeout = readTimeout;
    b.callTimeout = callTimeout;
    b.retryPolicy = retryPolicy;
    b.sleeper = sleeper;
    b.temperature = temperature;
    b.maxOutputTokens = maxOutputTokens;
    b.thinkingBudget = thinkingBudget;
    b.httpClient = httpClient;
    return b;
  }

  /**
   * One {@code generateContent} call (with retries), bounded by {@link ChatRequest#timeout()} when
   * the request has one.
   *
   * @throws ProviderException when the API fails (after retries) or replies outside its format
   * @throws IllegalArgumentException when {@code request} is null
   */
  @Override
  public ChatResponse chat(ChatRequest request) {
    Checks.notNull(request, "request");
    byte[] body = ChatCodec.encode(request, temperature, maxOutputTokens, thinkingBudget);
    long t0 = System.nanoTime();
    ChatResponse r = transport.post(model, METHOD, body, request.timeout(),
        bytes -> ChatCodec.decode(bytes, model, apiKey));
    if (log.isDebugEnabled()) {
      TokenUsage u = r.usage();
      log.debug("citerag.gemini: {} model={} status=200 finishReason={} latencyMs={} tokens in={} out={}"
              + " thoughts={} cached={} total={}", METHOD, r.model(), r.providerFinishReason(),
          TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0), u.inputTokens(), u.outputTokens(),
          u.reasoningTokens(), u.cachedTokens(), u.totalTokens());
    }
    return r;
  }

  /** {@code gemini:<model>}. */
  @Override
  public String name() {
    return GeminiTransport.PROVIDER + ":" + model;
  }

  /** The configured model id, e.g. {@code gemini-2.5-flash}. */
  public String model() {
    return model;
  }

  /** The resolved base URL, e.g. {@code https://generativelanguage.googleapis.com/v1beta}. */
  public String baseUrl() {
    return baseUrl.toString();
  }

  /** The settings, with the key masked. */
  @Override
  public String toString() {
    return "GeminiChatModel{model=" + model
        + ", baseUrl=" + baseUrl
        + ", apiKey=" + Secrets.mask(apiKey)
        + ", connectTimeout=" + connectTimeout
        + ", readTimeout=" + readTimeout
        + ", callTimeout=" + callTimeout
        + ", retryPolicy=" + retryPolicy
        + ", temperature=" + (temperature == null ? "from request" : temperature)
        + ", maxOutputTokens=" + (maxOutputTokens == null ? "from request" : maxOutputTokens)
        + ", thinkingBudget=" + (thinkingBudget == null ? "model default" : thinkingBudget)
        + ", sharedHttpClient=" + (httpClient != null)
        + "}";
  }

  /**
   * Settings of a {@link GeminiChatModel}. Setters reject bad values at once, naming the field;
   * {@link #build()} checks combinations and resolves the key and base URL. Not thread-safe.
   */
  public static final class Builder {
    private @Nullable String apiKey;
    private Map<String, String> environment = System.getenv();
    private @Nullable HttpUrl baseUrl;
    private String model = DEFAULT_MODEL;
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private Duration readTimeout = DEFAULT_READ_TIMEOUT;
    private Duration callTimeout = DEFAULT_CALL_TIMEOUT;
    private RetryPolicy retryPolicy = RetryPolicy.DEFAULT;
    private Retrier.Sleeper sleeper = Retrier.Sleeper.REAL;
    private @Nullable Double temperature;
    private @Nullable Integer maxOutputTokens;
    private @Nullable Integer thinkingBudget;
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
      this.environment = copyEnvironment(environment);
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
     * The model id as in {@code models/{model}:generateContent}. Default {@value #DEFAULT_MODEL}.
     *
     * @throws IllegalArgumentException when blank, prefixed with {@code models/} or holding other
     *     characters than letters, digits, '.', '_' and '-'
     */
    public Builder model(String model) {
      this.model = Settings.model(model, "model");
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
     * Longest silence while waiting for reply bytes. Default 120 s.
     *
     * @throws IllegalArgumentException when null, zero or negative
     */
    public Builder readTimeout(Duration readTimeout) {
      this.readTimeout = Settings.positive(readTimeout, "readTimeout");
      return this;
    }

    /**
     * Bound on one HTTP attempt, from connecting to reading the last byte. Default 120 s. The
     * retry policy's total timeout and the request's own timeout bound the whole call.
     *
     * @throws IllegalArgumentException when null, zero or negative
     */
    public Builder callTimeout(Duration callTimeout) {
      this.callTimeout = Settings.positive(callTimeout, "callTimeout");
      return this;
    }

    /**
     * How transient failures (429, 408, 5xx, timeouts, dropped connections) are retried. Default
     * {@link RetryPolicy#DEFAULT}; {@link RetryPolicy#NONE} turns retries off. 400, 401, 403 and
     * 404 are never retried.
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
     * Sampling temperature sent instead of the request's. Default null: the request's value is
     * sent (the pipeline sends 0).
     *
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
     * Output token limit sent instead of the request's; on thinking models it includes thinking
     * tokens. Default null: the request's value is sent.
     *
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
     * {@code thinkingConfig.thinkingBudget}: 0 turns thinking off (not on 2.5 Pro), -1 lets the
     * model decide, a positive value caps thinking tokens. Default null: not sent, the model's
     * default applies.
     *
     * @throws IllegalArgumentException when not between -1 and 32768
     */
    public Builder thinkingBudget(@Nullable Integer thinkingBudget) {
      if (thinkingBudget != null) {
        Checks.inRange(thinkingBudget, -1, 32768, "thinkingBudget");
      }
      this.thinkingBudget = thinkingBudget;
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
     * An immutable, thread-safe model.
     *
     * @throws IllegalStateException when no API key is set (naming {@code GEMINI_API_KEY} and
     *     {@code GOOGLE_API_KEY})
     * @throws IllegalArgumentException when settings contradict each other or {@code
     *     GEMINI_BASE_URL} is not a valid base URL
     */
    public GeminiChatModel build() {
      if (connectTimeout.compareTo(callTimeout) > 0) {
        throw new IllegalArgumentException("connectTimeout (" + connectTimeout
            + ") must be <= callTimeout (" + callTimeout + ")");
      }
      if (thinkingBudget != null && maxOutputTokens != null && thinkingBudget >= maxOutputTokens) {
        throw new IllegalArgumentException("thinkingBudget (" + thinkingBudget
            + ") must be < maxOutputTokens (" + maxOutputTokens
            + "): thinking tokens count against the output limit and would leave no room for the answer");
      }
      if (thinkingBudget != null && thinkingBudget >= 0 && thinkingBudget < 128
          && model.startsWith("gemini-2.5-pro")) {
        throw new IllegalArgumentException("thinkingBudget must be -1 or between 128 and 32768 for "
            + model + " (thinking cannot be turned off), was " + thinkingBudget);
      }
      GeminiChatModel m = new GeminiChatModel(this);
      log.debug("citerag.gemini: configured {}", m);
      return m;
    }
  }

  static Map<String, String> copyEnvironment(@Nullable Map<String, String> environment) {
    Checks.notNull(environment, "environment");
    try {
      return Map.copyOf(environment);
    } catch (NullPointerException e) {
      throw new IllegalArgumentException("environment must not contain null keys or values", e);
    }
  }
}
