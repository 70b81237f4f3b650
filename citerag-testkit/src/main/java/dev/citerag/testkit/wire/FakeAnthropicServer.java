package dev.citerag.testkit.wire;

import dev.citerag.internal.Checks;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.fakes.internal.ReplyScript;
import dev.citerag.testkit.wire.internal.AnthropicProtocol;
import dev.citerag.testkit.wire.internal.FakeHttp;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * A local HTTP server speaking the Anthropic Messages API ({@code POST /v1/messages}, no
 * streaming), for testing an adapter without a key or network. Replies are scripted as answer
 * objects ({@link Reply}) and written in the API's exact shape:
 *
 * <ul>
 *   <li><b>Documents with citations</b> (plain-text {@code document} blocks, {@code citations:
 *       {enabled: true}}): the script sees the documents as sources {@code doc0}, {@code doc1}, ...
 *       in the order sent, and the question after {@code "Question: "} in the text block. A
 *       scripted answer comes back as Claude writes it: one text block per claim carrying a {@code
 *       char_location} citation per quote ({@code cited_text}, {@code document_index}, {@code
 *       document_title}, {@code start_char_index} and {@code end_char_index} in code points, the
 *       end exclusive), whitespace blocks between claims; an abstention as the text {@code
 *       NOT_IN_SOURCES}; a cited id that is no {@code docN} as an index past the last document;
 *       text that is not an answer object as one uncited block. {@link #uncitedPrefix} puts an
 *       uncited block first, {@link #corruptCitationOffsets} shifts every offset by one.
 *   <li><b>Structured outputs</b> ({@code output_config.format}): the reply's JSON as a text block.
 *   <li><b>A forced tool</b> ({@code tool_choice: {type: tool}}): the reply's JSON as the {@code
 *       input} of a {@code tool_use} block, {@code stop_reason} {@code tool_use}.
 * </ul>
 *
 * Stop reasons: a {@code LENGTH} reply is {@code max_tokens}; {@link Reply#blocked()} is {@code
 * refusal} with no content. Usage has {@code input_tokens}, {@code output_tokens}, {@code
 * cache_creation_input_tokens} and {@code cache_read_input_tokens} ({@link #cacheReadTokens}).
 * Errors are {@code {"type": "error", "error": {"type", "message"}, "request_id"}}: {@link
 * Reply#rateLimited} a 429 {@code rate_limit_error} with {@code retry-after} (whole seconds,
 * rounded up), a permanent rate limit a 429 spend limit without it, {@link Reply#unavailable()} a
 * 529 {@code overloaded_error} (a scripted 500 an {@code api_error}), auth failures 401 {@code
 * authentication_error} or 403 {@code permission_error}. Requests are checked as the API checks
 * them: a missing {@code anthropic-version}, an unknown field, an unknown model (404 {@code
 * not_found_error}), no {@code max_tokens}, a temperature above 1, citations enabled on some
 * documents only, citations together with structured outputs are all errors. With {@link
 * #requireApiKey} a missing or wrong {@code x-api-key} is 401.
 *
 * <pre>{@code
 * try (FakeAnthropicServer claude = new FakeAnthropicServer()) {
 *   claude.enqueue(Reply.quoting("deployctl rollback --service <name> --to <sha>"));
 *   AnthropicChatModel model = AnthropicChatModel.builder().baseUrl(claude.baseUrl()).apiKey("k").build();
 *   ...
 * }
 * }</pre>
 *
 * Thread-safe. Close it to stop the server.
 */
public final class FakeAnthropicServer extends FakeServer<FakeAnthropicServer>
    implements ChatWireFake {

  /** The model served by default. */
  public static final String DEFAULT_MODEL = "claude-sonnet-4-5";

  private final Set<String> models = ConcurrentHashMap.newKeySet();
  private volatile @Nullable String requiredApiKey;
  private volatile @Nullable String uncitedPrefix;
  private volatile boolean corruptOffsets;
  private volatile int cacheReadTokens;
  private final AnthropicProtocol protocol;

  /**
   * Starts the server on a free loopback port serving {@value #DEFAULT_MODEL}.
   *
   * @throws java.io.UncheckedIOException when it cannot start
   */
  public FakeAnthropicServer() {
    super("FakeAnthropicServer", AnthropicProtocol::internalError);
    models.add(DEFAULT_MODEL);
    this.protocol =
        new AnthropicProtocol(
            new AnthropicProtocol.Settings() {
              @Override
              public Set<String> models() {
                return models;
              }

              @Override
              public @Nullable String requiredApiKey() {
                return requiredApiKey;
              }

              @Override
              public @Nullable String uncitedPrefix() {
                return uncitedPrefix;
              }

              @Override
              public boolean corruptOffsets() {
                return corruptOffsets;
              }

              @Override
              public int cacheReadTokens() {
                return cacheReadTokens;
              }

              @Override
              public ReplyScript script() {
                return script;
              }
            });
  }

  /**
   * Serves another model id.
   *
   * @param name the model id requests use
   * @return this server
   * @throws IllegalArgumentException when blank
   */
  public FakeAnthropicServer addModel(String name) {
    models.add(Checks.notBlank(name, "name"));
    return this;
  }

  /**
   * Stops serving a model, so requests for it get 404 {@code not_found_error}.
   *
   * @param name a model id
   * @return this server
   */
  public FakeAnthropicServer removeModel(String name) {
    models.remove(name);
    return this;
  }

  /**
   * Accepts only this {@code x-api-key}; another one or none is 401 {@code authentication_error}.
   * Default: any key or none.
   *
   * @param apiKey the only key accepted
   * @return this server
   * @throws IllegalArgumentException when blank
   */
  public FakeAnthropicServer requireApiKey(String apiKey) {
    this.requiredApiKey = Checks.notBlank(apiKey, "apiKey");
    return this;
  }

  /**
   * A text block without citations put before the first claim of every cited answer (e.g. {@code
   * "Based on the documents, "}); null for none, the default.
   *
   * @param text the uncited text, or {@code null}
   * @return this server
   */
  public FakeAnthropicServer uncitedPrefix(@Nullable String text) {
    this.uncitedPrefix = text;
    return this;
  }

  /**
   * Shifts every citation's {@code start_char_index} and {@code end_char_index} by one character
   * (forward, or back at the end of a document), so the offsets no longer hold the {@code
   * cited_text}. Default false.
   *
   * @param corrupt whether offsets are shifted
   * @return this server
   */
  public FakeAnthropicServer corruptCitationOffsets(boolean corrupt) {
    this.corruptOffsets = corrupt;
    return this;
  }

  /**
   * Prompt tokens reported as read from the cache ({@code cache_read_input_tokens}). Default 0.
   *
   * @param tokens cached prompt tokens per reply
   * @return this server
   * @throws IllegalArgumentException when negative
   */
  public FakeAnthropicServer cacheReadTokens(int tokens) {
    this.cacheReadTokens = Checks.nonNegative(tokens, "cacheReadTokens");
    return this;
  }

  /** {@return requests to {@code /v1/messages} only} */
  public List<WireCall> messageCalls() {
    return http.calls().stream().filter(c -> c.path().equals("/v1/messages")).toList();
  }

  /** {@return the chat requests: those to {@code /v1/messages}, as {@link #messageCalls()}} */
  @Override
  public List<WireCall> chatCalls() {
    return messageCalls();
  }

  @Override
  FakeHttp.Reply handle(FakeHttp.Request request) {
    return protocol.handle(request);
  }
}
