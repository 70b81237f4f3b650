package dev.citerag.pipeline;

import dev.citerag.IdentityMismatchException;
import dev.citerag.ProviderException;
import dev.citerag.answer.CitationValidator;
import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.TermEquivalence;
import dev.citerag.chat.ChatModel;
import dev.citerag.context.BuiltContext;
import dev.citerag.context.ContextBuilder;
import dev.citerag.context.JsonContextBuilder;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.internal.Checks;
import dev.citerag.pipeline.internal.IdentityGuard;
import dev.citerag.rerank.Reranker;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.SearchIndex;
import dev.citerag.store.ServedHits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Question in, verified answer (or honest abstention, or rejection) out. Immutable and thread-safe
 * once built: one instance serves concurrent requests.
 *
 * <pre>{@code
 * RagPipeline rag = RagPipeline.builder()
 *     .embedder(new LocalHashingEmbedder())
 *     .store(store)
 *     .chatModel(gemini)            // or .generator(new ExtractiveGenerator()) (citerag-extractive) for no model
 *     .minSimilarity(0.30)          // gate 1, chosen from a threshold sweep
 *     .build();
 * RagResult r = rag.ask("How do I roll back a deploy?", Filter.eq("team", "platform"));
 * }</pre>
 *
 * <p>The request path: embed the question; hybrid retrieval (dense + lexical, fused by rank) under
 * the filter; gate 1 (abstain without calling the model when the best absolute cosine is below
 * {@code minSimilarity}, or when no hit matches a question term lexically and {@code
 * requireLexicalMatch} is on); build the context; generate; parse strictly; validate every citation
 * against the sources sent in that call; on a critical failure retry at most {@code maxRetries}
 * times naming the problems, then reject. Provider failures and an expired deadline end as {@link
 * RagResult.Rejected} too: {@code ask} throws only for misuse (bad arguments) and when the vector
 * store fails ({@link dev.citerag.StoreException}: database unreachable, pool exhausted), since
 * then nothing was retrieved to answer from. The deadline bounds the model calls; embedding the
 * question and searching the store are bounded by the embedder's and the store's own timeouts.
 */
public final class RagPipeline {
  private static final Logger log = LoggerFactory.getLogger(RagPipeline.class);

  private final Embedder embedder;
  private final SearchIndex store;
  private final IdentityGuard identity;
  private final AnswerGenerator generator;
  private final ContextBuilder contextBuilder;
  private final GenerateValidateLoop loop;
  private final int topK;
  private final int maxRetries;
  private final double minSimilarity;
  private final boolean requireLexicalMatch;
  private final int maxQuestionChars;
  private final Duration deadline;
  private final @Nullable Reranker reranker;
  private final int rerankCandidates;
  private final double minRerankScore;
  private final Builder settings;
  private final Listeners listeners;
  private final EmbedderIdentity embedderIdentity;
  private final VerificationIdentity verificationIdentity;

  private RagPipeline(Builder b) {
    this.settings = b.copy();
    this.embedder = Checks.notNull(b.embedder, "embedder");
    this.store = Checks.notNull(b.store, "store");
    if (b.generator == null) {
      throw new IllegalStateException(
          "generator must be set: chatModel(model), or generator(new ExtractiveGenerator()) (citerag-extractive) for no model");
    }
    this.identity = new IdentityGuard(store, embedder.identity());
    // a generator that compares texts itself (the extractive one) may take this embedder
    this.generator = b.generator.withPipelineEmbedder(embedder);
    this.contextBuilder =
        b.contextBuilder != null ? b.contextBuilder : new JsonContextBuilder(b.tokenBudget);
    this.topK = b.topK;
    this.maxRetries = b.maxRetries;
    this.minSimilarity = b.minSimilarity;
    this.requireLexicalMatch = b.requireLexicalMatch;
    this.maxQuestionChars = b.maxQuestionChars;
    this.deadline = b.deadline;
    if (b.reranker == null && b.minRerankScore > Double.NEGATIVE_INFINITY) {
      throw new IllegalStateException("minRerankScore needs a reranker");
    }
    this.reranker = b.reranker;
    this.rerankCandidates = b.rerankCandidates;
    this.minRerankScore = b.minRerankScore;
    CitationValidator validator =
        b.validator != null ? b.validator : new DefaultCitationValidator();
    this.loop =
        new GenerateValidateLoop(
                this.generator,
                validator,
                maxRetries,
                deadline,
                b.questionCoverage,
                b.termEquivalence)
            .repromptRedundantCitations(b.repromptRedundantCitations);
    this.listeners = b.listeners.isEmpty() ? Listeners.NONE : new Listeners(b.listeners);
    this.embedderIdentity = embedder.identity();
    this.verificationIdentity =
        new VerificationIdentity(validator.rulesVersion(), this.generator.promptVersion());
    if (log.isDebugEnabled()) {
      log.debug(
          "citerag.pipeline: built with embedder={}, store={}, generator={}, topK={}, maxRetries={},"
              + " minSimilarity={}, requireLexicalMatch={}, deadline={}",
          embedder.identity().model(),
          store.getClass().getSimpleName(),
          generator.name(),
          topK,
          maxRetries,
          minSimilarity,
          requireLexicalMatch,
          deadline);
    }
  }

