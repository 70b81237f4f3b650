package dev.citerag.pipeline;

import dev.citerag.answer.SentSource;
import dev.citerag.answer.VerificationUsage;
import dev.citerag.chat.TokenUsage;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.internal.Checks;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.jspecify.annotations.Nullable;

/**
 * Everything needed to explain one request: what was retrieved with which scores, what was sent,
 * what the model returned on each attempt, tokens and time per stage.
 *
 * @param question the question asked
 * @param filter the filter applied in the store
 * @param retrieved every hit retrieval returned, best first
 * @param sent the sources sent to the model (empty when a gate stopped the request)
 * @param contextTokens estimated prompt tokens (0 when nothing was sent)
 * @param usage total tokens over all attempts, as reported
 * @param attempts each generation attempt (empty when the model was not called)
 * @param latency time per stage
 * @param generator the generator's name
 * @param model the model of the last attempt, when the model was called
 * @param traceId the request's W3C trace id (32 lowercase hex digits): the caller's, from its
 *     {@code traceparent} header, or generated
 * @param embedder the identity of the embedding model that embedded the question
 * @param verificationIdentity the validator's rules version and the prompt version
 * @param topK the chunks retrieval was asked for
 * @param questionCoverage for the last answer validated, which cited sources mention which question
 *     term (empty when no answer got that far)
 * @param searchServer the server that answered the retrieval search (e.g. {@code replica-1
 *     (db2:5432)}), or {@code null} when the index does not say or no search ran
 * @param warnings what the caller should know about the request, e.g. a filter key that no stored
 *     chunk has ({@code no document has the key 'teem'; known keys: team, audience})
 */
