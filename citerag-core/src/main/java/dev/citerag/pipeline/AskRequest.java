package dev.citerag.pipeline;

import dev.citerag.internal.Checks;
import dev.citerag.store.Filter;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * One question with the options that may differ per request; an option left unset takes the
 * pipeline's setting. Immutable; made with {@link #of(String)} and the {@code with...} methods.
 *
 * <pre>{@code
 * RagResult r = rag.ask(AskRequest.of("How do I roll back?")
 *     .withFilter(Filter.eq("team", "platform"))
 *     .withTopK(4)
 *     .withDeadline(Duration.ofSeconds(10)));
 * }</pre>
 */
public final class AskRequest {
  private final String question;
  private final Filter filter;
  private final int topK;
  private final double minSimilarity;
  private final int tokenBudget;
  private final @Nullable Duration deadline;
  private final @Nullable RetrievalMode retrievalMode;
  private final double minRerankScore;

  private AskRequest(
      String question,
      Filter filter,
      int topK,
      double minSimilarity,
      int tokenBudget,
      @Nullable Duration deadline,
      @Nullable RetrievalMode retrievalMode,
      double minRerankScore) {
    this.question = question;
    this.filter = filter;
    this.topK = topK;
    this.minSimilarity = minSimilarity;
    this.tokenBudget = tokenBudget;
    this.deadline = deadline;
    this.retrievalMode = retrievalMode;
    this.minRerankScore = minRerankScore;
  }

  /**
   * A request for {@code question} over every chunk, with the pipeline's settings.
   *
   * @param question the user's question (checked by the pipeline: not blank, not too long, no
   *     control characters)
   * @return the request
   * @throws IllegalArgumentException when null
   */
  public static AskRequest of(String question) {
    return new AskRequest(
        Checks.notNull(question, "question"), Filter.ALL, 0, -1, 0, null, null, Double.NaN);
  }

  /**
   * Only chunks that pass {@code filter} are retrieved; default {@link Filter#ALL}.
   *
   * @param filter the metadata filter
   * @return a copy with it
   * @throws IllegalArgumentException when null
   */
  public AskRequest withFilter(Filter filter) {
    return new AskRequest(
        question,
        Checks.notNull(filter, "filter"),
        topK,
        minSimilarity,
        tokenBudget,
        deadline,
        retrievalMode,
        minRerankScore);
  }

  /**
   * Chunks retrieved for this request, 1 to 100; default the pipeline's {@code topK}.
   *
   * @param topK hits retrieved
   * @return a copy with it
   * @throws IllegalArgumentException when out of range
   */
  public AskRequest withTopK(int topK) {
    return new AskRequest(
        question,
        filter,
        Checks.inRange(topK, 1, 100, "topK"),
        minSimilarity,
        tokenBudget,
        deadline,
        retrievalMode,
        minRerankScore);
  }

  /**
   * Gate 1's least best cosine for this request, in [0, 1] (0 turns the gate off); default the
   * pipeline's {@code minSimilarity}.
   *
   * @param minSimilarity the threshold
   * @return a copy with it
   * @throws IllegalArgumentException when outside [0, 1]
   */
  public AskRequest withMinSimilarity(double minSimilarity) {
    return new AskRequest(
        question,
        filter,
        topK,
        Checks.inRange(minSimilarity, 0.0, 1.0, "minSimilarity"),
        tokenBudget,
        deadline,
        retrievalMode,
        minRerankScore);
  }

  /**
   * Prompt budget for this request in estimated tokens, 256 to 2,000,000; default the pipeline's.
   * Only the default context builder takes it: a pipeline with its own {@code contextBuilder}
   * rejects a request that sets it.
   *
   * @param tokenBudget system instruction, question and sources together
   * @return a copy with it
   * @throws IllegalArgumentException when out of range
   */
  public AskRequest withTokenBudget(int tokenBudget) {
    return new AskRequest(
        question,
        filter,
        topK,
        minSimilarity,
        Checks.inRange(tokenBudget, 256, 2_000_000, "tokenBudget"),
        deadline,
        retrievalMode,
        minRerankScore);
  }