  /** {@return a new builder; embedder, store and generator are required} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * {@return a new builder holding this pipeline's settings, to derive a variant; this pipeline is
   * not affected}
   */
  public Builder toBuilder() {
    return settings.copy();
  }

  /**
   * Answers {@code question} from every chunk: {@code ask(question, Filter.ALL)}.
   *
   * @param question the user's question
   * @return the answer with verified citations, an abstention or a rejection; model and embedder
   *     failures are reported as a {@link RagResult.Rejected} result, not thrown
   * @throws IllegalArgumentException when the question is null, blank, too long or holds control
   *     characters or unpaired surrogates
   * @throws dev.citerag.StoreException when the vector store fails
   */
  public RagResult ask(String question) {
    return ask(question, Filter.ALL);
  }

  /**
   * Answers {@code question} from the chunks that pass {@code filter}. Blocks for at most about the
   * configured {@link Builder#deadline}; safe to call from many threads at once.
   *
   * @param question the user's question, at most {@code maxQuestionChars} characters
   * @param filter only chunks that pass it are retrieved; a chunk outside it never reaches the
   *     model
   * @return the answer with verified citations, an abstention or a rejection; model and embedder
   *     failures are reported as a {@link RagResult.Rejected} result, not thrown
   * @throws IllegalArgumentException when the question is null, blank, longer than {@code
   *     maxQuestionChars}, or contains control characters or unpaired surrogates; or the filter is
   *     null
   * @throws dev.citerag.StoreException when the vector store fails (connection lost, pool
   *     exhausted); the model is not called
   * @throws IdentityMismatchException when the store, which recorded no embedding identity when the
   *     pipeline was built, now records one that differs from the embedder's
   */
  public RagResult ask(String question, Filter filter) {
    return ask(AskRequest.of(question).withFilter(filter), TraceContext.generate());
  }

  /**
   * As {@link #ask(String, Filter)}, under the caller's trace: the result's {@link Trace#traceId()}
   * and every {@link RagEvent} carry {@code trace}'s id, e.g. the one of an incoming W3C {@code
   * traceparent} header ({@link TraceContext#fromTraceparent}).
   *
   * @param question the user's question, at most {@code maxQuestionChars} characters
   * @param filter only chunks that pass it are retrieved
   * @param trace the request's trace context
   * @return the answer with verified citations, an abstention or a rejection
   * @throws IllegalArgumentException as {@link #ask(String, Filter)}, or when {@code trace} is null
   * @throws dev.citerag.StoreException when the vector store fails
   * @throws IdentityMismatchException as {@link #ask(String, Filter)}
   */
  public RagResult ask(String question, Filter filter, TraceContext trace) {
    return ask(AskRequest.of(question).withFilter(filter), trace);
  }

  /**
   * Answers one request: its question under its filter, with its own {@code topK}, gate threshold,
   * token budget and deadline where it sets them and this pipeline's settings elsewhere.
   *
   * @param request the question and its options
   * @return the answer with verified citations, an abstention or a rejection, as {@link
   *     #ask(String, Filter)}
   * @throws IllegalArgumentException as {@link #ask(String, Filter)}; also when the request sets a
   *     token budget and this pipeline has its own context builder
   * @throws dev.citerag.StoreException when the vector store fails; the model is not called
   * @throws IdentityMismatchException as {@link #ask(String, Filter)}
   */
  public RagResult ask(AskRequest request) {
    return ask(request, TraceContext.generate());
  }

