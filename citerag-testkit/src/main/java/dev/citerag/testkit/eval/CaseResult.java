package dev.citerag.testkit.eval;

import dev.citerag.internal.Checks;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What happened to one golden case.
 *
 * @param id the case id
 * @param kind the case kind
 * @param answerable whether the case is answerable
 * @param status {@code "answered"}, {@code "not_in_sources"} or {@code "rejected"}
 * @param reason the abstain or reject reason ({@code low_similarity}, {@code invalid_citations},
 *     ...), null when answered
 * @param correct answerable: answered, {@code must_contain} present and a cited chunk from one of
 *     {@code doc_ids}; unanswerable: abstained
 * @param firstRelevantRank 1-based rank of the first retrieved chunk from one of {@code doc_ids}
 *     that contains the evidence; null when none (or unanswerable)
 * @param firstDocRank 1-based rank of the first retrieved chunk from one of {@code doc_ids}; null
 *     when none
 * @param bestCosine the best absolute cosine among retrieved chunks (gate 1's input), null when
 *     nothing was retrieved
 * @param answer the served answer, null unless answered
 * @param citedDocIds documents of the cited chunks, in order, without repeats
 * @param groundingScore the validator's grounding score when answered, else null
 * @param issues issue types found over all attempts, in order (e.g. {@code phantom_source})
 * @param attempts generation attempts (model calls)
 * @param contextTokens estimated prompt tokens sent (0 when the model was not called)
 * @param totalTokens tokens the provider reported over all attempts
 * @param latencyMillis the request's total time
 * @param detail the pipeline's detail sentence for an abstention or rejection
 */
public record CaseResult(
    String id,
    String kind,
    boolean answerable,
    String status,
    @Nullable String reason,
    boolean correct,
    @Nullable Integer firstRelevantRank,
    @Nullable Integer firstDocRank,
    @Nullable Double bestCosine,
    @Nullable String answer,
    List<String> citedDocIds,
    @Nullable Double groundingScore,
    List<String> issues,
    int attempts,
    int contextTokens,
    int totalTokens,
    double latencyMillis,
    @Nullable String detail) {

  /**
   * Checks the ids and copies the lists.
   *
   * @param id the case id
   * @param kind the case kind
   * @param answerable whether the case is answerable
   * @param status {@code "answered"}, {@code "not_in_sources"} or {@code "rejected"}
   * @param reason the abstain or reject reason ({@code low_similarity}, {@code invalid_citations},
   *     ...), null when answered
   * @param correct answerable: answered, {@code must_contain} present and a cited chunk from one of
   *     {@code doc_ids}; unanswerable: abstained
   * @param firstRelevantRank 1-based rank of the first retrieved chunk from one of {@code doc_ids}
   *     that contains the evidence; null when none (or unanswerable)
   * @param firstDocRank 1-based rank of the first retrieved chunk from one of {@code doc_ids}; null
   *     when none
   * @param bestCosine the best absolute cosine among retrieved chunks (gate 1's input), null when
   *     nothing was retrieved
   * @param answer the served answer, null unless answered
   * @param citedDocIds documents of the cited chunks, in order, without repeats
   * @param groundingScore the validator's grounding score when answered, else null
   * @param issues issue types found over all attempts, in order (e.g. {@code phantom_source})
   * @param attempts generation attempts (model calls)
   * @param contextTokens estimated prompt tokens sent (0 when the model was not called)
   * @param totalTokens tokens the provider reported over all attempts
   * @param latencyMillis the request's total time
   * @param detail the pipeline's detail sentence for an abstention or rejection
   * @throws IllegalArgumentException when id, kind or status is blank
   */
  public CaseResult {
    Checks.notBlank(id, "id");
    Checks.notBlank(kind, "kind");
    Checks.notBlank(status, "status");
    citedDocIds = List.copyOf(citedDocIds);
    issues = List.copyOf(issues);
  }

  /**
   * Whether a relevant chunk was among the top {@code k} retrieved.
   *
   * @param k the cut-off
   * @return whether a relevant chunk was among the top {@code k}
   */
  public boolean retrievedAt(int k) {
    return firstRelevantRank != null && firstRelevantRank <= k;
  }
}
