package dev.citerag.pipeline;

import dev.citerag.IdentityMismatchException;
import dev.citerag.ProviderException;
import dev.citerag.answer.CitationValidator;
import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.TermEquivalence;
import dev.citerag.context.BuiltContext;
import dev.citerag.context.ContextBuilder;
import dev.citerag.context.JsonContextBuilder;
import dev.citerag.embed.Embedder;
import dev.citerag.internal.Checks;
import dev.citerag.pipeline.internal.IdentityGuard;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.SearchIndex;
import java.time.Duration;
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
 *     .generator(AnswerGenerator.of(gemini))   // or new ExtractiveGenerator() (citerag-extractive)
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
  private final Builder settings;

  private RagPipeline(Builder b) {
    this.settings = b.copy();
    this.embedder = Checks.notNull(b.embedder, "embedder");
    this.store = Checks.notNull(b.store, "store");
    if (b.generator == null) {
      throw new IllegalStateException(
          "generator must be set: AnswerGenerator.of(chatModel), or new ExtractiveGenerator() (citerag-extractive) for no model");
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
    this.loop =
        new GenerateValidateLoop(
            this.generator,
            b.validator != null ? b.validator : new DefaultCitationValidator(),
            maxRetries,
            deadline,
            b.questionCoverage,
            b.termEquivalence);
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
    QuestionCheck.check(question, maxQuestionChars);
    Checks.notNull(filter, "filter");
    TraceBuilder tb = new TraceBuilder(question, filter, generator.name(), System.nanoTime());
    // 1. retrieve
    List<SearchHit> hits;
    try {
      hits = retrieveTimed(question, filter, tb.latency);
    } catch (ProviderException e) {
      return tb.rejected(
          RejectReason.PROVIDER_ERROR,
          List.of(),
          "embedding the question failed: " + e.getMessage());
    }
    tb.retrieved = hits;
    // 2. gate 1, before the model
    Optional<RagResult> gated = gate(tb, hits);
    if (gated.isPresent()) {
      return gated.get();
    }
    // 3. build the context
    BuiltContext ctx = buildContext(tb, question, hits);
    if (ctx.sources().isEmpty()) {
      return tb.abstained(AbstainReason.NO_RESULTS, "no retrieved chunk fits the token budget");
    }
    // 4. generate, validate, retry (gate 3)
    return loop.run(tb, question, ctx);
  }

  /**
   * Gate 1, before the model: abstain when nothing was retrieved, when the best absolute cosine is
   * below {@code minSimilarity}, or when no hit matches a question term lexically.
   */
  private Optional<RagResult> gate(TraceBuilder tb, List<SearchHit> hits) {
    if (hits.isEmpty()) {
      return Optional.of(
          tb.abstained(
              AbstainReason.NO_RESULTS,
              "nothing retrieved: no chunk passes the filter, the store is empty, or the question has no searchable terms"));
    }
    OptionalDouble best =
        hits.stream().filter(h -> h.cosine() != null).mapToDouble(SearchHit::cosine).max();
    if (minSimilarity > 0 && (best.isEmpty() || best.getAsDouble() < minSimilarity)) {
      return Optional.of(
          tb.abstained(
              AbstainReason.LOW_SIMILARITY,
              String.format(
                  Locale.ROOT,
                  "best cosine similarity %.3f is below the minimum %.3f",
                  best.orElse(0),
                  minSimilarity)));
    }
    if (requireLexicalMatch && hits.stream().noneMatch(SearchHit::matchedLexically)) {
      return Optional.of(
          tb.abstained(
              AbstainReason.NO_LEXICAL_MATCH,
              "no retrieved chunk contains any term of the question"));
    }
    return Optional.empty();
  }

  private BuiltContext buildContext(TraceBuilder tb, String question, List<SearchHit> hits) {
    long tc = System.nanoTime();
    BuiltContext ctx = contextBuilder.build(question, hits);
    tb.latency.put(Stage.CONTEXT, Duration.ofNanos(System.nanoTime() - tc));
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
    QuestionCheck.check(question, maxQuestionChars);
    Checks.notNull(filter, "filter");
    return retrieveTimed(question, filter, new EnumMap<>(Stage.class));
  }

  private List<SearchHit> retrieveTimed(
      String question, Filter filter, Map<Stage, Duration> latency) {
    identity.beforeSearch();
    long te = System.nanoTime();
    float[] qv = embedder.embedQuery(question);
    latency.put(Stage.EMBED, Duration.ofNanos(System.nanoTime() - te));
    if (isZero(qv)) {
      // a question without searchable terms (LocalHashingEmbedder embeds it to zeros): its cosine
      // with everything is undefined, and pgvector rightly refuses such a query vector
      return List.of();
    }
    long tr = System.nanoTime();
    List<SearchHit> hits = store.hybridSearch(qv, question, topK, filter);
    latency.put(Stage.RETRIEVE, Duration.ofNanos(System.nanoTime() - tr));
    return hits;
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
    private CoveragePolicy questionCoverage = CoveragePolicy.CRITICAL;
    private TermEquivalence termEquivalence = TermEquivalence.STEMS;

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
      b.requireLexicalMatch = requireLexicalMatch;
      b.maxQuestionChars = maxQuestionChars;
      b.deadline = deadline;
      b.questionCoverage = questionCoverage;
      b.termEquivalence = termEquivalence;
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
     * Required: what answers, {@link AnswerGenerator#of(dev.citerag.chat.ChatModel)} for a chat
     * model or a model-free generator such as citerag-extractive's {@code ExtractiveGenerator}.
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