  /**
   * As {@link #ask(AskRequest)}, under the caller's trace (see {@link #ask(String, Filter,
   * TraceContext)}).
   *
   * @param request the question and its options
   * @param trace the request's trace context
   * @return the answer with verified citations, an abstention or a rejection
   * @throws IllegalArgumentException as {@link #ask(AskRequest)}, or when {@code trace} is null
   * @throws dev.citerag.StoreException when the vector store fails
   * @throws IdentityMismatchException as {@link #ask(String, Filter)}
   */
  public RagResult ask(AskRequest request, TraceContext trace) {
    Checks.notNull(request, "request");
    QuestionCheck.check(request.question(), maxQuestionChars);
    Checks.notNull(trace, "trace");
    ContextBuilder context = contextFor(request);
    if (reranker == null && request.minRerankScore().isPresent()) {
      throw new IllegalArgumentException(
          "minRerankScore cannot be set per request on a pipeline without a reranker");
    }
    TraceBuilder tb =
        new TraceBuilder(
            request.question(),
            request.filter(),
            generator.name(),
            System.nanoTime(),
            new TraceBuilder.RequestIdentity(
                trace.traceId(),
                embedderIdentity,
                verificationIdentity,
                request.topK().orElse(topK)),
            listeners);
    if (!listeners.active()) {
      return run(tb, request, context);
    }
    try {
      return run(tb, request, context);
    } catch (RuntimeException e) {
      tb.failed(e);
      throw e;
    }
  }

  private RagResult run(TraceBuilder tb, AskRequest request, ContextBuilder context) {
    String question = request.question();
    Filter filter = request.filter();
    tb.warnings.addAll(filterWarnings(filter));
    // 1. retrieve (and rerank)
    List<SearchHit> hits;
    try {
      hits =
          retrieveTimed(
              question,
              filter,
              request.topK().orElse(topK),
              request.retrievalMode().orElse(RetrievalMode.HYBRID),
              tb.latency,
              tb);
    } catch (ProviderException e) {
      return tb.rejected(
          RejectReason.PROVIDER_ERROR,
          List.of(),
          (reranker != null && tb.latency.containsKey(Stage.RETRIEVE)
                  ? "reranking the candidates failed: "
                  : "embedding the question failed: ")
              + e.getMessage());
    }
    tb.retrieved = hits;
    tb.retrievedEvent(hits);
    // 2. gate 1, before the model
    tb.gateStarted();
    Optional<RagResult> gated =
        gate(
            tb,
            hits,
            request.retrievalMode().orElse(RetrievalMode.HYBRID),
            request.minSimilarity().orElse(minSimilarity),
            request.minRerankScore().orElse(minRerankScore));
    if (gated.isPresent()) {
      return gated.get();
    }
    tb.gateDecided(null);
    // 3. build the context
    BuiltContext ctx = buildContext(tb, context, question, hits);
    if (ctx.sources().isEmpty()) {
      return tb.abstained(AbstainReason.NO_RESULTS, "no retrieved chunk fits the token budget");
    }
    // 4. generate, validate, retry (gate 3)
    return loop.run(tb, question, ctx, request.deadline().orElse(deadline));
  }

  private ContextBuilder contextFor(AskRequest request) {
    if (request.tokenBudget().isEmpty()) {
      return contextBuilder;
    }
    if (settings.contextBuilder != null) {
      throw new IllegalArgumentException(
          "tokenBudget cannot be set per request on a pipeline with its own contextBuilder");
    }
    return new JsonContextBuilder(request.tokenBudget().getAsInt());
  }

