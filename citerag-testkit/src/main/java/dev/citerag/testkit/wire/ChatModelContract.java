package dev.citerag.testkit.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.answer.IssueType;
import dev.citerag.chat.ChatModel;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.context.BuiltContext;
import dev.citerag.context.JsonContextBuilder;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.MarkdownChunker;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.store.Chunk;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.SearchIndex;
import dev.citerag.testkit.fakes.Reply;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ChatModel} adapter must do, run against the provider's wire fake: a reply with
 * citations is served with verified quotes (and their place in the document), {@code
 * not_in_sources} abstains, a reply that breaks the contract is rejected, 401 and 403 are permanent
 * and never show the key, a 429 waits for its retry hint within the deadline, a 5xx is retried, a
 * deadline that runs out is a {@code TIMEOUT}, a truncated reply is {@code LENGTH}, a refusal is
 * {@code BLOCKED} (where the provider has one), usage reaches the trace, and the request carries
 * temperature 0 and the configured model.
 *
 * <p>An adapter tested on one of the testkit's wire fakes extends {@link
 * WireFakeChatModelContract}, which does the wiring below through {@link ChatWireFake}. Otherwise
 * an adapter's test extends this class, starts its fake in {@link #startServer()} and builds the
 * adapter in {@link #chatModel()} with {@link #API_KEY}, {@link #configuredModel()}, the fake's URL
 * and a retry policy of at least 3 attempts whose total timeout is at least 20 seconds. Where a
 * provider differs, the subclass says so through {@link #refusal()} and {@link
 * #malformedReplyIssue()}, and the contract checks that behaviour instead:
 *
 * <pre>{@code
 * class OpenAiChatModelContractTest extends ChatModelContract {
 *   private FakeOpenAiServer server;
 *   protected void startServer() { server = new FakeOpenAiServer(); }
 *   protected void stopServer() { server.close(); }
 *   protected ChatModel chatModel() {
 *     return OpenAiChatModel.builder().baseUrl(server.apiBaseUrl()).apiKey(API_KEY)
 *         .model(configuredModel()).build();
 *   }
 *   ...
 * }
 * }</pre>
 */
public abstract class ChatModelContract {

  /** The key every adapter under contract is built with; shaped like a real one. */
  protected static final String API_KEY = "sk-contract-Q7x9Kp2WmZ4vT8cN3bLr6Hd0Fj5Ys1Uz";

  /** How a provider reports that it will not answer. */
  protected enum Refusal {
    /**
     * The provider has a refusal or safety stop; the adapter returns it as {@link
     * FinishReason#BLOCKED} with an empty text.
     */
    BLOCKED,
    /**
     * The provider's wire has no refusal (a local model server): its fake cannot serve one and
     * answers a server error, which the adapter reports as a transient {@code UNAVAILABLE} failure
     * once its retries are spent.
     */
    NONE
  }

  static final String QUESTION = "When are production deploys allowed?";
  static final String WINDOW =
      "Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.";
  static final String MARKDOWN =
      "# Deploys\n\n## Windows\n\n" + WINDOW + "\n\nEmergency fixes need the duty manager.\n";

  /** Subclasses are made by JUnit. */
  protected ChatModelContract() {}

  /** Starts the provider's fake server; called before each test. */
  protected abstract void startServer();

  /** Stops the fake server; called after each test. */
  protected abstract void stopServer();

  /**
   * {@return the adapter under test, talking to the fake: built with {@link #API_KEY}, {@link
   * #configuredModel()} and otherwise its defaults (temperature included)}
   */
  protected abstract ChatModel chatModel();

  /** {@return the model name the adapter is built with} */
  protected abstract String configuredModel();

  /**
   * Scripts the fake's next replies.
   *
   * @param replies the replies, used once each in order
   */
  protected abstract void enqueue(Reply... replies);

  /**
   * Delays every response of the fake.
   *
   * @param delay how long each response waits before its headers are sent
   */
  protected abstract void delayResponses(Duration delay);

  /** {@return the chat requests the fake received, in order} */
  protected abstract List<WireCall> chatCalls();

  /**
   * {@return the temperature a chat request carries, where this provider's wire puts it} By default
   * the body's top-level {@code temperature} (OpenAI's and Anthropic's wires); override for a wire
   * that nests it.
   *
   * @param call a chat request
   */
  protected double temperatureSent(WireCall call) {
    return call.json().orElseThrow().path("temperature").doubleValue();
  }

  /**
   * {@return the model a chat request names, where this provider's wire puts it (body or path)} By
   * default the body's top-level {@code model} (OpenAI's, Anthropic's and Ollama's wires); override
   * for a wire that names it elsewhere.
   *
   * @param call a chat request
   */
  protected String modelSent(WireCall call) {
    return call.json().orElseThrow().path("model").asText();
  }

  /** {@return how this provider reports a refusal} */
  protected abstract Refusal refusal();

  /**
   * The issue a reply that is prose instead of the contract's JSON gets; {@link
   * IssueType#INVALID_JSON} unless the adapter reads another reply format than the contract's JSON;
   * then it is the issue that format's reader reports for prose.
   *
   * @return the issue type the pipeline reports
   */
  protected IssueType malformedReplyIssue() {
    return IssueType.INVALID_JSON;
  }

  private @Nullable ChatModel adapter;

  private final Chunk chunk =
      new MarkdownChunker()
          .chunk(Document.markdown("deploys.md", MARKDOWN)).stream()
              .filter(c -> c.text().contains(WINDOW))
              .findFirst()
              .orElseThrow();

  @BeforeEach
  final void startContract() {
    startServer();
    adapter = chatModel();
  }

  private ChatModel model() {
    ChatModel m = adapter;
    if (m == null) {
      throw new IllegalStateException("chatModel() is called before each test");
    }
    return m;
  }

  @AfterEach
  final void stopContract() {
    stopServer();
  }

  private SearchHit hit() {
    return new SearchHit(chunk, 0.8, 1, 1, 2.0, 2.0 / 61);
  }

  private ChatRequest request(@Nullable Duration timeout) {
    BuiltContext ctx = new JsonContextBuilder().build(QUESTION, List.of(hit()));
    return new ChatRequest(
        ctx.systemInstruction(),
        ctx.userContent(),
        dev.citerag.answer.internal.AnswerSchema.responseSchema(),
        0.0,
        1024,
        timeout);
  }

  private RagResult ask() {
    LocalHashingEmbedder embedder = new LocalHashingEmbedder();
    SearchHit h = hit();
    SearchIndex index =
        new SearchIndex() {
          @Override
          public int dimensions() {
            return embedder.identity().dimensions();
          }

          @Override
          public Optional<CollectionIdentity> identity() {
            return Optional.empty();
          }

          @Override
          public List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter) {
            return List.of(h);
          }

          @Override
          public List<SearchHit> lexicalSearch(String queryText, int k, Filter filter) {
            return List.of(h);
          }
        };
    return RagPipeline.builder()
        .embedder(embedder)
        .store(index)
        .chatModel(model())
        .maxRetries(0)
        .build()
        .ask(QUESTION);
  }

  private static boolean showsKey(String message) {
    // the key, or any 12 characters of it
    for (int i = 0; i + 12 <= API_KEY.length(); i++) {
      if (message.contains(API_KEY.substring(i, i + 12))) {
        return true;
      }
    }
    return false;
  }

  @Test
  void a_reply_with_citations_is_served_with_verified_quotes_placed_in_the_document() {
    enqueue(Reply.quoting(WINDOW));
    RagResult r = ask();
    RagResult.Answered a = assertInstanceOf(RagResult.Answered.class, r, r::toString);
    ResolvedCitation c = a.citations().get(0);
    assertEquals(WINDOW, c.quote());
    Integer start = c.documentStart();
    Integer end = c.documentEnd();
    assertNotNull(start, "document offsets of a freshly chunked document");
    assertNotNull(end);
    assertEquals(WINDOW, Document.markdown("deploys.md", MARKDOWN).content().substring(start, end));
    assertTrue(a.trace().usage().inputTokens() > 0, "input tokens in the trace");
    assertTrue(a.trace().usage().outputTokens() > 0, "output tokens in the trace");
  }

  @Test
  void not_in_sources_abstains() {
    enqueue(Reply.notInSources());
    RagResult r = ask();
    assertInstanceOf(RagResult.Abstained.class, r, r::toString);
  }

  @Test
  void a_reply_that_breaks_the_contract_is_rejected_and_never_served() {
    enqueue(Reply.invalidJson());
    RagResult r = ask();
    RagResult.Rejected rej = assertInstanceOf(RagResult.Rejected.class, r, r::toString);
    assertTrue(
        rej.issues().stream().anyMatch(i -> i.type() == malformedReplyIssue()),
        () -> "expected " + malformedReplyIssue() + " in " + rej.issues());
  }

  @Test
  void the_request_carries_temperature_0_and_the_configured_model() {
    enqueue(Reply.quoting(WINDOW));
    model().chat(request(null));
    WireCall call = chatCalls().get(0);
    assertEquals(0.0, temperatureSent(call));
    assertEquals(configuredModel(), modelSent(call));
  }

  @Test
  void usage_is_reported_with_the_reply() {
    enqueue(Reply.quoting(WINDOW));
    ChatResponse r = model().chat(request(null));
    assertEquals(FinishReason.STOP, r.finishReason());
    assertTrue(r.usage().inputTokens() > 0 && r.usage().outputTokens() > 0, r.usage()::toString);
  }

  private void assertPermanentAuthWithoutKey(int status) {
    enqueue(
        Reply.failure(
            new PermanentProviderException(
                Reply.PROVIDER,
                ProviderException.Kind.AUTH,
                status,
                null,
                "Incorrect API key provided: " + API_KEY,
                null)));
    ProviderException e = assertThrows(ProviderException.class, () -> model().chat(request(null)));
    assertEquals(ProviderException.Kind.AUTH, e.kind());
    assertFalse(e.retryable(), "auth failures are permanent");
    assertEquals(1, chatCalls().size(), "a permanent failure is not retried");
    String shown = e.getMessage() + " " + e;
    assertFalse(showsKey(shown), () -> "the key leaked: " + shown);
  }

  @Test
  void status_401_is_permanent_auth_and_never_shows_the_key() {
    assertPermanentAuthWithoutKey(401);
  }

  @Test
  void status_403_is_permanent_auth_and_never_shows_the_key() {
    assertPermanentAuthWithoutKey(403);
  }

  @Test
  void a_429_waits_for_its_retry_hint_and_then_succeeds_within_the_deadline() {
    Duration hint = Duration.ofSeconds(1);
    enqueue(Reply.rateLimited(hint), Reply.quoting(WINDOW));
    long t0 = System.nanoTime();
    ChatResponse r = model().chat(request(Duration.ofSeconds(30)));
    Duration took = Duration.ofNanos(System.nanoTime() - t0);
    assertEquals(FinishReason.STOP, r.finishReason());
    assertEquals(2, chatCalls().size());
    assertTrue(took.compareTo(hint) >= 0, () -> "retried after " + took + ", before the hint");
  }

  @Test
  void a_429_whose_hint_outlasts_the_deadline_fails_without_waiting_for_it() {
    Duration hint = Duration.ofMinutes(2);
    enqueue(Reply.rateLimited(hint), Reply.quoting(WINDOW));
    long t0 = System.nanoTime();
    ProviderException e =
        assertThrows(ProviderException.class, () -> model().chat(request(Duration.ofSeconds(3))));
    Duration took = Duration.ofNanos(System.nanoTime() - t0);
    assertTrue(
        e.kind() == ProviderException.Kind.RATE_LIMITED
            || e.kind() == ProviderException.Kind.TIMEOUT,
        e::toString);
    assertTrue(took.compareTo(hint) < 0, () -> "waited " + took + " for a hint past the deadline");
  }

  @Test
  void a_5xx_is_retried() {
    enqueue(Reply.unavailable(), Reply.quoting(WINDOW));
    ChatResponse r = model().chat(request(Duration.ofSeconds(30)));
    assertEquals(FinishReason.STOP, r.finishReason());
    assertEquals(2, chatCalls().size());
  }

  @Test
  void a_deadline_that_runs_out_is_a_timeout() {
    delayResponses(Duration.ofSeconds(5));
    enqueue(Reply.quoting(WINDOW));
    ProviderException e =
        assertThrows(ProviderException.class, () -> model().chat(request(Duration.ofMillis(500))));
    assertEquals(ProviderException.Kind.TIMEOUT, e.kind(), e::toString);
    assertTrue(e.retryable());
  }

  @Test
  void a_reply_cut_by_the_output_limit_is_length() {
    enqueue(Reply.truncated());
    ChatResponse r = model().chat(request(null));
    assertEquals(FinishReason.LENGTH, r.finishReason());
  }

  @Test
  void a_refusal_is_blocked_where_the_provider_has_one() {
    enqueue(Reply.blocked(), Reply.blocked(), Reply.blocked(), Reply.blocked());
    switch (refusal()) {
      case BLOCKED -> {
        ChatResponse r = model().chat(request(null));
        assertEquals(FinishReason.BLOCKED, r.finishReason());
        assertEquals("", r.text());
      }
      case NONE -> {
        ProviderException e =
            assertThrows(
                ProviderException.class, () -> model().chat(request(Duration.ofSeconds(30))));
        assertEquals(ProviderException.Kind.UNAVAILABLE, e.kind(), e::toString);
      }
    }
  }
}
