package dev.citerag.ollama.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.ProviderException;
import dev.citerag.provider.internal.Retrier;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import okhttp3.Call;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HTTP to one Ollama server for one model: JSON in, text out, failures typed by {@link
 * OllamaErrors}, transient ones retried by core's {@link Retrier}. Thread-safe.
 *
 * <p>Until a model-loading call (chat or embed) has succeeded once, replies may take {@link
 * TransportConfig#firstCallTimeout()} (the server loads the weights first) and the retry policy's
 * total time is stretched to at least that long; afterwards {@link TransportConfig#readTimeout()}
 * and the policy as given apply. A request's own timeout always bounds the whole call.
 */
public final class OllamaTransport {
  private static final Logger log = LoggerFactory.getLogger(OllamaTransport.class);
  private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");

  /** Shared, configured once, thread-safe after configuration. */
  static final ObjectMapper MAPPER =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private final TransportConfig config;
  private final OllamaErrors errors;
  private final OkHttpClient coldClient;
  private final OkHttpClient warmClient;
  private final Retrier coldRetrier;
  private final Retrier warmRetrier;
  private final AtomicBoolean warm = new AtomicBoolean();

  public OllamaTransport(TransportConfig config) {
    this.config = config;
    this.errors = new OllamaErrors(config.displayUrl(), config.model());
    OkHttpClient base = config.httpClient() != null ? config.httpClient() : new OkHttpClient();
    OkHttpClient.Builder common =
        base.newBuilder()
            .connectTimeout(config.connectTimeout())
            .writeTimeout(config.readTimeout());
    this.warmClient = common.readTimeout(config.readTimeout()).build();
    this.coldClient = warmClient.newBuilder().readTimeout(config.firstCallTimeout()).build();
    this.warmRetrier =
        new Retrier(
            OllamaErrors.PROVIDER, config.retryPolicy(), config.sleeper(), System::nanoTime);
    Duration coldTotal =
        config.retryPolicy().totalTimeout().compareTo(config.firstCallTimeout()) < 0
            ? config.firstCallTimeout()
            : config.retryPolicy().totalTimeout();
    this.coldRetrier =
        new Retrier(
            OllamaErrors.PROVIDER,
            config.retryPolicy().withTotalTimeout(coldTotal),
            config.sleeper(),
            System::nanoTime);
  }

  public TransportConfig config() {
    return config;
  }

  public OllamaErrors errors() {
    return errors;
  }

  /** Whether a model-loading call has succeeded yet. */
  public boolean isWarm() {
    return warm.get();
  }

  /**
   * POSTs {@code body} as JSON to {@code path} (relative, e.g. {@code api/chat}) and parses the
   * successful reply with {@code parse}, retrying transient failures (including those {@code parse}
   * throws).
   *
   * @param loadsModel whether this call makes the server load the model (chat, embed)
   * @param requestTimeout bound on the whole call including retries, if any
   */
  public <T> T post(
      String path,
      Object body,
      boolean loadsModel,
      @Nullable Duration requestTimeout,
      Function<String, T> parse) {
    byte[] json;
    try {
      json = MAPPER.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise the " + path + " request", e);
    }
    Request request =
        new Request.Builder()
            .url(config.baseUrl().resolve(path))
            .post(RequestBody.create(json, JSON))
            .header("Accept", "application/json")
            .build();
    return run("POST", path, request, loadsModel, requestTimeout, parse);
  }

  /** GETs {@code path} and parses the successful reply. */
  public <T> T get(String path, Function<String, T> parse) {
    Request request =
        new Request.Builder()
            .url(config.baseUrl().resolve(path))
            .get()
            .header("Accept", "application/json")
            .build();
    return run("GET", path, request, false, null, parse);
  }

  private <T> T run(
      String method,
      String path,
      Request request,
      boolean loadsModel,
      @Nullable Duration requestTimeout,
      Function<String, T> parse) {
    boolean cold = loadsModel && !warm.get();
    OkHttpClient client = cold ? coldClient : warmClient;
    Retrier retrier = cold ? coldRetrier : warmRetrier;
    Duration perAttempt = cold ? config.firstCallTimeout() : config.readTimeout();
    long started = System.nanoTime();
    T result =
        retrier.call(
            requestTimeout,
            remaining ->
                parse.apply(exchange(client, method, path, request, remaining, perAttempt)));
    if (loadsModel && warm.compareAndSet(false, true)) {
      log.debug(
          "citerag.ollama: {} answered its first {} after {} ms",
          config.model(),
          path,
          TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }
    return result;
  }

  private String exchange(
      OkHttpClient client,
      String method,
      String path,
      Request request,
      Duration remaining,
      Duration perAttempt) {
    Call call = client.newCall(request);
    call.timeout().timeout(Math.max(1L, remaining.toNanos()), TimeUnit.NANOSECONDS);
    Duration bound = remaining.compareTo(perAttempt) < 0 ? remaining : perAttempt;
    String body;
    int status;
    String retryAfter;
    try (Response response = call.execute()) {
      status = response.code();
      retryAfter = response.header("Retry-After");
      body = response.body().string();
    } catch (IOException e) {
      ProviderException mapped = errors.forIo(e, path, bound);
      log.debug("citerag.ollama: {} {} failed: {}", method, path, mapped.getMessage());
      throw mapped;
    }
    if (status < 200 || status >= 300) {
      ProviderException mapped = errors.forStatus(status, method, path, body, retryAfter);
      log.debug(
          "citerag.ollama: {} {} returned HTTP {}: {}", method, path, status, mapped.getMessage());
      throw mapped;
    }
    return body;
  }
}