  /**
   * Gate 1, before the model: abstain when nothing was retrieved, when the best absolute cosine is
   * below {@code minSimilarity}, or when no hit matches a question term lexically. A lexical-only
   * retrieval has no cosine to gate on, a dense-only one no lexical match.
   */
  private Optional<RagResult> gate(
      TraceBuilder tb,
      List<SearchHit> hits,
      RetrievalMode mode,
      double minSimilarity,
      double minRerankScore) {
    if (hits.isEmpty()) {
      return Optional.of(
          tb.abstained(
              AbstainReason.NO_RESULTS,
              "nothing retrieved: no chunk passes the filter, the store is empty, or the question has no searchable terms"));
    }
    OptionalDouble best =
        hits.stream().filter(h -> h.cosine() != null).mapToDouble(SearchHit::cosine).max();
    if (mode != RetrievalMode.LEXICAL
        && minSimilarity > 0
        && (best.isEmpty() || best.getAsDouble() < minSimilarity)) {
      return Optional.of(
          tb.abstained(
              AbstainReason.LOW_SIMILARITY,
              String.format(
                  Locale.ROOT,
                  "best cosine similarity %.3f is below the minimum %.3f",
                  best.orElse(0),
                  minSimilarity)));
    }
    if (reranker != null && minRerankScore > Double.NEGATIVE_INFINITY) {
      OptionalDouble bestRerank =
          hits.stream()
              .filter(h -> h.rerankScore() != null)
              .mapToDouble(SearchHit::rerankScore)
              .max();
      if (bestRerank.isEmpty() || bestRerank.getAsDouble() < minRerankScore) {
        return Optional.of(
            tb.abstained(
                AbstainReason.LOW_RERANK_SCORE,
                String.format(
                    Locale.ROOT,
                    "best rerank score %.3f is below the minimum %.3f",
                    bestRerank.orElse(Double.NaN),
                    minRerankScore)));
      }
    }
    if (mode != RetrievalMode.DENSE
        && requireLexicalMatch
        && hits.stream().noneMatch(SearchHit::matchedLexically)) {
      return Optional.of(
          tb.abstained(
              AbstainReason.NO_LEXICAL_MATCH,
              "no retrieved chunk contains any term of the question"));
    }
    return Optional.empty();
  }

  private BuiltContext buildContext(
      TraceBuilder tb, ContextBuilder context, String question, List<SearchHit> hits) {
    tb.stageStarted(Stage.CONTEXT, 0);
    long tc = System.nanoTime();
    BuiltContext ctx = context.build(question, hits);
    tb.latency.put(Stage.CONTEXT, Duration.ofNanos(System.nanoTime() - tc));
    tb.stageFinished(Stage.CONTEXT, 0, tb.latency.get(Stage.CONTEXT), false);
    tb.sent = ctx.sources();
    tb.contextTokens = ctx.estimatedTokens();
    return ctx;
  }

  /**
   * Retrieval only: the hybrid hits for the question under the filter, best first, with every
   * score. For debugging and for search UIs; no gate, no model.
   *
   * @param question the user's question
   * @param filter only chunks that pass it are retrieved
   * @return up to {@code topK} hits, best first
   * @throws IllegalArgumentException as {@link #ask(String, Filter)}
   * @throws IdentityMismatchException as {@link #ask(String, Filter)}
   * @throws dev.citerag.ProviderException when embedding the question fails
   * @throws dev.citerag.StoreException when the vector store fails
   */
  public List<SearchHit> retrieve(String question, Filter filter) {
    return retrieve(AskRequest.of(question).withFilter(filter));
  }

  /**
   * Retrieval only, for one request: its question under its filter, its {@code topK} or the
   * pipeline's, by its retrieval mode; reranked when the pipeline has a reranker. No gate, no
   * model.
   *
   * @param request the question and its options (only the filter, topK and retrieval mode apply
   *     here)
   * @return up to topK hits, best first
   * @throws IllegalArgumentException as {@link #ask(String, Filter)}
   * @throws IdentityMismatchException as {@link #ask(String, Filter)}
   * @throws dev.citerag.ProviderException when embedding the question or reranking fails
   * @throws dev.citerag.StoreException when the vector store fails
   */
  public List<SearchHit> retrieve(AskRequest request) {
    Checks.notNull(request, "request");
    QuestionCheck.check(request.question(), maxQuestionChars);
    return retrieveTimed(
        request.question(),
        request.filter(),
        request.topK().orElse(topK),
        request.retrievalMode().orElse(RetrievalMode.HYBRID),
        new EnumMap<>(Stage.class),
        null);
  }

  /** Most known keys a filter warning lists. */
  private static final int WARNING_KEYS = 8;

