package dev.citerag.gemini;

import dev.citerag.ProviderException;
import dev.citerag.chat.ChatModel;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.gemini.internal.ChatCodec;
import dev.citerag.gemini.internal.GeminiTransport;
import dev.citerag.gemini.internal.Settings;
import dev.citerag.http.internal.CallLog;
import dev.citerag.http.internal.Connection;
import dev.citerag.internal.Checks;
import dev.citerag.provider.RetryPolicy;
import java.time.Duration;
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
  public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofMinutes(2);

  /** 120 s per attempt (the retry policy and the request's timeout bound the whole call). */
  public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofMinutes(2);

  private static final String METHOD = "generateContent";

  private final String model;
  private final @Nullable Double temperature;
  private final @Nullable Integer maxOutputTokens;
  private final @Nullable Integer thinkingBudget;
  private final Connection connection;

  private GeminiChatModel(Builder b, Connection connection) {
    this.model = b.model;
    this.temperature = b.temperature;
    this.maxOutputTokens = b.maxOutputTokens;
    this.thinkingBudget = b.thinkingBudget;
    this.connection = connection;
  }

  /**
   * A builder with the defaults; nothing is checked against the environment until {@link
   * Builder#build()}.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder holding this model's settings (the key as it was given: explicit or from the
   * environment).
   *
   * @return a new builder; this model is not affected
   */
  public Builder toBuilder() {
    Builder b = new Builder().connection(connection);
    b.model = model;
    b.temperature = temperature;
    b.maxOutputTokens = maxOutputTokens;
    b.thinkingBudget = thinkingBudget;
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
    ChatResponse r =
        GeminiTransport.post(
            connection,
            model,
            METHOD,
            body,
            request.timeout(),
            bytes -> ChatCodec.decode(bytes, model, apiKey()));
    CallLog.chat(log, GeminiTransport.PROVIDER, METHOD, r, t0);
    return r;
  }

  private String apiKey() {
    String key = connection.apiKey();
    return key == null ? "" : key;
  }

  /** {@code gemini:<model>}. */
  @Override
  public String name() {
    return GeminiTransport.PROVIDER + ":" + model;
  }

  /** {@return the configured model id, e.g. {@code gemini-2.5-flash}} */
  public String model() {
    return model;
  }

  /**
   * {@return the resolved base URL, e.g. {@code https://generativelanguage.googleapis.com/v1beta}}
   */
  public String baseUrl() {
    return connection.baseUrl().toString();
  }

  /** The settings, with the key masked. */
  @Override
  public String toString() {
    return "GeminiChatModel{model="
        + model
        + ", "
        + connection
        + ", temperature="
        + (temperature == null ? "from request" : temperature)
        + ", maxOutputTokens="
        + (maxOutputTokens == null ? "from request" : maxOutputTokens)
        + ", thinkingBudget="
        + (thinkingBudget == null ? "model default" : thinkingBudget)
        + ", sharedHttpClient="
        + connection.sharedHttpClient()
        + "}";
  }

  /**
   * Settings of a {@link GeminiChatModel}. Setters reject bad values at once, naming the field;
   * {@link #build()} checks combinations and resolves the key and base URL. Not thread-safe.
   */
  public static final class Builder extends ClientBuilder<Builder> {
    private String model = DEFAULT_MODEL;
    private @Nullable Double temperature;
    private @Nullable Integer maxOutputTokens;
    private @Nullable Integer thinkingBudget;

    private Builder() {
      super(DEFAULT_CONNECT_TIMEOUT, DEFAULT_READ_TIMEOUT, DEFAULT_CALL_TIMEOUT);
    }

    /**
     * The model id as in {@code models/{model}:generateContent}. Default {@value #DEFAULT_MODEL}.
     *
     * @param model the model id, e.g. {@code gemini-2.5-pro}
     * @return this builder
     * @throws IllegalArgumentException when blank, prefixed with {@code models/} or holding other
     *     characters than letters, digits, '.', '_' and '-'
     */
    public Builder model(String model) {
      this.model = Settings.model(model, "model");
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
     * Output token limit sent instead of the request's; on thinking models it includes thinking
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
     * {@code thinkingConfig.thinkingBudget}: 0 turns thinking off (not on 2.5 Pro), -1 lets the
     * model decide, a positive value caps thinking tokens. Default null: not sent, the model's
     * default applies.
     *
     * @param thinkingBudget the budget in tokens, or {@code null} for the model's default
     * @return this builder
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
     * An immutable, thread-safe model.
     *
     * @return the model
     * @throws IllegalStateException when no API key is set (naming {@code GEMINI_API_KEY} and
     *     {@code GOOGLE_API_KEY})
     * @throws IllegalArgumentException when settings contradict each other or {@code
     *     GEMINI_BASE_URL} is not a valid base URL
     */
    public GeminiChatModel build() {
      GeminiChatModel m = new GeminiChatModel(this, connect());
      log.debug("citerag.gemini: configured {}", m);
      return m;
    }

    @Override
    void checkCombinations() {
      if (thinkingBudget != null && maxOutputTokens != null && thinkingBudget >= maxOutputTokens) {
        throw new IllegalArgumentException(
            "thinkingBudget ("
                + thinkingBudget
                + ") must be < maxOutputTokens ("
                + maxOutputTokens
                + "): thinking tokens count against the output limit and would leave no room for the answer");
      }
      if (thinkingBudget != null
          && thinkingBudget >= 0
          && thinkingBudget < 128
          && model.startsWith("gemini-2.5-pro")) {
        throw new IllegalArgumentException(
            "thinkingBudget must be -1 or between 128 and 32768 for "
                + model
                + " (thinking cannot be turned off), was "
                + thinkingBudget);
      }
    }
  }
}
