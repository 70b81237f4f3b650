package dev.citerag.ollama.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.http.internal.HttpTransport;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.provider.internal.Retrier;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import okhttp3.Headers;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HTTP to one Ollama server for one model over the adapters' shared {@link HttpTransport}: JSON in,
 * text out, replies typed by {@link OllamaErrors}, transient failures retried by core's {@link
 * Retrier}. Thread-safe.
 *
 * <p>Until a model-loading call (chat or embed) has succeeded once, replies may take {@link
 * TransportConfig#firstCallTimeout()} (the server loads the weights first) and the retry policy's
 * total time is stretched to at least that long; afterwards {@link TransportConfig#readTimeout()}
 * and the policy as given apply. A request's own timeout always bounds the whole call.
 */
public final class OllamaTransport {
  private static final Logger log = LoggerFactory.getLogger(OllamaTransport.class);

  /** Shared, configured once, thread-safe after configuration. */
  static final ObjectMapper MAPPER =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private final TransportConfig config;
  private final OllamaErrors errors;
  private final HttpTransport cold;
  private final HttpTransport warm;
  private final AtomicBoolean warmedUp = new AtomicBoolean();

  public OllamaTransport(TransportConfig config) {
    this.config = config;
    this.errors = new OllamaErrors(config.displayUrl(), config.model());
    HttpTransport.Profile profile =
        new HttpTransport.Profile(
            OllamaErrors.PROVIDER,
            Headers.of(),
            null,
            (endpoint, cause) ->
                "Ollama is not reachable at "
                    + config.displayUrl()
                    + " ("
                    + cause
                    + "); start it with `ollama serve`"
                    + " or point baseUrl / OLLAMA_HOST at the right address",
            "; loading a model can take minutes on first use:"
                + " raise firstCallTimeout / readTimeout or the request's timeout");
    RetryPolicy policy = config.retryPolicy();
    Duration coldTotal = max(policy.totalTimeout(), config.firstCallTimeout());
    // no per-attempt bound of its own: an attempt may use what is left of the whole call, and the
    // read timeout bounds the silence
    this.warm =
        new HttpTransport(
            profile, config.settings(), config.readTimeout(), policy.totalTimeout(), policy);
    this.cold =
        new HttpTransport(
            profile,
            config.settings(),
            config.firstCallTimeout(),
            coldTotal,
            policy.withTotalTimeout(coldTotal));
  }

  public TransportConfig config() {
    return config;
  }

  public OllamaErrors errors() {
    return errors;
  }

  /** Whether a model-loading call has succeeded yet. */
  public boolean isWarm() {
    return warmedUp.get();
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
    boolean firstLoad = loadsModel && !warmedUp.get();
    long started = System.nanoTime();
    T result =
        (firstLoad ? cold : warm)
            .post(
                config.baseUrl().resolve(path),
                json,
                requestTimeout,
                statusMapper("POST", path),
                bytes -> parse.apply(new String(bytes, StandardCharsets.UTF_8)));
    if (loadsModel && warmedUp.compareAndSet(false, true)) {
      log.debug(
          "citerag.ollama: {} answered its first {} after {} ms",
          config.model(),
          path,
          TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }
    return result;
  }

  /** GETs {@code path} and parses the successful reply. */
  public <T> T get(String path, Function<String, T> parse) {
    return warm.get(
        config.baseUrl().resolve(path),
        null,
        statusMapper("GET", path),
        bytes -> parse.apply(new String(bytes, StandardCharsets.UTF_8)));
  }

  private HttpTransport.ErrorMapper statusMapper(String method, String path) {
    return (status, bytes, headers) ->
        errors.forStatus(
            status,
            method,
            path,
            new String(bytes, StandardCharsets.UTF_8),
            headers.get("Retry-After"));
  }

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }
}