  /**
   * Warnings about a filter: one per key that no stored chunk has, naming the known keys closest in
   * spelling first ({@code no document has the key 'teem'; known keys: team, audience}). Empty when
   * the filter names no key or the store cannot list its keys ({@link SearchIndex#metadataKeys}).
   * {@link #ask} puts them in {@link Trace#warnings()}.
   *
   * @param filter the filter
   * @return the warnings, possibly empty
   * @throws IllegalArgumentException when the filter is null
   * @throws dev.citerag.StoreException when the store fails listing its keys
   */
  public List<String> filterWarnings(Filter filter) {
    java.util.Set<String> named = Filter.keysOf(Checks.notNull(filter, "filter"));
    if (named.isEmpty()) {
      return List.of();
    }
    java.util.Optional<java.util.Set<String>> known = store.metadataKeys();
    if (known.isEmpty()) {
      return List.of();
    }
    List<String> out = new java.util.ArrayList<>();
    for (String key : named) {
      if (!known.get().contains(key)) {
        List<String> near = new java.util.ArrayList<>(known.get());
        near.sort(
            java.util.Comparator.comparingInt((String k) -> editDistance(key, k))
                .thenComparing(java.util.Comparator.naturalOrder()));
        String list =
            near.isEmpty()
                ? "none"
                : String.join(", ", near.subList(0, Math.min(WARNING_KEYS, near.size())))
                    + (near.size() > WARNING_KEYS ? ", …" : "");
        out.add("no document has the key '" + key + "'; known keys: " + list);
      }
    }
    return List.copyOf(out);
  }

  private static int editDistance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  private List<SearchHit> retrieveTimed(
      String question,
      Filter filter,
      int k,
      RetrievalMode mode,
      Map<Stage, Duration> latency,
      @Nullable TraceBuilder tb) {
    identity.beforeSearch();
    Reranker r = reranker;
    int candidates = r == null ? k : Math.max(k, rerankCandidates);
    List<SearchHit> hits;
    if (mode == RetrievalMode.LEXICAL) {
      // full text alone: the question's embedding is not needed
      if (tb != null) {
        tb.stageStarted(Stage.RETRIEVE, 0);
      }
      long tr = System.nanoTime();
      hits = store.lexicalSearch(question, candidates, filter);
      latency.put(Stage.RETRIEVE, Duration.ofNanos(System.nanoTime() - tr));
      if (tb != null) {
        tb.stageFinished(Stage.RETRIEVE, 0, latency.get(Stage.RETRIEVE), false);
      }
      return rerank(r, question, hits, k, latency, tb);
    }
    if (tb != null) {
      tb.stageStarted(Stage.EMBED, 0);
    }
    long te = System.nanoTime();
    float[] qv;
    try {
      qv = embedder.embedQuery(question);
    } catch (ProviderException e) {
      if (tb != null) {
        tb.stageFinished(Stage.EMBED, 0, Duration.ofNanos(System.nanoTime() - te), true);
      }
      throw e;
    }
    latency.put(Stage.EMBED, Duration.ofNanos(System.nanoTime() - te));
    if (tb != null) {
      tb.stageFinished(Stage.EMBED, 0, latency.get(Stage.EMBED), false);
    }
    if (isZero(qv)) {
      // a question without searchable terms (LocalHashingEmbedder embeds it to zeros): its cosine
      // with everything is undefined, and pgvector rightly refuses such a query vector
      return List.of();
    }
    if (tb != null) {
      tb.stageStarted(Stage.RETRIEVE, 0);
    }
    long tr = System.nanoTime();
    ServedHits served =
        mode == RetrievalMode.DENSE
            ? store.denseSearchServed(qv, candidates, filter)
            : store.hybridSearchServed(qv, question, candidates, filter);
    hits = served.hits();
    if (tb != null) {
      tb.searchServer = served.server();
    }
    latency.put(Stage.RETRIEVE, Duration.ofNanos(System.nanoTime() - tr));
    if (tb != null) {
      tb.stageFinished(Stage.RETRIEVE, 0, latency.get(Stage.RETRIEVE), false);
    }
    return rerank(r, question, hits, k, latency, tb);
  }

  /** Reorders the candidates by the reranker, when there is one, and keeps the top {@code k}. */
  private static List<SearchHit> rerank(
      @Nullable Reranker r,
      String question,
      List<SearchHit> hits,
      int k,
      Map<Stage, Duration> latency,
      @Nullable TraceBuilder tb) {
    if (r == null || hits.isEmpty()) {
      return hits;
    }
    if (tb != null) {
      tb.stageStarted(Stage.RERANK, 0);
    }
    long tk = System.nanoTime();
    List<SearchHit> reranked;
    try {
      reranked = Reranking.rerank(r, question, hits, k);
    } catch (RuntimeException e) {
      if (tb != null) {
        tb.stageFinished(Stage.RERANK, 0, Duration.ofNanos(System.nanoTime() - tk), true);
      }
      throw e;
    }
    latency.put(Stage.RERANK, Duration.ofNanos(System.nanoTime() - tk));
    if (tb != null) {
      tb.stageFinished(Stage.RERANK, 0, latency.get(Stage.RERANK), false);
    }
    return reranked;
  }