public record Trace(
    String question,
    Filter filter,
    List<SearchHit> retrieved,
    List<SentSource> sent,
    int contextTokens,
    TokenUsage usage,
    List<Attempt> attempts,
    Map<Stage, Duration> latency,
    String generator,
    @Nullable String model,
    String traceId,
    EmbedderIdentity embedder,
    VerificationIdentity verificationIdentity,
    int topK,
    List<TermCoverage> questionCoverage,
    @Nullable String searchServer,
    List<String> warnings) {

  /**
   * Stands in for the embedder and verification identities in a trace made by {@link #Trace(String,
   * Filter, List, List, int, TokenUsage, List, Map, String, String) the short constructor}.
   */
  private static final EmbedderIdentity UNRECORDED_EMBEDDER =
      new EmbedderIdentity("unrecorded", "unrecorded", null, 1, null);

  /**
   * Checks the fields and copies the lists and the latency map.
   *
   * @param question the question asked
   * @param filter the filter applied
   * @param retrieved every hit retrieval returned, best first
   * @param sent the sources sent to the model
   * @param contextTokens estimated prompt tokens, &gt;= 0
   * @param usage total tokens over all attempts
   * @param attempts each generation attempt
   * @param latency time per stage
   * @param generator the generator's name
   * @param model the model of the last attempt, or {@code null}
   * @param traceId the request's trace id, 32 lowercase hex digits
   * @param embedder the identity of the embedding model
   * @param verificationIdentity the validator's rules version and the prompt version
   * @param topK the chunks retrieval was asked for, &gt; 0
   * @param questionCoverage which cited sources mention which question term
   * @param searchServer the server that answered the retrieval search, or {@code null}
   * @param warnings what the caller should know about the request
   * @throws IllegalArgumentException when a field other than {@code model} and {@code searchServer}
   *     is or holds null, the trace id is malformed, {@code contextTokens} is negative or {@code
   *     topK} not positive
   */
  public Trace {
    Checks.notNull(question, "question");
    Checks.notNull(filter, "filter");
    retrieved = List.copyOf(Checks.noNullElements(retrieved, "retrieved"));
    sent = List.copyOf(Checks.noNullElements(sent, "sent"));
    Checks.nonNegative(contextTokens, "contextTokens");
    Checks.notNull(usage, "usage");
    attempts = List.copyOf(Checks.noNullElements(attempts, "attempts"));
    EnumMap<Stage, Duration> copy = new EnumMap<>(Stage.class);
    copy.putAll(Checks.notNull(latency, "latency"));
    latency = Collections.unmodifiableMap(copy);
    Checks.notNull(generator, "generator");
    new TraceContext(traceId, null); // checks the trace id's form
    Checks.notNull(embedder, "embedder");
    Checks.notNull(verificationIdentity, "verificationIdentity");
    Checks.positive(topK, "topK");
    questionCoverage = List.copyOf(Checks.noNullElements(questionCoverage, "questionCoverage"));
    warnings = List.copyOf(Checks.noNullElements(warnings, "warnings"));
  }

  /**
   * A trace without warnings that does not name the server that answered the search.
   *
   * @param question the question asked
   * @param filter the filter applied
   * @param retrieved every hit retrieval returned, best first
   * @param sent the sources sent to the model
   * @param contextTokens estimated prompt tokens, &gt;= 0
   * @param usage total tokens over all attempts
   * @param attempts each generation attempt
   * @param latency time per stage
   * @param generator the generator's name
   * @param model the model of the last attempt, or {@code null}
   * @param traceId the request's trace id, 32 lowercase hex digits
   * @param embedder the identity of the embedding model
   * @param verificationIdentity the validator's rules version and the prompt version
   * @param topK the chunks retrieval was asked for, &gt; 0
   * @param questionCoverage which cited sources mention which question term
   * @throws IllegalArgumentException as the canonical constructor
   */
  public Trace(
      String question,
      Filter filter,
      List<SearchHit> retrieved,
      List<SentSource> sent,
      int contextTokens,
      TokenUsage usage,
      List<Attempt> attempts,
      Map<Stage, Duration> latency,
      String generator,
      @Nullable String model,
      String traceId,
      EmbedderIdentity embedder,
      VerificationIdentity verificationIdentity,
      int topK,
      List<TermCoverage> questionCoverage) {
    this(
        question,
        filter,
        retrieved,
        sent,
        contextTokens,
        usage,
        attempts,
        latency,
        generator,
        model,
        traceId,
        embedder,
        verificationIdentity,
        topK,
        questionCoverage,
        null,
        List.of());
  }

  /**
   * A trace without question coverage.
   *
   * @param question the question asked
   * @param filter the filter applied
   * @param retrieved every hit retrieval returned, best first
   * @param sent the sources sent to the model
   * @param contextTokens estimated prompt tokens, &gt;= 0
   * @param usage total tokens over all attempts
   * @param attempts each generation attempt
   * @param latency time per stage
   * @param generator the generator's name
   * @param model the model of the last attempt, or {@code null}
   * @param traceId the request's trace id, 32 lowercase hex digits
   * @param embedder the identity of the embedding model
   * @param verificationIdentity the validator's rules version and the prompt version
   * @param topK the chunks retrieval was asked for, &gt; 0
   * @throws IllegalArgumentException as the canonical constructor
   */
  public Trace(
      String question,
      Filter filter,
      List<SearchHit> retrieved,
      List<SentSource> sent,
      int contextTokens,
      TokenUsage usage,
      List<Attempt> attempts,
      Map<Stage, Duration> latency,
      String generator,
      @Nullable String model,
      String traceId,
      EmbedderIdentity embedder,
      VerificationIdentity verificationIdentity,
      int topK) {
    this(
        question,
        filter,
        retrieved,
        sent,
        contextTokens,
        usage,
        attempts,
        latency,
        generator,
        model,
        traceId,
        embedder,
        verificationIdentity,
        topK,
        List.of());
  }

  /**
   * A trace without the request's identity, for tests and tools that build one by hand: a fresh
   * trace id, the embedder and verification identities {@code unrecorded}, and {@code topK} the
   * number of hits retrieved (at least 1).
   *
   * @param question the question asked
   * @param filter the filter applied
   * @param retrieved every hit retrieval returned, best first
   * @param sent the sources sent to the model
   * @param contextTokens estimated prompt tokens, &gt;= 0
   * @param usage total tokens over all attempts
   * @param attempts each generation attempt
   * @param latency time per stage
   * @param generator the generator's name
   * @param model the model of the last attempt, or {@code null}
   * @throws IllegalArgumentException as the canonical constructor
   */
  public Trace(
      String question,
      Filter filter,
      List<SearchHit> retrieved,
      List<SentSource> sent,
      int contextTokens,
      TokenUsage usage,
      List<Attempt> attempts,
      Map<Stage, Duration> latency,
      String generator,
      @Nullable String model) {
    this(
        question,
        filter,
        retrieved,
        sent,
        contextTokens,
        usage,
        attempts,
        latency,
        generator,
        model,
        TraceContext.generate().traceId(),
        UNRECORDED_EMBEDDER,
        new VerificationIdentity("unrecorded", "unrecorded"),
        Math.max(1, Checks.notNull(retrieved, "retrieved").size()),
        List.of());
  }

  /** {@return whether the model (or generator) was called at all} */
  public boolean modelCalled() {
    return !attempts.isEmpty();
  }

  /** {@return the best cosine among retrieved hits, or empty when none carries one} */
  public OptionalDouble bestCosine() {
    return retrieved.stream().filter(h -> h.cosine() != null).mapToDouble(SearchHit::cosine).max();
  }

  /** {@return model calls, tokens and time spent verifying claims' support, over all attempts} */
  public VerificationUsage verification() {
    VerificationUsage v = VerificationUsage.NONE;
    for (Attempt a : attempts) {
      v = v.plus(a.verification());
    }
    return v;
  }

  /** {@return the ids of the chunks that were sent, in the order sent} */
  public List<String> sentChunkIds() {
    return sent.stream().map(s -> s.chunk().id()).toList();
  }
}