  /**
   * Bound on this request, retries included; default the pipeline's {@code deadline}.
   *
   * @param deadline the time budget, &gt; 0
   * @return a copy with it
   * @throws IllegalArgumentException when null, zero or negative
   */
  public AskRequest withDeadline(Duration deadline) {
    Checks.notNull(deadline, "deadline");
    if (deadline.isNegative() || deadline.isZero()) {
      throw new IllegalArgumentException("deadline must be > 0, was " + deadline);
    }
    return new AskRequest(
        question,
        filter,
        topK,
        minSimilarity,
        tokenBudget,
        deadline,
        retrievalMode,
        minRerankScore);
  }

  /**
   * Which searches retrieve for this request; default {@link RetrievalMode#HYBRID}. {@link
   * RetrievalMode#DENSE} skips the lexical gate and {@link RetrievalMode#LEXICAL} the cosine gate,
   * since their hits carry no lexical match or no cosine respectively.
   *
   * @param retrievalMode the mode
   * @return a copy with it
   * @throws IllegalArgumentException when null
   */
  public AskRequest withRetrievalMode(RetrievalMode retrievalMode) {
    return new AskRequest(
        question,
        filter,
        topK,
        minSimilarity,
        tokenBudget,
        deadline,
        Checks.notNull(retrievalMode, "retrievalMode"),
        minRerankScore);
  }

  /**
   * The rerank gate's least best rerank score for this request, on the reranker's own scale;
   * default the pipeline's {@code minRerankScore}. Only a pipeline with a reranker takes it: one
   * without rejects a request that sets it.
   *
   * @param minRerankScore the threshold, finite
   * @return a copy with it
   * @throws IllegalArgumentException when NaN or infinite
   */
  public AskRequest withMinRerankScore(double minRerankScore) {
    if (!Double.isFinite(minRerankScore)) {
      throw new IllegalArgumentException("minRerankScore must be finite, was " + minRerankScore);
    }
    return new AskRequest(
        question,
        filter,
        topK,
        minSimilarity,
        tokenBudget,
        deadline,
        retrievalMode,
        minRerankScore);
  }

  /** {@return the question} */
  public String question() {
    return question;
  }

  /** {@return the metadata filter} */
  public Filter filter() {
    return filter;
  }

  /** {@return this request's topK, when set} */
  public OptionalInt topK() {
    return topK == 0 ? OptionalInt.empty() : OptionalInt.of(topK);
  }

  /** {@return this request's gate-1 threshold, when set} */
  public OptionalDouble minSimilarity() {
    return minSimilarity < 0 ? OptionalDouble.empty() : OptionalDouble.of(minSimilarity);
  }

  /** {@return this request's token budget, when set} */
  public OptionalInt tokenBudget() {
    return tokenBudget == 0 ? OptionalInt.empty() : OptionalInt.of(tokenBudget);
  }

  /** {@return this request's deadline, when set} */
  public Optional<Duration> deadline() {
    return Optional.ofNullable(deadline);
  }

  /** {@return this request's retrieval mode, when set} */
  public Optional<RetrievalMode> retrievalMode() {
    return Optional.ofNullable(retrievalMode);
  }

  /** {@return this request's rerank gate threshold, when set} */
  public OptionalDouble minRerankScore() {
    return Double.isNaN(minRerankScore)
        ? OptionalDouble.empty()
        : OptionalDouble.of(minRerankScore);
  }

  @Override
  public String toString() {
    return "AskRequest[question of "
        + question.length()
        + " chars, filter="
        + filter
        + topK().stream().mapToObj(k -> ", topK=" + k).findFirst().orElse("")
        + minSimilarity().stream().mapToObj(m -> ", minSimilarity=" + m).findFirst().orElse("")
        + tokenBudget().stream().mapToObj(t -> ", tokenBudget=" + t).findFirst().orElse("")
        + (deadline == null ? "" : ", deadline=" + deadline)
        + (retrievalMode == null ? "" : ", retrievalMode=" + retrievalMode)
        + minRerankScore().stream().mapToObj(m -> ", minRerankScore=" + m).findFirst().orElse("")
        + "]";
  }
}