  private static boolean isZero(float[] v) {
    for (float x : v) {
      if (x != 0f) {
        return false;
      }
    }
    return true;
  }

  /**
   * Builds a {@link RagPipeline}. Setters reject bad values at once, naming the field; {@link
   * #build()} checks combinations.
   */
  public static final class Builder {
    private @Nullable Embedder embedder;
    private @Nullable SearchIndex store;
    private @Nullable AnswerGenerator generator;
    private @Nullable ContextBuilder contextBuilder;
    private @Nullable CitationValidator validator;
    private int topK = 8;
    private int tokenBudget = JsonContextBuilder.DEFAULT_TOKEN_BUDGET;
    private int maxRetries = 1;
    private double minSimilarity = 0.0;
    private boolean requireLexicalMatch = true;
    private int maxQuestionChars = 4000;
    private Duration deadline = Duration.ofSeconds(60);
    private @Nullable Reranker reranker;
    private int rerankCandidates = 30;
    private double minRerankScore = Double.NEGATIVE_INFINITY;
    private final List<RagListener> listeners = new ArrayList<>();
    private CoveragePolicy questionCoverage = CoveragePolicy.CRITICAL;
    private TermEquivalence termEquivalence = TermEquivalence.STEMS;
    private boolean repromptRedundantCitations;

    private Builder() {}

    Builder copy() {
      Builder b = new Builder();
      b.embedder = embedder;
      b.store = store;
      b.generator = generator;
      b.contextBuilder = contextBuilder;
      b.validator = validator;
      b.topK = topK;
      b.tokenBudget = tokenBudget;
      b.maxRetries = maxRetries;
      b.minSimilarity = minSimilarity;
      b.reranker = reranker;
      b.rerankCandidates = rerankCandidates;
      b.minRerankScore = minRerankScore;
      b.requireLexicalMatch = requireLexicalMatch;
      b.maxQuestionChars = maxQuestionChars;
      b.deadline = deadline;
      b.listeners.addAll(listeners);
      b.questionCoverage = questionCoverage;
      b.termEquivalence = termEquivalence;
      b.repromptRedundantCitations = repromptRedundantCitations;
      return b;
    }

    /**
     * Sets the embedder of questions (required); it must make vectors of the store's dimensions and
     * the identity the store recorded.
     *
     * @param embedder the embedder the collection was written with
     * @return this builder
     * @throws IllegalArgumentException when {@code embedder} is null
     */
    public Builder embedder(Embedder embedder) {
      this.embedder = Checks.notNull(embedder, "embedder");
      return this;
    }

    /**
     * Required: where chunks are searched, any {@link SearchIndex} (a {@link
     * dev.citerag.store.VectorStore} is one). The pipeline only reads it. Its dimensions must equal
     * the embedder's, and an embedding identity it records must match the embedder's; one it
     * records later (an empty collection ingested after the pipeline was built) is checked before
     * the next search.
     *
     * @param store the collection
     * @return this builder
     * @throws IllegalArgumentException when {@code store} is null
     */
    public Builder store(SearchIndex store) {
      this.store = Checks.notNull(store, "store");
      return this;
    }

    /**
     * The common way to answer with a model: the same as {@code
     * generator(AnswerGenerator.of(model))}. One of {@code chatModel} and {@link #generator} is
     * required; the last one set wins.
     *
     * @param model the chat model that answers (Gemini, Ollama, OpenAI-compatible, or your own)
     * @return this builder
     * @throws IllegalArgumentException when {@code model} is null
     */
    public Builder chatModel(ChatModel model) {
      this.generator = AnswerGenerator.of(Checks.notNull(model, "chatModel"));
      return this;
    }

    /**
     * What answers, for a custom generator: {@link AnswerGenerator#of(dev.citerag.chat.ChatModel,
     * int)} with another output budget, a model-free generator such as citerag-extractive's {@code
     * ExtractiveGenerator}, or your own. For a plain chat model use {@link #chatModel}. One of the
     * two is required.
     *
     * @param generator produces the replies that are then parsed and validated
     * @return this builder
     * @throws IllegalArgumentException when {@code generator} is null
     */
    public Builder generator(AnswerGenerator generator) {
      this.generator = Checks.notNull(generator, "generator");
      return this;
    }

    /**
     * Sets what is sent to the model. Default: {@link JsonContextBuilder} with {@link
     * #tokenBudget}.
     *
     * @param contextBuilder chooses and renders the sources
     * @return this builder
     * @throws IllegalArgumentException when {@code contextBuilder} is null
     */
    public Builder contextBuilder(ContextBuilder contextBuilder) {
      this.contextBuilder = Checks.notNull(contextBuilder, "contextBuilder");
      return this;
    }

    /**
     * Sets gate 3. Default: {@link DefaultCitationValidator} (quotes of 4+ words).
     *
     * @param validator checks every reply's citations
     * @return this builder
     * @throws IllegalArgumentException when {@code validator} is null
     */
    public Builder validator(CitationValidator validator) {
      this.validator = Checks.notNull(validator, "validator");
      return this;
    }

    /**
     * Chunks retrieved per question, 1 to 100; default 8.
     *
     * @param topK hits retrieved (the context builder may send fewer)
     * @return this builder
     * @throws IllegalArgumentException when out of range
     */
    public Builder topK(int topK) {
      this.topK = Checks.inRange(topK, 1, 100, "topK");
      return this;
    }

    /**
     * Prompt budget for the default context builder, in estimated tokens (about 4 characters each),
     * 256 to 2,000,000; default 3000. Ignored with a {@link #contextBuilder} set.
     *
     * @param tokenBudget system instruction, question and sources together
     * @return this builder
     * @throws IllegalArgumentException when out of range
     */
    public Builder tokenBudget(int tokenBudget) {
      this.tokenBudget = Checks.inRange(tokenBudget, 256, 2_000_000, "tokenBudget");
      return this;
    }

    /**
     * Whether a valid answer with a claim citing more quotes than it needs ({@link
     * dev.citerag.answer.IssueType#REDUNDANT_CITATIONS}) is re-prompted once, the feedback naming
     * each redundant citation by claim, position, source id and quote; default false (served with
     * the warning). The reply to the re-prompt is served when it is a valid answer; otherwise the
     * first answer is served, with its warning. The re-prompt is one call more, outside {@link
     * #maxRetries}, within the deadline.
     *
     * @param reprompt true to re-prompt once on redundant citations
     * @return this builder
     */
    public Builder repromptRedundantCitations(boolean reprompt) {
      this.repromptRedundantCitations = reprompt;
      return this;
    }

    /**
     * Extra attempts after a critical validation failure, 0 to 5; default 1. A retry sends the
     * issues back to the model.
     *
     * @param maxRetries retries per question
     * @return this builder
     * @throws IllegalArgumentException when out of range
     */
    public Builder maxRetries(int maxRetries) {
      this.maxRetries = Checks.inRange(maxRetries, 0, 5, "maxRetries");
      return this;
    }

    /**
     * Gate 1: abstain without calling the model when the best absolute cosine of the retrieved
     * chunks is below this, in [0, 1]; 0 turns the gate off. Default 0, because cosine scales
     * differ per embedding model: choose it from the evaluation runner's threshold sweep.
     *
     * @param minSimilarity the least best cosine that lets the model be called
     * @return this builder
     * @throws IllegalArgumentException when outside [0, 1]
     */
    public Builder minSimilarity(double minSimilarity) {
      this.minSimilarity = Checks.inRange(minSimilarity, 0.0, 1.0, "minSimilarity");
      return this;
    }

    /**
     * Reorders the fused candidates with a cross-encoder before the context is built: the best
     * {@link #rerankCandidates} fused hits are scored and the top {@code topK} by that score are
     * kept, each carrying its {@link SearchHit#rerankScore()}. Default none (the fused order).
     *
     * @param reranker the reranking model
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder reranker(Reranker reranker) {
      this.reranker = Checks.notNull(reranker, "reranker");
      return this;
    }

    /**
     * Fused candidates the {@link #reranker} scores per question, 1 to 200 (at least {@code topK}
     * are always scored); default 30.
     *
     * @param rerankCandidates candidates per question
     * @return this builder
     * @throws IllegalArgumentException when out of range
     */
    public Builder rerankCandidates(int rerankCandidates) {
      this.rerankCandidates = Checks.inRange(rerankCandidates, 1, 200, "rerankCandidates");
      return this;
    }

    /**
     * Gate 1 with a reranker: abstain without calling the model when the best rerank score is below
     * this (finite; on the reranker's own scale). Default off.
     *
     * @param minRerankScore the least best rerank score that lets the model be called
     * @return this builder
     * @throws IllegalArgumentException when not finite
     */
    public Builder minRerankScore(double minRerankScore) {
      if (!Double.isFinite(minRerankScore)) {
        throw new IllegalArgumentException("minRerankScore must be finite, was " + minRerankScore);
      }
      this.minRerankScore = minRerankScore;
      return this;
    }

    /**
     * Gate 1: abstain when no retrieved chunk matches a question term lexically; default true.
     *
     * @param requireLexicalMatch whether the lexical gate is on
     * @return this builder
     */
    public Builder requireLexicalMatch(boolean requireLexicalMatch) {
      this.requireLexicalMatch = requireLexicalMatch;
      return this;
    }

    /**
     * Longest accepted question, 1 to 100,000 characters (UTF-16 units); default 4000.
     *
     * @param maxQuestionChars the limit; a longer question is rejected with an exception
     * @return this builder
     * @throws IllegalArgumentException when out of range
     */
    public Builder maxQuestionChars(int maxQuestionChars) {
      this.maxQuestionChars = Checks.inRange(maxQuestionChars, 1, 100_000, "maxQuestionChars");
      return this;
    }

    /**
     * Bound on one {@code ask}, retries included; default 60 s. Passed to the model as the time
     * left, so adapters stop retrying in time.
     *
     * @param deadline the time budget of one request, &gt; 0
     * @return this builder
     * @throws IllegalArgumentException when null, zero or negative
     */
    public Builder deadline(Duration deadline) {
      Checks.notNull(deadline, "deadline");
      if (deadline.isNegative() || deadline.isZero()) {
        throw new IllegalArgumentException("deadline must be > 0, was " + deadline);
      }
      this.deadline = deadline;
      return this;
    }

    /**
     * Adds a listener that hears every request's events (retrieval, gate, attempts, outcome); none
     * by default. Listeners are called in the order added, on the requesting thread; one that
     * throws is logged and never changes a result.
     *
     * @param listener the listener to add
     * @return this builder
     * @throws IllegalArgumentException when {@code listener} is null
     */
    public Builder listener(RagListener listener) {
      listeners.add(Checks.notNull(listener, "listener"));
      return this;
    }

    /**
     * Question coverage, gate 3's last check: the question's names and numbers must be mentioned by
     * the cited sources (text, heading path or document title), and a qualifier of the question
     * ("the <b>payments</b> service") must not be contradicted by a cited source that qualifies the
     * same word otherwise ("the checkout service"). Default {@link CoveragePolicy#CRITICAL}: an
     * answer that fails is retried once with the term named, then rejected with {@link
     * RejectReason#QUESTION_NOT_COVERED}. The trace records the coverage whatever the policy.
     *
     * @param policy critical, warning or off
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder questionCoverage(CoveragePolicy policy) {
      this.questionCoverage = Checks.notNull(policy, "questionCoverage");
      return this;
    }

    /**
     * Which words count as a question's term in the sources beyond Porter2 stemming (synonyms,
     * derivations from a lexicon); default {@link TermEquivalence#STEMS}, stemming only.
     *
     * @param equivalence the equivalence question coverage uses
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder termEquivalence(TermEquivalence equivalence) {
      this.termEquivalence = Checks.notNull(equivalence, "termEquivalence");
      return this;
    }

    /**
     * Builds an immutable, thread-safe pipeline from this builder's settings.
     *
     * @return the pipeline
     * @throws IllegalArgumentException when embedder or store is missing
     * @throws IllegalStateException when the generator is not set, or the embedder's and store's
     *     dimensions differ
     * @throws IdentityMismatchException when the store records an embedding identity (provider,
     *     model, digest, dimensions, query instruction) that differs from the embedder's; the
     *     message names every difference
     */
    public RagPipeline build() {
      return new RagPipeline(this);
    }
  }

  @Override
  public String toString() {
    return "RagPipeline[generator="
        + generator.name()
        + ", topK="
        + topK
        + ", maxRetries="
        + maxRetries
        + ", minSimilarity="
        + minSimilarity
        + ", requireLexicalMatch="
        + requireLexicalMatch
        + ", questionCoverage="
        + settings.questionCoverage.wire()
        + "]";
  }

  /** {@return the generator in use} */
  public AnswerGenerator generator() {
    return generator;
  }
}
